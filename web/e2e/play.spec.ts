// Whole games against the computer, to a result shown in the banner and at
// the end of the move list.
import { type Page } from '@playwright/test';
import { board, boardPieces, cell, expect, moveButtons, openGame, test, turn } from './fixtures';

const outcome = (page: Page) => page.getByTestId('outcome');

/** Waits until the human may click, or the game is over; true if over. */
async function humanOrOver(page: Page): Promise<boolean> {
  await expect(async () => {
    const over = await outcome(page).isVisible();
    const mine = await board(page).evaluate((b) => b.classList.contains('interactive'));
    expect(over || mine).toBe(true);
  }).toPass({ timeout: 30_000, intervals: [50, 100, 200] });
  return outcome(page).isVisible();
}

test('connect four: human against the computer (level 1) to a result', async ({ page }) => {
  await openGame(page, 'connect-four.lud');
  await expect(page.getByTestId('mode')).toHaveValue('hvc');
  const level = page.getByTestId('level');
  await level.fill('1');
  await expect(page.locator('#level-out')).toHaveText('1');
  await expect(page.getByTestId('side')).toHaveText(/^You: /);
  const cols = 'abcdefg';
  let plies = 0;
  for (let turnNo = 0; turnNo < 30; turnNo++) {
    if (await humanOrOver(page)) break;
    // The human drops into the lowest free square of the leftmost column with room.
    const pieces = await boardPieces(page);
    const before = await moveButtons(page).count();
    let target: string | null = null;
    for (const c of cols) {
      for (let r = 1; r <= 6 && target === null; r++) if (!pieces[`${c}${r}`]) target = `${c}${r}`;
      if (target) break;
    }
    expect(target, 'a free square').not.toBeNull();
    await cell(page, target as string).click();
    await expect(moveButtons(page)).not.toHaveCount(before);
    plies = await moveButtons(page).count();
  }
  await expect(outcome(page)).toBeVisible();
  const banner = ((await outcome(page).textContent()) ?? '').trim();
  // A result and the kind of ending: "... wins ... four in a row", a draw on a full board.
  expect(banner).toMatch(/^(Yellow|Red) wins by four in a row|full board/);
  await expect(turn(page)).toHaveText(/^Game over after \d+ plies$/);
  const result = page.getByTestId('movelist').locator('.result');
  await expect(result).toBeVisible();
  const resultText = ((await result.textContent()) ?? '').trim();
  expect(resultText.length).toBeGreaterThan(0);
  expect(banner.startsWith(resultText)).toBe(true);
  // The result is the last thing in the move list.
  const last = await page.getByTestId('movelist').evaluate((m) => m.lastElementChild?.className);
  expect(last).toBe('result');
  expect(plies).toBeGreaterThan(0);
  console.log(`connect four: ${await moveButtons(page).count()} plies, "${banner}"`);
});

test('breakthrough: random against random to a result', async ({ page }) => {
  await openGame(page, 'breakthrough.lud');
  await page.getByTestId('mode').selectOption('random');
  await expect(outcome(page)).toBeVisible({ timeout: 50_000 });
  const banner = ((await outcome(page).textContent()) ?? '').trim();
  expect(banner).toMatch(/^(White|Black) wins by reached the far rank/);
  const result = page.getByTestId('movelist').locator('.result');
  await expect(result).toBeVisible();
  expect(banner.startsWith(((await result.textContent()) ?? '').trim())).toBe(true);
  expect(await moveButtons(page).count()).toBeGreaterThan(4);
  await expect(page.getByTestId('stop')).toBeDisabled();
  console.log(`breakthrough: ${await moveButtons(page).count()} plies, "${banner}"`);
});
