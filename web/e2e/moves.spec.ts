// Moving by clicks: a plain move, a drop, captures and a series of jumps, a
// promotion with the chooser; and a refused move with its explanation.
import {
  board,
  boardPieces,
  cell,
  expect,
  expectMoves,
  moveTexts,
  openGame,
  setPosition,
  test,
  turn,
  typeMove,
} from './fixtures';

test('chess: e2 then e4 plays the move', async ({ page }) => {
  await openGame(page, 'chess.lud', { mode: 'hvh' });
  await expect(turn(page)).toHaveText('White to move');
  await expect(board(page)).toHaveClass(/\binteractive\b/);
  await cell(page, 'e2').click();
  // The pawn is selected and its two squares are offered.
  await expect(cell(page, 'e2')).toHaveClass(/\bsel\b/);
  await expect(cell(page, 'e3')).toHaveClass(/\btarget\b/);
  await expect(cell(page, 'e4')).toHaveClass(/\btarget\b/);
  await expect(cell(page, 'd4')).not.toHaveClass(/\btarget\b/);
  await cell(page, 'e4').click();
  await expectMoves(page, 1);
  expect(await moveTexts(page)).toEqual(['e4']);
  await expect(turn(page)).toHaveText('Black to move');
  const pieces = await boardPieces(page);
  expect(pieces.e4).toMatch(/^0:White Pawn/);
  expect(pieces.e2).toBeUndefined();
  await expect(page.getByTestId('fen')).toHaveValue(/^rnbqkbnr\/pppppppp\/8\/8\/4P3\/8\/PPPP1PPP\/RNBQKBNR b /);
});

test('chess: e2 to e5 is refused, with the reason, and the board stays', async ({ page }) => {
  await openGame(page, 'chess.lud', { mode: 'hvh' });
  const before = await boardPieces(page);
  await cell(page, 'e2').click();
  await cell(page, 'e5').click();
  const why = page.getByTestId('why');
  await expect(why).toBeVisible();
  await expect(why).toContainText('Why not e2 → e5?');
  await expect(why).toContainText('a Pawn cannot move from e2 to e5');
  expect(await boardPieces(page)).toEqual(before);
  await expectMoves(page, 0);
  await expect(turn(page)).toHaveText('White to move');
  // No square stays selected.
  await expect(board(page).locator('.sel, .target')).toHaveCount(0);
});

test('connect four: one click drops a disc', async ({ page }) => {
  await openGame(page, 'connect-four.lud', { mode: 'hvh' });
  const first = (await turn(page).textContent()) ?? '';
  await cell(page, 'd1').click();
  await expectMoves(page, 1);
  expect(await moveTexts(page)).toEqual(['@d1']);
  await expect(turn(page)).not.toHaveText(first);
  expect((await boardPieces(page)).d1).toMatch(/^0:/);
  // The disc lands on top of it next time.
  await cell(page, 'd2').click();
  await expectMoves(page, 2);
  expect((await boardPieces(page)).d2).toMatch(/^1:/);
});

test('draughts: a capture by clicks after typed moves', async ({ page }) => {
  await openGame(page, 'draughts.lud', { mode: 'hvh' });
  await typeMove(page, 'c3d4');
  await typeMove(page, 'f6e5');
  await expect(turn(page)).toHaveText('Black to move');
  // The capture is compulsory: the man on d4 must take.
  await cell(page, 'd4').click();
  await expect(cell(page, 'f6')).toHaveClass(/\btarget\b/);
  await cell(page, 'f6').click();
  await expectMoves(page, 3);
  const pieces = await boardPieces(page);
  expect(pieces.e5).toBeUndefined();
  expect(pieces.d4).toBeUndefined();
  expect(pieces.f6).toMatch(/^0:/);
  await expect(turn(page)).toHaveText('White to move');
});

test('draughts: a series of two jumps, clicked landing by landing', async ({ page }) => {
  await openGame(page, 'draughts.lud', { mode: 'hvh' });
  await setPosition(page, '7m/8/5m2/8/3m4/2M5/8/8 b - - 0 1');
  await expect(turn(page)).toHaveText('Black to move');
  await cell(page, 'c3').click();
  await expect(cell(page, 'e5')).toHaveClass(/\btarget\b/);
  await cell(page, 'e5').click();
  // Half way: the next landing is offered, nothing played yet.
  await expect(cell(page, 'g7')).toHaveClass(/\btarget\b/);
  await expectMoves(page, 0);
  await cell(page, 'g7').click();
  await expectMoves(page, 1);
  const pieces = await boardPieces(page);
  expect(pieces.d4).toBeUndefined();
  expect(pieces.f6).toBeUndefined();
  expect(pieces.c3).toBeUndefined();
  expect(pieces.g7).toMatch(/^0:/);
  expect(pieces.h8).toMatch(/^1:/);
});

test('chess: a promotion with the chooser', async ({ page }) => {
  await openGame(page, 'chess.lud', { mode: 'hvh' });
  await setPosition(page, '7k/P7/8/8/8/8/8/K7 w - - 0 1');
  await cell(page, 'a7').click();
  await cell(page, 'a8').click();
  const chooser = page.getByTestId('chooser');
  await expect(chooser).toBeVisible();
  const choices = chooser.locator('button:not(.cancel)');
  await expect(choices).toHaveCount(4);
  const labels = (await choices.allTextContents()).join(' ');
  for (const p of ['Q', 'R', 'B', 'N']) expect(labels).toContain(`=${p}`);
  await choices.filter({ hasText: '=Q' }).click();
  await expect(chooser).toBeHidden();
  await expectMoves(page, 1);
  expect((await moveTexts(page))[0]).toMatch(/^a8=Q\+?$/);
  expect((await boardPieces(page)).a8).toMatch(/^0:White Queen/);
  await expect(turn(page)).toHaveText(/Black to move/);
});

test('amazons: a turn in parts is numbered once, its arrow in coordinates', async ({ page }) => {
  await openGame(page, 'amazons.lud', { mode: 'hvh' });
  for (const m of ['d1d5', 'd5b7', 'd10c9', 'c9c1', 'g1g3']) await typeMove(page, m);
  expect(await moveTexts(page)).toEqual(['Qd5', 'd5b7', 'Qdc9', 'c9c1', 'Qg3']);
  // As the record writes it: 1. d1d5 d5b7 1... d10c9 c9c1 2. g1g3
  const rows = page.getByTestId('movelist').locator('.mrow');
  await expect(rows.locator('.num')).toHaveText(['1.', '1...', '2.']);
  await expect(rows.nth(0).locator('button.mv')).toHaveCount(2);
  await expect(rows.nth(1).locator('button.mv')).toHaveCount(2);
  await expect(rows.nth(2).locator('button.mv')).toHaveCount(1);
});

test('chess: a row is a move of two turns, from the position given', async ({ page }) => {
  await openGame(page, 'chess.lud', { mode: 'hvh' });
  await setPosition(page, '4k3/8/8/8/8/8/4P3/4K3 b - - 0 4');
  for (const m of ['e8d7', 'e2e4', 'd7c6']) await typeMove(page, m);
  const rows = page.getByTestId('movelist').locator('.mrow');
  await expect(rows.locator('.num')).toHaveText(['4...', '5.']);
  await expect(rows.nth(1).locator('button.mv')).toHaveCount(2);
});
