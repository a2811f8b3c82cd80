// The playground's wiring: the files (open, save, save as), the editor and
// its check results, the rulesets and options as controls, the server's
// comings and goings, and the start. The board's side is in play.ts, the
// tabs in tools.ts; what they share in state.ts and dom.ts.

import './style.css';
import type { Text } from '@codemirror/state';
import { api, onReachability, type CheckReply, type Config } from './api';
import { Editor } from './editor';
import { $, el, report, toast, ui } from './dom';
import { cancelThink, clearSelection, goTo, hideWhy, loadGame, renderGameInfo, renderMoveList, resetGame, updateSide } from './play';
import { S, hooks } from './state';
import './tools';

const TEMPLATE = `// A new game: two players take turns placing a stone on an empty square;
// three in a row wins, a full board is a draw.

(game "New Game"
    (players {(player "Cross" N) (player "Nought" S)})

    (equipment {(board (square 3)) (piece "Stone" "S")})

    (rules
        (start {})
        (play (drop "Stone" (everywhere)))
        (end {
            (if (inARow Mover 3) (win Mover "three in a row"))
            (if (noMoves Next) (draw "full board"))
        })))
`;

const NEW_FILE = '\u0000new';

/** While the server is away, a look every few seconds to see it back. */
let ping: ReturnType<typeof setInterval> | null = null;
onReachability((up) => {
  ui.server.hidden = up;
  document.body.classList.toggle('offline', !up);
  if (up && ping !== null) {
    clearInterval(ping);
    ping = null;
    // Back: check the text again (the linter runs on a change only).
    if (S.goodText === null || S.hasErrors) editor.recheck();
    if (S.files.length === 0) void loadFileList();
  } else if (!up && ping === null) {
    ping = setInterval(() => void api.files().catch(() => {}), 4000);
  }
});

window.addEventListener('unhandledrejection', (ev) => {
  ev.preventDefault();
  report(ev.reason);
});

// ----------------------------------------------------------------- editor

let editor: Editor;
hooks.editorText = () => editor.text;
hooks.renderConfig = (r) => renderConfig(r);

function setDirty(d: boolean): void {
  S.dirty = d;
  ui.dirty.hidden = !d;
}

function onChecked(reply: CheckReply | null, doc: Text): void {
  if (doc !== editor.doc) return;
  if (!reply) {
    ui.status.textContent = 'not checked';
    ui.status.className = 'status unknown';
    return;
  }
  S.check = reply;
  const problems = reply.problems ?? [];
  const errors = problems.filter((p) => p.severity === 'error').length + (reply.more ?? 0);
  const warnings = problems.filter((p) => p.severity === 'warning').length;
  S.hasErrors = problems.some((p) => p.severity === 'error');
  if (errors === 0 && warnings === 0) {
    ui.status.textContent = '✓ no problems';
    ui.status.className = 'status ok';
  } else {
    const plural = (n: number, w: string) => `${n} ${w}${n === 1 ? '' : 's'}`;
    ui.status.textContent = `${plural(errors, 'error')}, ${plural(warnings, 'warning')}`;
    ui.status.className = `status ${S.hasErrors ? 'bad' : 'warn'}`;
  }
  renderConfig(reply);
  if (S.hasErrors) {
    ui.stale.hidden = !S.game;
    return;
  }
  ui.stale.hidden = true;
  const text = doc.toString();
  if (text !== S.goodText || !S.game) void loadGame(text);
}

/** Keeps the config to the rulesets and options the file declares. */
function fitConfig(reply: { rulesets: CheckReply['rulesets']; options: CheckReply['options'] }): void {
  const rulesets = reply.rulesets ?? [];
  if (S.config.ruleset !== null && !rulesets.some((r) => r.name === S.config.ruleset)) {
    S.config = { ...S.config, ruleset: null };
  }
  const options: Record<string, string> = {};
  for (const o of reply.options ?? []) {
    const v = S.config.options[o.name];
    if (v !== undefined && o.values.includes(v)) options[o.name] = v;
  }
  S.config = { ...S.config, options };
}

function renderConfig(reply: { rulesets: CheckReply['rulesets']; options: CheckReply['options'] }): void {
  fitConfig(reply);
  const rulesets = reply.rulesets ?? [];
  ui.rulesetField.hidden = rulesets.length === 0;
  ui.ruleset.replaceChildren(el('option', { text: '(default)' }));
  (ui.ruleset.firstElementChild as HTMLOptionElement).value = '';
  for (const r of rulesets) {
    const o = el('option', { text: r.name, title: r.doc ?? '' });
    o.value = r.name;
    ui.ruleset.append(o);
  }
  ui.ruleset.value = S.config.ruleset ?? '';
  ui.options.replaceChildren();
  for (const opt of reply.options ?? []) {
    const sel = el('select');
    sel.dataset.option = opt.name;
    sel.dataset.testid = `option-${opt.name}`;
    for (const v of opt.values) {
      const o = el('option', { text: v === opt.default ? `${v} (default)` : v });
      o.value = v;
      sel.append(o);
    }
    sel.value = S.config.options[opt.name] ?? opt.default;
    sel.addEventListener('change', () => {
      const options = { ...S.config.options, [opt.name]: sel.value };
      changeConfig({ ...S.config, options });
    });
    ui.options.append(el('label', { className: 'field', title: opt.doc ?? '' }, `${opt.name} `, sel));
  }
}

function changeConfig(config: Config): void {
  S.config = config;
  resetGame();
  if (S.goodText !== null) void loadGame(S.goodText);
}

ui.ruleset.addEventListener('change', () => {
  changeConfig({ ...S.config, ruleset: ui.ruleset.value === '' ? null : ui.ruleset.value });
});

