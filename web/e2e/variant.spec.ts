// The promise: a variant written in the page, from nothing, is
// checked as it is typed, played against the computer, and saved, without
// leaving the page. Makruk is typed over the "New" template.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVED_DIR, board, cell, expect, moveButtons, status, test } from './fixtures';

const here = dirname(fileURLToPath(import.meta.url));
const MAKRUK = readFileSync(resolve(here, '../../tests/fixtures/positions/makruk.lud'), 'utf8');

test('a new variant typed in the page plays against the computer and is saved', async ({ page }) => {
  const saved = join(SERVED_DIR, 'makruk-typed.lud');
  rmSync(saved, { force: true });
  await page.goto('/');
  await expect(board(page).locator('svg [data-sq]').first()).toBeAttached({ timeout: 20_000 });
  await page.getByTestId('file').selectOption({ label: 'New (template)' });
  await expect(status(page)).toHaveText('✓ no problems', { timeout: 20_000 });
  // Typed: first with a mistake, which the editor shows, then right.
  const editor = page.locator('.cm-content');
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText(MAKRUK.replace('(leap 1 2)', '(leep 1 2)'));
  await expect(status(page)).toHaveText(/^[1-9][0-9]* errors?,/, { timeout: 20_000 });
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText(MAKRUK);
  await expect(status(page)).toHaveText('✓ no problems', { timeout: 20_000 });
  // Its own board: Makruk's pawns stand on the third rank.
  await expect(page).toHaveTitle(/Makruk/, { timeout: 20_000 });
  await expect(cell(page, 'e3').locator('text')).toHaveText('P');
  // Against the computer, at a low level: a pawn forward, and an answer.
  await page.getByTestId('level').fill('1');
  await cell(page, 'e3').click();
  await cell(page, 'e4').click();
  await expect(moveButtons(page)).toHaveCount(2, { timeout: 30_000 });
  await expect(moveButtons(page).first()).toHaveText(/e4/);
  // Saved as a new file in the served folder, and listed.
  page.once('dialog', (d) => void d.accept('makruk-typed'));
  await page.getByTestId('save-as').click();
  await expect(page.getByTestId('file')).toHaveValue(/makruk-typed\.lud$/, { timeout: 10_000 });
  expect(existsSync(saved)).toBe(true);
  expect(readFileSync(saved, 'utf8')).toBe(MAKRUK);
  rmSync(saved, { force: true });
});
