// The shared test: skipped without a browser, failing on any page error or
// console error (unless a test allows it), and helpers to drive the page.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Locator, type Page, test as base, expect } from '@playwright/test';

const here = dirname(fileURLToPath(import.meta.url));

/** The repository's games (read only: the server serves a copy). */
export const GAMES_DIR = resolve(here, '../../games');
/** The copy the server serves (saving is tried there only). */
export const SERVED_DIR = join(process.env.LUD_E2E_ROOT ?? '', 'games');
/** Every shipped game, `chess.lud`... */
export const GAMES = readdirSync(GAMES_DIR)
  .filter((f) => f.endsWith('.lud'))
  .sort();

export const LUD_BIN = process.env.LUD_BIN ?? resolve(here, '../../target/quick/lud');
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';

export function gameText(file: string): string {
  return readFileSync(join(GAMES_DIR, file), 'utf8');
}

/** A problem as `lud check --format json` prints it. */
export interface CliProblem {
  severity: string;
  code: string;
  message: string;
  label: string | null;
  help: string | null;
  span: { start: number; end: number; line: number; column: number };
}

/** `lud check --format json` on `text` (in a temporary file). */
export function ludCheck(text: string): CliProblem[] {
  const dir = mkdtempSync(join(tmpdir(), 'lud-e2e-check-'));
  const file = join(dir, 'game.lud');
  writeFileSync(file, text);
  let out: string;
  try {
    out = execFileSync(LUD_BIN, ['check', '--format', 'json', file], { encoding: 'utf8' });
  } catch (e) {
    // Exit 1 when there are errors: the report is on stdout all the same.
    out = String((e as { stdout?: string }).stdout ?? '');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return out
    .split('\n')
    .filter((l) => l.trim().startsWith('{'))
    .map((l) => JSON.parse(l) as CliProblem);
}

/** `lud fmt` of `text` (in a temporary file). */
export function ludFmt(text: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'lud-e2e-fmt-'));
  const file = join(dir, 'game.lud');
  writeFileSync(file, text);
  try {
    execFileSync(LUD_BIN, ['fmt', file], { encoding: 'utf8' });
    return readFileSync(file, 'utf8');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

interface Fixtures {
  /** Console errors and page errors that this test expects (matched by these). */
  allowedErrors: RegExp[];
  /** Every page error and console error seen so far in the test. */
  pageErrors: string[];
  skipWithoutChromium: void;
}

export const test = base.extend<Fixtures>({
  skipWithoutChromium: [
    async ({}, use, testInfo) => {
      testInfo.skip(!existsSync(CHROMIUM), `chromium is not installed at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM)`);
      await use();
    },
    { auto: true },
  ],
  allowedErrors: [[], { option: true }],
  pageErrors: [
    async ({ page, allowedErrors }, use) => {
      const seen: string[] = [];
      page.on('pageerror', (e) => seen.push(`pageerror: ${e.message}`));
      page.on('console', (m) => {
        if (m.type() === 'error') seen.push(`console.error: ${m.text()}`);
      });
      await use(seen);
      const unexpected = seen.filter((s) => !allowedErrors.some((re) => re.test(s)));
      expect(unexpected, 'page errors or console errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

// ------------------------------------------------------------------ page

export const board = (page: Page): Locator => page.getByTestId('board');
export const boardSvg = (page: Page): Locator => board(page).locator('svg').first();
export const cell = (page: Page, name: string): Locator => board(page).locator(`[data-name="${name}"]`);
export const status = (page: Page): Locator => page.getByTestId('status');
export const turn = (page: Page): Locator => page.getByTestId('turn');
/** The moves of the move list (not the "start" button). */
export const moveButtons = (page: Page): Locator => page.getByTestId('movelist').locator('button.mv:not(.start)');

/** Opens the page on a served game (`chess.lud`) and waits for its board. */
export async function openGame(page: Page, file: string, opts: { mode?: 'hvc' | 'cvc' | 'hvh' | 'random' } = {}): Promise<void> {
  await page.goto(`/#${file}`);
  await expect(page.getByTestId('file')).toHaveValue(`games/${file}`);
  await expect(status(page)).toHaveText('✓ no problems', { timeout: 20_000 });
  await expect(board(page).locator('svg [data-sq]').first()).toBeAttached({ timeout: 20_000 });
  await expect(turn(page)).toHaveText(/to move/);
  if (opts.mode) await page.getByTestId('mode').selectOption(opts.mode);
}

/** Text of the move list's moves. */
export async function moveTexts(page: Page): Promise<string[]> {
  return (await moveButtons(page).allTextContents()).map((s) => s.trim());
}

/** Waits for the move list to hold exactly `n` moves. */
export async function expectMoves(page: Page, n: number): Promise<void> {
  await expect(moveButtons(page)).toHaveCount(n);
}

/** The editor's content element. */
export const editorContent = (page: Page): Locator => page.getByTestId('editor').locator('.cm-content');

/** Replaces the whole editor text, as a paste would. */
export async function setEditorText(page: Page, text: string): Promise<void> {
  await editorContent(page).click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText(text);
}

/**
 * Replaces the whole editor text by pasting it (for large texts: typing a
 * megabyte through the keyboard takes minutes).
 */
export async function pasteIntoEditor(page: Page, text: string): Promise<void> {
  await editorContent(page).click();
  await page.keyboard.press('ControlOrMeta+a');
  await editorContent(page).evaluate((el, t) => {
    const data = new DataTransfer();
    data.setData('text/plain', t);
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

/** Types a move into the move box and plays it. */
export async function typeMove(page: Page, move: string): Promise<void> {
  const before = await moveButtons(page).count();
  await page.getByTestId('move-input').fill(move);
  await page.getByTestId('move-submit').click();
  await expect(moveButtons(page)).toHaveCount(before + 1);
}

/** Sets a position from a position string (Tools tab), and waits for it. */
export async function setPosition(page: Page, fen: string): Promise<void> {
  await page.getByTestId('tab-tools').click();
  await page.getByTestId('setpos').fill(fen);
  await page.getByTestId('setpos-submit').click();
  await expect(page.getByTestId('fen')).toHaveValue(fen);
}

/** The pieces on the board, square name → owner and letter or class, for before/after comparisons. */
export async function boardPieces(page: Page): Promise<Record<string, string>> {
  return board(page)
    .locator('svg [data-sq]')
    .evaluateAll((cells) => {
      const out: Record<string, string> = {};
      for (const c of cells) {
        const piece = c.querySelector('[data-owner]');
        if (!piece) continue;
        const name = c.getAttribute('data-name') ?? c.getAttribute('data-sq') ?? '?';
        out[name] = `${piece.getAttribute('data-owner')}:${piece.textContent?.trim() ?? ''}`;
      }
      return out;
    });
}
