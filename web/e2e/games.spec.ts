// Every shipped game (games/*.lud) loads: the file is picked, the status
// shows no problems, the board appears with its cells; and the board at the
// start matches its golden picture in docs/playground/.
import { GAMES, board, boardSvg, expect, openGame, status, test, turn } from './fixtures';

test.describe('each shipped game loads', () => {
  for (const file of GAMES) {
    test(file, async ({ page }) => {
      await openGame(page, file);
      await expect(page.getByTestId('file')).toHaveValue(`games/${file}`);
      await expect(status(page)).toHaveText('✓ no problems');
      await expect(status(page)).toHaveClass(/\bok\b/);
      // No banner: not stale, no game error, not over.
      await expect(page.getByTestId('stale')).toBeHidden();
      await expect(page.getByTestId('game-error')).toBeHidden();
      await expect(page.getByTestId('outcome')).toBeHidden();
      await expect(boardSvg(page)).toBeVisible();
      const cells = board(page).locator('svg [data-sq]');
      expect(await cells.count()).toBeGreaterThan(8);
      // Each cell is numbered and (for the games with names) named.
      const sqs = await cells.evaluateAll((cs) => cs.map((c) => Number(c.getAttribute('data-sq'))));
      expect(new Set(sqs).size).toBe(sqs.length);
      await expect(turn(page)).toHaveText(/to move/);
      await expect(page.getByTestId('rules')).not.toBeEmpty();
    });
  }
});

test.describe('golden pictures of each board at the start', () => {
  for (const file of GAMES) {
    const name = file.replace(/\.lud$/, '');
    test(name, async ({ page }) => {
      await openGame(page, file, { mode: 'hvh' });
      // Nothing hovered or selected on the board.
      await page.mouse.move(0, 0);
      await expect(board(page)).toHaveScreenshot(`${name}.png`, {
        maxDiffPixelRatio: 0.02,
        animations: 'disabled',
        caret: 'hide',
      });
    });
  }
});
