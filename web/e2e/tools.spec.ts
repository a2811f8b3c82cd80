// Undo and redo, flip, records out and back in, the rule graph, perft and
// self-play.
import {
  board,
  boardPieces,
  cell,
  expect,
  expectMoves,
  moveButtons,
  moveTexts,
  openGame,
  test,
  turn,
  typeMove,
} from './fixtures';

test('undo and redo walk the moves', async ({ page }) => {
  await openGame(page, 'chess.lud', { mode: 'hvh' });
  await expect(page.getByTestId('undo')).toBeDisabled();
  await expect(page.getByTestId('redo')).toBeDisabled();
  await cell(page, 'e2').click();
  await cell(page, 'e4').click();
  await expectMoves(page, 1);
  await cell(page, 'e7').click();
  await cell(page, 'e5').click();
  await expectMoves(page, 2);
  expect(await moveTexts(page)).toEqual(['e4', 'e5']);
  const after = await boardPieces(page);

  await page.getByTestId('undo').click();
  await expect(turn(page)).toHaveText('Black to move');
  // The move taken back stays in the list, greyed, to redo.
  await expect(moveButtons(page).nth(1)).toHaveClass(/\bfuture\b/);
  await expect(moveButtons(page).nth(0)).toHaveClass(/\bcurrent\b/);
  expect((await boardPieces(page)).e5).toBeUndefined();
  expect((await boardPieces(page)).e7).toMatch(/^1:Black Pawn/);
  await expect(page.getByTestId('redo')).toBeEnabled();

  await page.getByTestId('undo').click();
  await expect(turn(page)).toHaveText('White to move');
  await expect(page.getByTestId('undo')).toBeDisabled();
  expect((await boardPieces(page)).e2).toMatch(/^0:White Pawn/);

  await page.getByTestId('redo').click();
  await page.getByTestId('redo').click();
  await expect(turn(page)).toHaveText('White to move');
  await expect(moveButtons(page).nth(1)).toHaveClass(/\bcurrent\b/);
  await expect(page.getByTestId('redo')).toBeDisabled();
  expect(await boardPieces(page)).toEqual(after);

  // A click in the move list goes there too; a new move there drops the rest.
  await moveButtons(page).nth(0).click();
  await expect(turn(page)).toHaveText('Black to move');
  await cell(page, 'd7').click();
  await cell(page, 'd5').click();
  await expect(moveButtons(page)).toHaveCount(2);
  expect(await moveTexts(page)).toEqual(['e4', 'd5']);
  await expect(page.getByTestId('redo')).toBeDisabled();
});

test('flip turns the board', async ({ page }) => {
  await openGame(page, 'chess.lud', { mode: 'hvh' });
  const a1 = await cell(page, 'a1').boundingBox();
  const h8 = await cell(page, 'h8').boundingBox();
  expect(a1 && h8).toBeTruthy();
  // White's side at the bottom: a1 below and left of h8.
  expect(a1!.y).toBeGreaterThan(h8!.y);
  expect(a1!.x).toBeLessThan(h8!.x);
  await page.getByTestId('flip').click();
  await expect(async () => {
    const a = await cell(page, 'a1').boundingBox();
    const h = await cell(page, 'h8').boundingBox();
    expect(a!.y).toBeLessThan(h!.y);
    expect(a!.x).toBeGreaterThan(h!.x);
  }).toPass({ timeout: 10_000 });
  // Flipped, the board still plays.
  await cell(page, 'e2').click();
  await cell(page, 'e4').click();
  await expectMoves(page, 1);
  await page.getByTestId('flip').click();
  await expect(async () => {
    const a = await cell(page, 'a1').boundingBox();
    expect(a!.y).toBeGreaterThan((await cell(page, 'h8').boundingBox())!.y);
  }).toPass({ timeout: 10_000 });
});

test('a record copied, and loaded back', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openGame(page, 'chess.lud', { mode: 'hvh' });
  for (const m of ['e4', 'e5', 'Nf3', 'Nc6', 'Bb5']) await typeMove(page, m);
  expect(await moveTexts(page)).toEqual(['e4', 'e5', 'Nf3', 'Nc6', 'Bb5']);
  const fen = await page.getByTestId('fen').inputValue();
  const pieces = await boardPieces(page);

  await page.getByTestId('tab-tools').click();
  await page.getByTestId('record-lud').click();
  const record = page.getByTestId('record');
  await expect(record).not.toHaveValue('');
  const lud = await record.inputValue();
  await expect(page.getByTestId('toasts')).toContainText('record copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(lud);

  await page.getByTestId('record-pgn').click();
  await expect(record).toHaveValue(/1\. e4 e5 2\. Nf3 Nc6 3\. Bb5/);

  // A new game, then the lud record back.
  await page.getByTestId('new-game').click();
  await expectMoves(page, 0);
  await expect(turn(page)).toHaveText('White to move');
  await record.fill(lud);
  await page.getByTestId('record-load').click();
  await expect(page.getByTestId('toasts')).toContainText('record loaded: 5 moves');
  await expectMoves(page, 5);
  expect(await moveTexts(page)).toEqual(['e4', 'e5', 'Nf3', 'Nc6', 'Bb5']);
  await expect(page.getByTestId('fen')).toHaveValue(fen);
  expect(await boardPieces(page)).toEqual(pieces);
  await expect(turn(page)).toHaveText('Black to move');
});

test('the rule graph is drawn (Graphviz)', async ({ page }) => {
  await openGame(page, 'chess.lud');
  await page.getByTestId('tab-graph').click();
  const graph = page.getByTestId('graph');
  const svg = graph.locator('svg');
  await expect(svg).toBeVisible({ timeout: 30_000 });
  expect(await svg.locator('g.node').count()).toBeGreaterThan(3);
  expect(await svg.locator('g.edge').count()).toBeGreaterThan(2);
  await expect(graph).not.toContainText('could not draw');
  await expect(page.getByTestId('listing')).not.toBeEmpty();
});

test('perft counts 20 and 400 in chess', async ({ page }) => {
  await openGame(page, 'chess.lud');
  await page.getByTestId('tab-tools').click();
  await page.getByTestId('perft').click();
  const rows = page.getByTestId('perft-table').locator('tbody tr');
  await expect(rows.nth(1)).toBeVisible({ timeout: 20_000 });
  await expect(rows.nth(0).locator('td').nth(0)).toHaveText('1');
  await expect(rows.nth(0).locator('td').nth(1)).toHaveText('20');
  await expect(rows.nth(1).locator('td').nth(0)).toHaveText('2');
  await expect(rows.nth(1).locator('td').nth(1)).toHaveText('400');
  // It stops by itself (3 s).
  await expect(page.getByTestId('perft')).toHaveText('Count moves (3 s)', { timeout: 20_000 });
  const n = await rows.count();
  if (n >= 3) await expect(rows.nth(2).locator('td').nth(1)).toHaveText('8,902');
});

test('self-play summarises 200 random games', async ({ page }) => {
  await openGame(page, 'connect-four.lud');
  await page.getByTestId('tab-tools').click();
  await page.getByTestId('selfplay').click();
  const out = page.getByTestId('selfplay-out');
  await expect(out).not.toBeEmpty({ timeout: 40_000 });
  await expect(out).toContainText('200');
  await expect(page.getByTestId('selfplay')).toHaveText('Play 200 games');
  await expect(board(page).locator('svg [data-sq]').first()).toBeAttached();
});
