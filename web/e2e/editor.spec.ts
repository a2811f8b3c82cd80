// The editor: diagnostics as lud check gives them, hover docs, completion,
// Format, Save (on the served temporary copy only), and a megabyte of
// garbage pasted in.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Page, type Request } from '@playwright/test';
import {
  SERVED_DIR,
  board,
  boardPieces,
  cell,
  editorContent,
  expect,
  expectMoves,
  gameText,
  ludCheck,
  ludFmt,
  openGame,
  pasteIntoEditor,
  setEditorText,
  status,
  test,
  turn,
} from './fixtures';

/** The text of the next check the page sends (the editor's whole text). */
function nextCheckedText(page: Page): Promise<string> {
  return page
    .waitForRequest((r: Request) => r.url().endsWith('/api/check') && r.method() === 'POST')
    .then((r) => (r.postDataJSON() as { text: string }).text);
}

test('a mistake shows lud check’s diagnostic at its line', async ({ page }) => {
  await openGame(page, 'chess.lud');
  const good = gameText('chess.lud');
  const bad = good.replace('(slide All)', '(slyde All)');
  expect(bad).not.toBe(good);
  const cli = ludCheck(bad);
  expect(cli.length).toBe(1);
  const [want] = cli;
  expect(want.message).toBe('unknown ludeme `slyde`');

  const sent = nextCheckedText(page);
  await setEditorText(page, bad);
  expect(await sent).toBe(bad);
  await expect(status(page)).toHaveText('1 error, 0 warnings');
  await expect(status(page)).toHaveClass(/\bbad\b/);
  // The last good board stays, under a banner.
  await expect(page.getByTestId('stale')).toBeVisible();
  await expect(board(page).locator('svg [data-sq]').first()).toBeAttached();
  await expect(page.getByTestId('dirty')).toBeVisible();

  // The gutter's marker is on the line lud check names.
  const marker = page.locator('.cm-gutter-lint .cm-gutterElement:has(.cm-lint-marker-error)');
  await expect(marker).toHaveCount(1);
  const lineNo = page.locator('.cm-lineNumbers .cm-gutterElement', { hasText: new RegExp(`^${want.span.line}$`) });
  const [mb, lb] = [await marker.boundingBox(), await lineNo.boundingBox()];
  expect(mb && lb && Math.abs(mb.y - lb.y)).toBeLessThan(2);

  // The status goes to the problem: the cursor's line is that line.
  await status(page).click();
  await expect(page.locator('.cm-lineNumbers .cm-activeLineGutter')).toHaveText(String(want.span.line));

  // The underline's tooltip: lud check's message, code, label and help.
  const range = page.locator('.cm-lintRange-error').first();
  await expect(range).toHaveText('slyde');
  await range.hover();
  const tip = page.locator('.cm-tooltip-lint');
  await expect(tip).toBeVisible();
  await expect(tip.locator('.lint-message')).toHaveText(want.message);
  if (want.label) await expect(tip.locator('.lint-label')).toHaveText(want.label);
  if (want.help) await expect(tip.locator('.lint-help')).toHaveText(`help: ${want.help}`);
  await expect(tip).toContainText(want.code);

  // Fixed again: no problems, the banner goes.
  await setEditorText(page, good);
  await expect(status(page)).toHaveText('✓ no problems');
  await expect(page.getByTestId('stale')).toBeHidden();
  await expect(page.locator('.cm-lint-marker-error')).toHaveCount(0);
});

test('hover shows the reference entry of a ludeme', async ({ page }) => {
  await openGame(page, 'chess.lud');
  // The server's tokens mark the ludemes.
  const word = editorContent(page).locator('.tk-ludeme', { hasText: /^game$/ }).first();
  await expect(word).toBeVisible();
  await word.hover();
  const tip = page.locator('.cm-tooltip-hover');
  await expect(tip).toBeVisible();
  await expect(tip).toContainText('game');
  await expect(tip).toContainText('A whole game: its name, what it is, who plays, the equipment and the rules.');
  await expect(tip.locator('code, pre').first()).toBeVisible();
});

test('completion after (sl offers slide', async ({ page }) => {
  await openGame(page, 'chess.lud');
  const slide = editorContent(page).locator('.cm-line', { hasText: '(piece "Queen"' });
  await expect(slide).toBeVisible();
  await slide.click();
  await page.keyboard.press('End');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.type(' (sl', { delay: 30 });
  const list = page.locator('.cm-tooltip-autocomplete');
  await expect(list).toBeVisible();
  const option = list.locator('li[role=option]', { hasText: /^slide/ });
  await expect(option).toHaveCount(1);
  await expect(option).toHaveAttribute('aria-selected', 'true');
  // A click on the option: CodeMirror ignores Enter for 75 ms after the list
  // opens (its interactionDelay), and then Enter types a new line instead.
  await option.click();
  await expect(list).toBeHidden();
  await expect(slide).toHaveText('        (piece "Queen" "Q" (slide All) (slide))');
});

