// The picture of the whole playground in the README: chess after 1. e4 e5
// 2. Nf3 (docs/playground/playground-chess.png).
import { cell, expect, expectMoves, openGame, status, test } from './fixtures';

test('the playground with chess after a few moves', async ({ page }) => {
  await openGame(page, 'chess.lud', { mode: 'hvh' });
  const moves: [string, string][] = [
    ['e2', 'e4'],
    ['e7', 'e5'],
    ['g1', 'f3'],
  ];
  for (const [i, [from, to]] of moves.entries()) {
    await cell(page, from).click();
    await cell(page, to).click();
    await expectMoves(page, i + 1);
  }
  await expect(status(page)).toHaveText('✓ no problems');
  // The server's colours are in, nothing focused, hovered or toasting.
  await expect(page.locator('.cm-content .tk-ludeme').first()).toBeVisible();
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.mouse.move(0, 0);
  await expect(page.getByTestId('toasts').locator('.toast')).toHaveCount(0);
  await expect(page).toHaveScreenshot('playground-chess.png', {
    fullPage: true,
    maxDiffPixelRatio: 0.05,
    animations: 'disabled',
    caret: 'hide',
  });
});