async function formatText(): Promise<boolean> {
  const text = editor.text;
  try {
    const reply = await api.format(text);
    if (editor.text !== text) return false;
    if (reply.text === null) {
      toast('fix the syntax errors first', 'info');
      return false;
    }
    editor.replace(reply.text);
    return true;
  } catch (e) {
    report(e, 'format');
    return false;
  }
}

async function save(): Promise<void> {
  if (S.fileName === null) {
    await saveAs();
    return;
  }
  const name = S.fileName;
  const text = editor.text;
  try {
    await api.save(name, text);
    if (editor.text === text) setDirty(false);
    toast(`saved ${name}`, 'info');
  } catch (e) {
    report(e, 'save');
  }
}

/** Saves the text as a new file, in a folder lud serve was given. */
async function saveAs(): Promise<void> {
  const folder = S.folders[0];
  if (folder === undefined) {
    toast('lud serve was given no folder to save new files in', 'info', 'start it with a folder: lud serve games/');
    return;
  }
  const typed = window.prompt(`Save as a new file in ${folder}/ (a name ending in .lud):`, 'my-game.lud');
  if (typed === null || typed.trim() === '') return;
  let base = typed.trim();
  if (!base.endsWith('.lud')) base += '.lud';
  const name = `${folder}/${base}`;
  const text = editor.text;
  try {
    await api.saveNew(name, text);
    await loadFileList();
    S.fileName = name;
    selectFileOption();
    history.replaceState(null, '', `#${encodeURIComponent(name)}`);
    if (editor.text === text) setDirty(false);
    toast(`saved ${name}`, 'info');
  } catch (e) {
    report(e, 'save');
  }
}

async function formatAndSave(): Promise<void> {
  await formatText();
  await save();
}

ui.format.addEventListener('click', () => void formatText());
ui.save.addEventListener('click', () => void save());
$('save-as').addEventListener('click', () => void saveAs());

// ------------------------------------------------------------------ files

function fillFiles(): void {
  ui.file.replaceChildren();
  for (const f of S.files) {
    const o = el('option', { text: f });
    o.value = f;
    ui.file.append(o);
  }
  const n = el('option', { text: 'New (template)' });
  n.value = NEW_FILE;
  ui.file.append(n);
}

function selectFileOption(): void {
  ui.file.value = S.fileName ?? NEW_FILE;
  ui.save.title =
    S.fileName === null ? 'Save as a new file (a new game is not yet a file)' : 'Save the file (Ctrl/Cmd-S formats and saves)';
}

async function openFile(name: string | null): Promise<void> {
  if (S.dirty && !window.confirm('Discard the unsaved changes?')) {
    selectFileOption();
    return;
  }
  let text = TEMPLATE;
  if (name !== null) {
    try {
      text = (await api.file(name)).text;
    } catch (e) {
      report(e, `open ${name}`);
      selectFileOption();
      return;
    }
  }
  S.fileName = name;
  selectFileOption();
  history.replaceState(null, '', name === null ? '#' : `#${encodeURIComponent(name)}`);
  // A new game altogether.
  cancelThink();
  S.goodText = null;
  S.game = null;
  S.check = null;
  S.config = { ruleset: null, options: {} };
  S.start = null;
  S.moves = [];
  S.sanCache = [];
  S.index = 0;
  S.pos = null;
  S.clicks = [];
  S.paused = false;
  S.gen++;
  ui.board.replaceChildren(el('p', { className: 'placeholder', text: 'Checking…' }));
  ui.stale.hidden = true;
  ui.gameError.hidden = true;
  ui.outcome.hidden = true;
  hideWhy();
  renderGameInfo();
  renderMoveList();
  editor.load(text);
  setDirty(false);
}

ui.file.addEventListener('change', () => {
  void openFile(ui.file.value === NEW_FILE ? null : ui.file.value);
});

window.addEventListener('beforeunload', (e) => {
  if (S.dirty) e.preventDefault();
});

document.addEventListener('keydown', (e) => {
  const t = e.target as HTMLElement;
  if ((e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 's') {
    // Outside the editor too: format and save, not the browser's "save page".
    e.preventDefault();
    if (!t.closest('.cm-editor')) void formatAndSave();
    return;
  }
  if (t.closest('.cm-editor, input, textarea, select')) return;
  if (e.key === 'ArrowLeft') goTo(S.index - 1);
  else if (e.key === 'ArrowRight') goTo(S.index + 1);
  else if (e.key === 'Escape') clearSelection();
});

// ------------------------------------------------------------------- boot

ui.status.addEventListener('click', () => {
  const p = S.check?.problems?.[0];
  if (p) editor.jump(p.from, p.to);
});

editor = new Editor($('editor'), {
  checked: onChecked,
  changed: () => {
    setDirty(true);
    ui.status.textContent = 'checking…';
    ui.status.className = 'status pending';
  },
  save: () => void formatAndSave(),
  error: (e) => report(e),
});

async function loadFileList(): Promise<void> {
  try {
    const { files, folders } = await api.files();
    S.files = (files ?? []).map((f) => f.name);
    S.folders = folders ?? [];
  } catch (e) {
    report(e, 'files');
  }
  fillFiles();
  selectFileOption();
}

async function boot(): Promise<void> {
  await loadFileList();
  // #name opens that file: its name as served, or the end of it (#chess.lud).
  let wanted = '';
  try {
    wanted = decodeURIComponent(location.hash.slice(1));
  } catch {
    // A hash that is not percent-encoding: open the first file.
  }
  const byHash =
    wanted === ''
      ? undefined
      : (S.files.find((f) => f === wanted) ?? S.files.find((f) => f.endsWith(`/${wanted}`) || f.endsWith(`\\${wanted}`)));
  const first = byHash ?? S.files[0] ?? null;
  await openFile(first);
}

updateSide();
void boot();