test('Format lays the file out as lud fmt does', async ({ page }) => {
  await openGame(page, 'chess.lud');
  const good = gameText('chess.lud');
  // The same game, its pieces' lines unindented, spaces added.
  const messy = good
    .replace(/\n\s+\(piece /g, '\n(piece ')
    .replace('(game "Chess"', '(game    "Chess"')
    .replace('(slide All)', '(slide    All)');
  expect(messy).not.toBe(good);
  expect(ludCheck(messy).filter((p) => p.severity === 'error')).toEqual([]);
  await setEditorText(page, messy);
  await expect(status(page)).toHaveText('✓ no problems');
  const sent = nextCheckedText(page);
  await page.getByTestId('format').click();
  expect(await sent).toBe(ludFmt(messy));
  expect(ludFmt(messy)).toBe(good);
  await expect(status(page)).toHaveText('✓ no problems');
  await expect(editorContent(page).locator('.cm-line', { hasText: '(piece "Queen" "Q" (slide All))' })).toHaveText(
    '        (piece "Queen" "Q" (slide All))',
  );
});

test('Save writes the served file (a temporary copy)', async ({ page }) => {
  const file = join(SERVED_DIR, 'connect-four.lud');
  const original = readFileSync(file, 'utf8');
  try {
    await openGame(page, 'connect-four.lud');
    const changed = `// saved by the e2e test\n${original}`;
    await setEditorText(page, changed);
    await expect(page.getByTestId('dirty')).toBeVisible();
    await expect(status(page)).toHaveText('✓ no problems');
    await page.getByTestId('save').click();
    await expect(page.getByTestId('toasts')).toContainText('saved games/connect-four.lud');
    await expect(page.getByTestId('dirty')).toBeHidden();
    expect(readFileSync(file, 'utf8')).toBe(changed);
  } finally {
    writeFileSync(file, original);
  }
});

test.describe('robustness', () => {
  test('a megabyte of garbage: the page lives, keeps the last board, and recovers', async ({ page }) => {
    test.setTimeout(90_000);
    await openGame(page, 'chess.lud', { mode: 'hvh' });
    await cell(page, 'e2').click();
    await cell(page, 'e4').click();
    await expectMoves(page, 1);
    const boardBefore = await boardPieces(page);

    // Deterministic garbage, 1 MB of it.
    let seed = 12345;
    const alphabet = 'abcdefghij ()){{}"\n:#12';
    const chars: string[] = [];
    for (let i = 0; i < 1_000_000; i++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      chars.push(alphabet[seed % alphabet.length]);
    }
    const garbage = chars.join('');
    await pasteIntoEditor(page, garbage);
    await expect(status(page)).toHaveText(/^\d+ errors?, \d+ warnings?$/, { timeout: 30_000 });
    await expect(status(page)).toHaveClass(/\bbad\b/);
    await expect(page.getByTestId('stale')).toBeVisible();
    await expect(page.getByTestId('stale')).toHaveText('the file has errors; showing the last good version');
    // The last good board, with its move, is still there, and still plays.
    expect(await boardPieces(page)).toEqual(boardBefore);
    await cell(page, 'e7').click();
    await cell(page, 'e5').click();
    await expectMoves(page, 2);
    // The page answers: the tabs switch.
    await page.getByTestId('tab-explain').click();
    await expect(page.getByTestId('explain')).toBeVisible();

    // Back to a game from the file menu (the unsaved garbage discarded).
    page.once('dialog', (d) => void d.accept());
    await page.getByTestId('file').selectOption('games/connect-four.lud');
    await expect(status(page)).toHaveText('✓ no problems', { timeout: 30_000 });
    await expect(page.getByTestId('stale')).toBeHidden();
    await expect(turn(page)).toHaveText(/to move/);
    await page.getByTestId('mode').selectOption('hvh');
    await cell(page, 'c1').click();
    await expectMoves(page, 1);
    expect((await boardPieces(page)).c1).toMatch(/^0:/);
  });
});

test.describe('robustness past the limit', () => {
  // The server refuses a text over lud's 1 MiB whole; the browser logs the refusal.
  test.use({ allowedErrors: [/Failed to load resource: the server responded with a status of 4\d\d/] });

  test('a text over the limit is refused whole, and undo brings the game back', async ({ page }) => {
    await openGame(page, 'chess.lud');
    await pasteIntoEditor(page, `${'(x) '.repeat(400_000)}\n`);
    await expect(status(page)).toHaveText('1 error, 0 warnings', { timeout: 30_000 });
    await expect(page.getByTestId('stale')).toBeVisible();
    await expect(board(page).locator('svg [data-sq]').first()).toBeAttached();
    await page.locator('.cm-lintRange-error').first().hover();
    await expect(page.locator('.cm-tooltip-lint')).toContainText(/http 4\d\d/);
    // Undo in the editor: the game as it was.
    await editorContent(page).focus();
    await page.keyboard.press('ControlOrMeta+z');
    await expect(status(page)).toHaveText('✓ no problems', { timeout: 30_000 });
    await expect(page.getByTestId('stale')).toBeHidden();
    await expect(turn(page)).toHaveText('White to move');
  });
});
