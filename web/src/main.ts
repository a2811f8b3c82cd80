// The playground's wiring: files, the editor's check results, the game and
// its position, moves by clicks and by text, the computer player, the move
// list and the tabs.

import './style.css';
import type { Text } from '@codemirror/state';
import {
  ApiError,
  type CheckReply,
  type Config,
  type ExplainReply,
  type GameInfo,
  type LegalMove,
  type PosReq,
  type PositionReply,
  STOPPED,
  Seq,
  api,
  isAbort,
  onReachability,
  stream,
} from './api';
import { click, mark, ownerAt, squareName } from './board';
import { Editor } from './editor';
import { renderPlain } from './markdown';

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

// ------------------------------------------------------------------- DOM

function $<T extends HTMLElement = HTMLElement>(id: string): T {
  const el = document.getElementById(id);
  if (!el) throw new Error(`#${id} missing`);
  return el as T;
}

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: { className?: string; text?: string; title?: string } = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (props.className) e.className = props.className;
  if (props.text !== undefined) e.textContent = props.text;
  if (props.title) e.title = props.title;
  for (const c of children) e.append(c);
  return e;
}

const ui = {
  file: $<HTMLSelectElement>('file'),
  dirty: $('dirty'),
  format: $<HTMLButtonElement>('format'),
  save: $<HTMLButtonElement>('save'),
  rulesetField: $('ruleset-field'),
  ruleset: $<HTMLSelectElement>('ruleset'),
  options: $('options'),
  status: $<HTMLButtonElement>('status'),
  server: $('server'),
  stale: $('stale'),
  gameError: $('game-error'),
  outcome: $('outcome'),
  boardWrap: $('board-wrap'),
  board: $('board'),
  chooser: $('chooser'),
  turn: $('turn'),
  mode: $<HTMLSelectElement>('mode'),
  side: $<HTMLButtonElement>('side'),
  level: $<HTMLInputElement>('level'),
  levelOut: $<HTMLOutputElement>('level-out'),
  undo: $<HTMLButtonElement>('undo'),
  redo: $<HTMLButtonElement>('redo'),
  newGame: $<HTMLButtonElement>('new-game'),
  flip: $<HTMLButtonElement>('flip'),
  think: $<HTMLButtonElement>('think'),
  stop: $<HTMLButtonElement>('stop'),
  pass: $<HTMLButtonElement>('pass'),
  moveForm: $<HTMLFormElement>('move-form'),
  moveInput: $<HTMLInputElement>('move-input'),
  moveError: $('move-error'),
  progress: $('progress'),
  why: $('why'),
  scores: $('scores'),
  hands: $('hands'),
  legend: $('legend'),
  movelist: $('movelist'),
  rules: $('rules'),
  moveHelp: $('move-help'),
  whyLast: $('why-last'),
  explain: $('explain'),
  graph: $('graph'),
  graphFit: $<HTMLInputElement>('graph-fit'),
  graphOpen: $<HTMLButtonElement>('graph-open'),
  listing: $('listing'),
  perft: $<HTMLButtonElement>('perft'),
  perftTable: $<HTMLTableElement>('perft-table'),
  selfplay: $<HTMLButtonElement>('selfplay'),
  selfplayProgress: $<HTMLProgressElement>('selfplay-progress'),
  selfplayOut: $('selfplay-out'),
  recordLud: $<HTMLButtonElement>('record-lud'),
  recordPgn: $<HTMLButtonElement>('record-pgn'),
  recordLoad: $<HTMLButtonElement>('record-load'),
  record: $<HTMLTextAreaElement>('record'),
  fen: $<HTMLInputElement>('fen'),
  setposForm: $<HTMLFormElement>('setpos-form'),
  setpos: $<HTMLInputElement>('setpos'),
  toasts: $('toasts'),
};

// ---------------------------------------------------------------- toasts

function toast(message: string, kind: 'error' | 'info' = 'error', help?: string | null): void {
  // The same message twice in a row: one toast.
  const last = ui.toasts.lastElementChild as HTMLElement | null;
  if (last && last.dataset.message === message) return;
  const t = el('div', { className: `toast ${kind}` }, el('span', { text: message }));
  t.dataset.message = message;
  if (help) t.append(el('div', { className: 'help', text: `help: ${help}` }));
  const close = el('button', { className: 'close', text: '×', title: 'Dismiss' });
  close.type = 'button';
  close.addEventListener('click', () => t.remove());
  t.append(close);
  ui.toasts.append(t);
  while (ui.toasts.children.length > 4) ui.toasts.firstElementChild?.remove();
  setTimeout(() => t.remove(), kind === 'error' ? 8000 : 4000);
}

/** Shows a failed request, unless it was stopped on purpose. */
function report(e: unknown, what?: string): void {
  if (isAbort(e)) return;
  if (e instanceof ApiError) {
    if (e.offline) {
      toast(STOPPED);
      return;
    }
    toast(what ? `${what}: ${e.message}` : e.message, 'error', e.help);
    return;
  }
  console.error(e);
  toast(`${what ? `${what}: ` : ''}${e instanceof Error ? e.message : String(e)}`);
}

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

// ----------------------------------------------------------------- state

type Mode = 'hvc' | 'cvc' | 'hvh' | 'random';

const S = {
  /** The served file open, or null for a new one. */
  fileName: null as string | null,
  files: [] as string[],
  dirty: false,
  /** The last check's reply, and whether it found errors. */
  check: null as CheckReply | null,
  hasErrors: false,
  /** The last text that made a game, and that game. */
  goodText: null as string | null,
  game: null as GameInfo | null,
  config: { ruleset: null, options: {} } as Config,
  start: null as string | null,
  /** Every move known (the redo tail after `index` included). */
  moves: [] as string[],
  /** The SAN last seen for the move at each index (for the redo tail). */
  sanCache: [] as ({ text: string; san: string | null } | undefined)[],
  index: 0,
  pos: null as PositionReply | null,
  flipped: false,
  clicks: [] as number[],
  mode: 'hvc' as Mode,
  humanSide: 0,
  level: 4,
  /** The computer waits (after Stop, Undo, a jump in the move list). */
  paused: false,
  thinking: null as AbortController | null,
  /** Bumped whenever the position shown changes. */
  gen: 0,
  graphDot: null as string | null,
  tab: 'rules',
};

const gameSeq = new Seq();
const posSeq = new Seq();

function posReq(): PosReq {
  return {
    text: S.goodText ?? '',
    config: S.config,
    start: S.start,
    moves: S.moves.slice(0, S.index),
  };
}

function playerName(i: number): string {
  return S.game?.players[i]?.name ?? `player ${i + 1}`;
}

// ----------------------------------------------------------------- editor

let editor: Editor;

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
    toast('a new file cannot be saved here: only the files lud serve was given', 'info');
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

async function formatAndSave(): Promise<void> {
  await formatText();
  if (S.fileName !== null) await save();
}

ui.format.addEventListener('click', () => void formatText());
ui.save.addEventListener('click', () => void save());

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
  ui.save.disabled = S.fileName === null;
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

// ------------------------------------------------------------------- game

async function loadGame(text: string): Promise<void> {
  const k = gameSeq.next();
  let game: GameInfo;
  try {
    game = await api.game({ text, config: S.config });
  } catch (e) {
    if (!gameSeq.isLatest(k)) return;
    if (e instanceof ApiError && !e.offline) {
      ui.gameError.textContent = `${e.message}${e.help ? ` — help: ${e.help}` : ''}`;
      ui.gameError.hidden = false;
      ui.stale.hidden = !S.game;
    } else report(e);
    return;
  }
  if (!gameSeq.isLatest(k) || text !== editor.text) return;
  ui.gameError.hidden = true;
  const first = S.game === null;
  S.game = game;
  S.goodText = text;
  if (game.config) S.config = { ruleset: game.config.ruleset ?? null, options: { ...(game.config.options ?? {}) } };
  renderConfig({ rulesets: game.rulesets ?? S.check?.rulesets ?? [], options: game.options ?? S.check?.options ?? [] });
  S.gen++;
  renderGameInfo();
  if (first) S.flipped = S.mode === 'hvc' && S.humanSide === 1;
  await refresh();
}

function renderGameInfo(): void {
  const g = S.game;
  ui.rules.replaceChildren(renderPlain(g?.describe ?? ''));
  ui.moveHelp.replaceChildren(...(g?.moveHelp ?? []).map((l) => el('li', { text: l })));
  ui.listing.textContent = g?.listing ?? '';
  ui.legend.replaceChildren();
  if (g) {
    const fill = g.players[0]?.fill ?? '#fafafa';
    const ink = g.players[0]?.ink ?? '#111';
    for (const p of g.pieces) {
      const chip = el('span', { className: 'chip', text: p.letter });
      chip.style.background = fill;
      chip.style.color = ink;
      ui.legend.append(el('span', { className: 'legend-item' }, chip, el('span', { text: p.name })));
    }
    document.title = `${g.name} — lud`;
  }
  updateSide();
  if (S.tab === 'graph') void renderGraph();
}

// --------------------------------------------------------------- position

/** Asks for the position after `S.moves[..S.index]` and shows it. */
async function refresh(opts: { typed?: boolean } = {}): Promise<boolean> {
  if (S.goodText === null) return false;
  const k = posSeq.next();
  const req = posReq();
  let pos: PositionReply;
  try {
    pos = await api.position({ ...req, flipped: S.flipped });
  } catch (e) {
    if (posSeq.isLatest(k)) report(e, 'position');
    return false;
  }
  if (!posSeq.isLatest(k)) return false;
  let ok = true;
  if (pos.error) {
    ok = false;
    const i = pos.error.index;
    const bad = req.moves[i] ?? '?';
    const msg = `move ${i + 1} (${bad}) refused: ${pos.error.message}`;
    if (opts.typed) {
      ui.moveError.textContent = `${pos.error.message}${pos.error.help ? ` — help: ${pos.error.help}` : ''}`;
      ui.moveError.hidden = false;
    } else toast(msg, 'error', pos.error.help);
    S.moves = S.moves.slice(0, i);
    S.index = Math.min(S.index, i);
  } else {
    // The moves as the server writes them.
    const played = (pos.moves ?? []).map((m) => m.text);
    if (played.length === S.index) S.moves = [...played, ...S.moves.slice(S.index)];
    (pos.moves ?? []).forEach((m, i) => (S.sanCache[i] = { text: m.text, san: m.san }));
  }
  S.pos = pos;
  S.clicks = [];
  S.gen++;
  renderPosition();
  maybeComputer();
  return ok;
}

function renderPosition(): void {
  const pos = S.pos;
  closeChooser();
  if (!pos) return;
  ui.board.innerHTML = pos.svg;
  ui.board.classList.toggle('interactive', humanToMove());
  mark(ui.board, [], []);
  const parts = [`${pos.toMoveName || playerName(pos.toMove)} to move`];
  if (pos.midTurn) parts.push('(the turn goes on)');
  if (pos.check) parts.push('— check');
  ui.turn.textContent = pos.outcome ? `Game over after ${pos.ply} plies` : parts.join(' ');
  ui.turn.classList.toggle('check', !!pos.check && !pos.outcome);
  if (pos.outcome) {
    const w = pos.outcome.winner;
    ui.outcome.textContent = pos.outcome.text + (w !== null && w !== undefined && !pos.outcome.text.includes(playerName(w)) ? ` (${playerName(w)} wins)` : '');
    ui.outcome.hidden = false;
  } else ui.outcome.hidden = true;
  ui.scores.textContent = pos.scores ? `Scores: ${pos.scores}` : '';
  ui.hands.textContent = pos.hands;
  ui.hands.hidden = !pos.hands;
  ui.pass.hidden = pos.outcome !== null || !pos.legal.some((m) => m.clicks.length === 0);
  ui.fen.value = pos.fen;
  ui.explain.replaceChildren(renderPlain(pos.explain ?? ''));
  ui.undo.disabled = S.index === 0;
  ui.redo.disabled = S.index >= S.moves.length;
  renderMoveList();
}

function renderMoveList(): void {
  const pos = S.pos;
  const played = pos?.moves ?? [];
  const per = Math.max(2, S.game?.players.length ?? 2);
  ui.movelist.replaceChildren();
  const all: { label: string; title: string; future: boolean }[] = [];
  for (let i = 0; i < S.moves.length; i++) {
    const m = i < S.index ? played[i] : undefined;
    const text = S.moves[i];
    const cached = S.sanCache[i];
    const san = m ? m.san : cached && cached.text === text ? cached.san : null;
    all.push({ label: san ?? text, title: text, future: i >= S.index });
  }
  const table = el('div', { className: 'moves' });
  const start = el('button', { className: 'mv start', text: 'start' });
  start.type = 'button';
  start.dataset.i = '0';
  if (S.index === 0) start.classList.add('current');
  table.append(start);
  for (let i = 0; i < all.length; i += per) {
    const row = el('div', { className: 'mrow' }, el('span', { className: 'num', text: `${i / per + 1}.` }));
    for (let j = i; j < Math.min(i + per, all.length); j++) {
      const b = el('button', { className: 'mv', text: all[j].label, title: all[j].title });
      b.type = 'button';
      b.dataset.i = String(j + 1);
      if (all[j].future) b.classList.add('future');
      if (j + 1 === S.index) b.classList.add('current');
      row.append(b);
    }
    table.append(row);
  }
  ui.movelist.append(table);
  if (pos?.outcome && S.index === S.moves.length) {
    ui.movelist.append(el('div', { className: 'result', text: pos.outcome.text }));
  }
  const cur = ui.movelist.querySelector('.current');
  cur?.scrollIntoView({ block: 'nearest' });
}

ui.movelist.addEventListener('click', (e) => {
  const b = (e.target as Element).closest<HTMLElement>('[data-i]');
  if (!b) return;
  goTo(Number(b.dataset.i));
});

function goTo(index: number): void {
  index = Math.max(0, Math.min(index, S.moves.length));
  if (index === S.index) return;
  cancelThink();
  S.paused = S.mode !== 'hvh';
  S.index = index;
  S.gen++;
  hideWhy();
  void refresh();
}

function resetGame(): void {
  cancelThink();
  S.start = null;
  S.moves = [];
  S.sanCache = [];
  S.index = 0;
  S.paused = false;
  S.gen++;
  hideWhy();
}

/** Plays `text` after the moves shown. */
function play(text: string, opts: { typed?: boolean } = {}): Promise<boolean> {
  cancelThink();
  if (S.moves[S.index] === text) S.index++;
  else {
    S.moves = [...S.moves.slice(0, S.index), text];
    S.index = S.moves.length;
  }
  S.paused = false;
  S.gen++;
  hideWhy();
  ui.moveError.hidden = true;
  return refresh(opts);
}

ui.undo.addEventListener('click', () => goTo(S.index - 1));
ui.redo.addEventListener('click', () => goTo(S.index + 1));
ui.newGame.addEventListener('click', () => {
  resetGame();
  void refresh();
});
ui.flip.addEventListener('click', () => {
  S.flipped = !S.flipped;
  void refresh();
});
ui.pass.addEventListener('click', () => {
  const m = S.pos?.legal.find((x) => x.clicks.length === 0);
  if (m) void play(m.text);
});
ui.moveForm.addEventListener('submit', (e) => {
  e.preventDefault();
  const text = ui.moveInput.value.trim();
  if (!text || !S.pos) return;
  void play(text, { typed: true }).then((ok) => {
    if (ok) ui.moveInput.value = '';
  });
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

// ----------------------------------------------------------------- clicks

function humanToMove(): boolean {
  const pos = S.pos;
  if (!pos || pos.outcome) return false;
  if (S.mode === 'hvh') return true;
  if (S.mode === 'hvc') return pos.toMove === S.humanSide || S.paused;
  return S.paused;
}

function clearSelection(): void {
  S.clicks = [];
  mark(ui.board, [], []);
  closeChooser();
}

ui.board.addEventListener('click', (e) => {
  const g = (e.target as Element).closest<SVGGElement>('[data-sq]');
  if (!g || !S.pos) return;
  const sq = Number(g.dataset.sq);
  if (!Number.isInteger(sq)) return;
  onSquare(sq);
});

function onSquare(sq: number): void {
  const pos = S.pos;
  if (!pos) return;
  if (pos.outcome) {
    toast('the game is over', 'info');
    return;
  }
  if (S.thinking) {
    toast('the computer is thinking (Stop to take over)', 'info');
    return;
  }
  if (!humanToMove()) {
    toast('it is the computer’s turn', 'info');
    return;
  }
  const r = click(pos.legal, S.clicks, sq);
  switch (r.kind) {
    case 'play':
      clearSelection();
      void play(r.move.text);
      return;
    case 'choose':
      S.clicks = r.clicks;
      mark(ui.board, r.clicks, []);
      openChooser(r.moves, sq);
      return;
    case 'select':
      S.clicks = r.clicks;
      mark(ui.board, r.clicks, r.next);
      if (r.complete.length > 0) openChooser(r.complete, sq);
      else closeChooser();
      return;
    case 'clear':
      clearSelection();
      return;
    case 'refused': {
      clearSelection();
      if (r.from === null) {
        const owner = ownerAt(ui.board, sq);
        if (owner !== null && owner === pos.toMove) {
          showWhy({ legal: false, message: `this piece (on ${squareName(ui.board, sq)}) has no legal move`, help: null, rules: [] });
        } else if (pos.legal.some((m) => m.clicks.length === 1)) {
          void explain(null, sq);
        } else {
          hideWhy();
        }
        return;
      }
      void explain(r.from, r.to);
      return;
    }
  }
}

function openChooser(moves: LegalMove[], sq: number): void {
  ui.chooser.replaceChildren();
  for (const m of moves) {
    const b = el('button', { text: m.label || m.san || m.text, title: m.text });
    b.type = 'button';
    b.addEventListener('click', () => {
      clearSelection();
      void play(m.text);
    });
    ui.chooser.append(b);
  }
  const cancel = el('button', { className: 'cancel', text: 'cancel' });
  cancel.type = 'button';
  cancel.addEventListener('click', clearSelection);
  ui.chooser.append(cancel);
  ui.chooser.hidden = false;
  const cell = ui.board.querySelector(`[data-sq="${sq}"]`);
  const wrap = ui.boardWrap.getBoundingClientRect();
  if (cell) {
    const r = cell.getBoundingClientRect();
    const cw = ui.chooser.offsetWidth;
    const ch = ui.chooser.offsetHeight;
    let left = r.left - wrap.left + r.width / 2 - cw / 2;
    let top = r.bottom - wrap.top + 4;
    if (top + ch > wrap.height) top = r.top - wrap.top - ch - 4;
    left = Math.max(0, Math.min(left, wrap.width - cw));
    top = Math.max(0, top);
    ui.chooser.style.left = `${left}px`;
    ui.chooser.style.top = `${top}px`;
  }
  (ui.chooser.firstElementChild as HTMLElement | null)?.focus();
}

function closeChooser(): void {
  ui.chooser.hidden = true;
}

document.addEventListener('mousedown', (e) => {
  if (ui.chooser.hidden) return;
  const t = e.target as Element;
  if (!t.closest('#chooser, #board')) clearSelection();
});

// ---------------------------------------------------------------- why not

const explainSeq = new Seq();

async function explain(from: number | null, to: number): Promise<void> {
  if (S.goodText === null) return;
  const k = explainSeq.next();
  const gen = S.gen;
  try {
    const reply = await api.explain({ ...posReq(), from, to });
    if (!explainSeq.isLatest(k) || gen !== S.gen) return;
    showWhy(reply, from, to);
  } catch (e) {
    if (explainSeq.isLatest(k)) report(e, 'explain');
  }
}

function showWhy(reply: ExplainReply, from: number | null = null, to: number | null = null): void {
  const box = el('div');
  const where =
    to === null ? '' : from === null ? squareName(ui.board, to) : `${squareName(ui.board, from)} → ${squareName(ui.board, to)}`;
  box.append(el('div', { className: 'why-title', text: where ? `Why not ${where}?` : 'Why not?' }));
  box.append(el('div', { className: 'why-message', text: reply.message }));
  if (!reply.legal) {
    if (reply.help) box.append(el('div', { className: 'why-help', text: `help: ${reply.help}` }));
    if (reply.rules && reply.rules.length) {
      box.append(el('ul', { className: 'why-rules' }, ...reply.rules.map((r) => el('li', { text: r }))));
    }
  }
  const close = el('button', { className: 'close', text: '×', title: 'Dismiss' });
  close.type = 'button';
  close.addEventListener('click', hideWhy);
  ui.why.replaceChildren(close, box);
  ui.why.hidden = false;
  ui.whyLast.replaceChildren(box.cloneNode(true));
}

function hideWhy(): void {
  ui.why.hidden = true;
  ui.moveError.hidden = true;
}

// --------------------------------------------------------------- computer

function computerToMove(): boolean {
  const pos = S.pos;
  if (!pos || pos.outcome) return false;
  switch (S.mode) {
    case 'hvh':
      return false;
    case 'hvc':
      return pos.toMove !== S.humanSide;
    default:
      return true;
  }
}

/** Stop is there while the computer thinks or is about to. */
function updateStop(): void {
  ui.stop.disabled = !(S.thinking || (!S.paused && computerToMove()));
  ui.think.disabled = S.thinking !== null;
}

function maybeComputer(): void {
  ui.board.classList.toggle('interactive', humanToMove());
  updateStop();
  if (S.paused || S.thinking || !computerToMove()) return;
  void think();
}

function cancelThink(): void {
  if (S.thinking) {
    S.thinking.abort();
    S.thinking = null;
  }
  updateStop();
}

type Score = number | { balance?: number; winIn?: number; lossIn?: number } | null | undefined;

/** A search score for people: a balance, or a win or loss in so many moves. */
function scoreText(s: Score): string | null {
  if (s === null || s === undefined) return null;
  if (typeof s === 'number') return s > 0 ? `+${s}` : String(s);
  if (typeof s.winIn === 'number') return `win in ${s.winIn}`;
  if (typeof s.lossIn === 'number') return `loss in ${s.lossIn}`;
  if (typeof s.balance === 'number') return s.balance > 0 ? `+${s.balance}` : String(s.balance);
  return null;
}

function showProgress(d: { depth?: number; score?: Score; nodes?: number; ms?: number; pv?: string[] }): void {
  const parts: string[] = [];
  if (typeof d.depth === 'number') parts.push(`depth ${d.depth}`);
  const score = scoreText(d.score);
  if (score !== null) parts.push(`score ${score}`);
  if (typeof d.nodes === 'number') parts.push(`${d.nodes.toLocaleString()} nodes`);
  if (typeof d.ms === 'number') parts.push(`${d.ms} ms`);
  if (Array.isArray(d.pv) && d.pv.length) parts.push(`pv ${d.pv.join(' ')}`);
  ui.progress.textContent = parts.join(' · ');
  ui.progress.title = ui.progress.textContent;
}

async function think(): Promise<void> {
  if (!S.pos || S.pos.outcome || S.goodText === null) return;
  cancelThink();
  const ctrl = new AbortController();
  S.thinking = ctrl;
  updateStop();
  const gen = S.gen;
  const level = S.mode === 'random' ? 0 : S.level;
  let best: string | null | undefined;
  let sawProgress = false;
  ui.progress.textContent = `${playerName(S.pos.toMove)} is thinking…`;
  ui.board.classList.remove('interactive');
  try {
    await stream(
      '/api/think',
      { ...posReq(), level },
      (event, data) => {
        if (ctrl.signal.aborted) return;
        const d = (data ?? {}) as Record<string, unknown>;
        if (event === 'progress') {
          sawProgress = true;
          showProgress(d as Parameters<typeof showProgress>[0]);
        }
        else if (event === 'best') best = (d.move as string | null | undefined) ?? null;
        else if (event === 'error') {
          const msg = (d as { message?: string; error?: { message?: string } }).error?.message ?? (d as { message?: string }).message;
          toast(`computer: ${msg ?? 'error'}`);
        }
      },
      ctrl.signal,
    );
  } catch (e) {
    if (S.thinking === ctrl) {
      S.thinking = null;
      S.paused = true;
      updateStop();
      report(e, 'computer');
    }
    return;
  }
  if (S.thinking !== ctrl) return;
  S.thinking = null;
  updateStop();
  if (gen !== S.gen) {
    maybeComputer();
    return;
  }
  if (best === undefined || best === null) {
    S.paused = true;
    ui.progress.textContent = best === null ? 'the computer found no move' : 'the computer gave no move';
    ui.board.classList.toggle('interactive', humanToMove());
    return;
  }
  const move = best;
  if (!sawProgress) ui.progress.textContent = `${playerName(S.pos?.toMove ?? 0)} played ${move}${level === 0 ? ' (at random)' : ''}`;
  // Watchable games between computers: a moment to draw the board.
  if (S.mode === 'cvc' || S.mode === 'random') await new Promise((r) => setTimeout(r, S.mode === 'random' ? 60 : 200));
  if (gen !== S.gen || S.paused || S.thinking) return;
  void play(move);
}

ui.stop.addEventListener('click', () => {
  S.paused = true;
  cancelThink();
  updateStop();
  ui.progress.textContent = 'stopped';
  ui.board.classList.toggle('interactive', humanToMove());
});
ui.think.addEventListener('click', () => {
  S.paused = false;
  // The computer plays the side to move, whoever that is.
  void think();
});
ui.mode.addEventListener('change', () => {
  S.mode = ui.mode.value as Mode;
  S.paused = false;
  cancelThink();
  updateSide();
  maybeComputer();
});
ui.side.addEventListener('click', () => {
  S.humanSide = S.humanSide === 0 ? 1 : 0;
  S.flipped = S.humanSide === 1;
  S.paused = false;
  cancelThink();
  updateSide();
  void refresh();
});
ui.level.addEventListener('input', () => {
  S.level = Number(ui.level.value);
  ui.levelOut.textContent = S.level === 0 ? '0 (random)' : String(S.level);
});

function updateSide(): void {
  ui.side.hidden = S.mode !== 'hvc';
  ui.side.textContent = `You: ${playerName(S.humanSide)}`;
  ui.level.disabled = S.mode === 'random';
}

// ------------------------------------------------------------------- tabs

for (const b of Array.from(document.querySelectorAll<HTMLButtonElement>('.tab'))) {
  b.addEventListener('click', () => {
    S.tab = b.dataset.tab ?? 'rules';
    for (const o of Array.from(document.querySelectorAll<HTMLElement>('.tab'))) o.classList.toggle('active', o === b);
    for (const p of Array.from(document.querySelectorAll<HTMLElement>('.panel'))) p.hidden = p.dataset.panel !== S.tab;
    if (S.tab === 'graph') void renderGraph();
  });
}

type Graphviz = { dot(src: string): string };
let graphviz: Promise<Graphviz> | null = null;

async function renderGraph(): Promise<void> {
  const dot = S.game?.dot;
  if (!dot) {
    ui.graph.replaceChildren(el('p', { className: 'placeholder', text: 'No game yet.' }));
    return;
  }
  if (dot === S.graphDot) return;
  S.graphDot = dot;
  if (!ui.graph.firstChild || ui.graph.querySelector('.placeholder')) {
    ui.graph.replaceChildren(el('p', { className: 'placeholder', text: 'Drawing the rule graph…' }));
  }
  try {
    graphviz ??= import('./graphviz').then((m) => m.loadGraphviz());
    const gv = await graphviz;
    if (S.graphDot !== dot) return;
    const svg = gv.dot(dot);
    ui.graph.innerHTML = svg;
  } catch (e) {
    graphviz = null;
    S.graphDot = null;
    ui.graph.replaceChildren(
      el('p', { className: 'placeholder', text: `Graphviz could not draw the graph (${e instanceof Error ? e.message : String(e)}); its DOT:` }),
      el('pre', { className: 'text', text: dot }),
    );
  }
}

ui.graphFit.addEventListener('change', () => ui.graph.classList.toggle('fit', ui.graphFit.checked));
ui.graphOpen.addEventListener('click', () => {
  const svg = ui.graph.querySelector('svg');
  if (!svg) return;
  const url = URL.createObjectURL(new Blob([svg.outerHTML], { type: 'image/svg+xml' }));
  window.open(url, '_blank', 'noopener');
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
});

// ------------------------------------------------------------------ tools

let perftCtrl: AbortController | null = null;
ui.perft.addEventListener('click', async () => {
  if (perftCtrl) {
    perftCtrl.abort();
    return;
  }
  if (S.goodText === null) return;
  const ctrl = new AbortController();
  perftCtrl = ctrl;
  ui.perft.textContent = 'Stop';
  const body = ui.perftTable.tBodies[0];
  body.replaceChildren();
  ui.perftTable.hidden = false;
  try {
    await stream(
      '/api/perft',
      { ...posReq(), seconds: 3 },
      (event, data) => {
        if (event !== 'depth') return;
        const d = data as { depth: number; nodes: number; ms: number };
        body.append(
          el('tr', {}, el('td', { text: String(d.depth) }), el('td', { text: d.nodes.toLocaleString() }), el('td', { text: String(d.ms) })),
        );
      },
      ctrl.signal,
    );
  } catch (e) {
    report(e, 'perft');
  } finally {
    perftCtrl = null;
    ui.perft.textContent = 'Count moves (3 s)';
  }
});

let selfplayCtrl: AbortController | null = null;
ui.selfplay.addEventListener('click', async () => {
  if (selfplayCtrl) {
    selfplayCtrl.abort();
    return;
  }
  if (S.goodText === null) return;
  const ctrl = new AbortController();
  selfplayCtrl = ctrl;
  ui.selfplay.textContent = 'Stop';
  ui.selfplayOut.textContent = '';
  ui.selfplayProgress.hidden = false;
  ui.selfplayProgress.value = 0;
  try {
    await stream(
      '/api/selfplay',
      { text: S.goodText, config: S.config, games: 200 },
      (event, data) => {
        if (event === 'progress') {
          const d = data as { done: number; games: number };
          ui.selfplayProgress.max = d.games;
          ui.selfplayProgress.value = d.done;
        } else if (event === 'summary') {
          ui.selfplayOut.textContent = (data as { text: string }).text;
        }
      },
      ctrl.signal,
    );
  } catch (e) {
    report(e, 'self-play');
  } finally {
    selfplayCtrl = null;
    ui.selfplay.textContent = 'Play 200 games';
    ui.selfplayProgress.hidden = true;
  }
});

async function writeRecord(format: 'lud' | 'pgn'): Promise<void> {
  if (S.goodText === null) return;
  try {
    const { record } = await api.recordWrite({ ...posReq(), moves: S.moves.slice(0, S.index), format });
    ui.record.value = record;
    try {
      await navigator.clipboard.writeText(record);
      toast(format === 'pgn' ? 'PGN copied' : 'record copied', 'info');
    } catch {
      ui.record.select();
    }
  } catch (e) {
    report(e, 'record');
  }
}

ui.recordLud.addEventListener('click', () => void writeRecord('lud'));
ui.recordPgn.addEventListener('click', () => void writeRecord('pgn'));
ui.recordLoad.addEventListener('click', async () => {
  const record = ui.record.value;
  if (!record.trim() || S.goodText === null) return;
  try {
    const r = await api.recordRead(S.goodText, record);
    cancelThink();
    S.config = { ruleset: r.config?.ruleset ?? null, options: { ...(r.config?.options ?? {}) } };
    S.start = r.start ?? null;
    S.moves = [...(r.moves ?? [])];
    S.sanCache = [];
    S.index = S.moves.length;
    S.paused = true;
    S.gen++;
    await loadGame(S.goodText);
    toast(`record loaded: ${S.moves.length} moves`, 'info');
  } catch (e) {
    report(e, 'load record');
  }
});

ui.setposForm.addEventListener('submit', async (e) => {
  e.preventDefault();
  const text = ui.setpos.value.trim();
  if (!text || S.goodText === null) return;
  const saved = { start: S.start, moves: S.moves, index: S.index };
  cancelThink();
  hideWhy();
  S.start = text;
  S.moves = [];
  S.sanCache = [];
  S.index = 0;
  S.paused = true;
  S.gen++;
  const k = posSeq.next();
  try {
    const pos = await api.position({ ...posReq(), flipped: S.flipped });
    if (!posSeq.isLatest(k)) return;
    S.pos = pos;
    S.clicks = [];
    renderPosition();
  } catch (err) {
    S.start = saved.start;
    S.moves = saved.moves;
    S.index = saved.index;
    S.gen++;
    report(err, 'position');
    void refresh();
  }
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
    const { files } = await api.files();
    S.files = (files ?? []).map((f) => f.name);
  } catch (e) {
    report(e, 'files');
  }
  fillFiles();
  selectFileOption();
}

async function boot(): Promise<void> {
  await loadFileList();
  // #name opens that file: its name as served, or the end of it (#chess.lud).
  const wanted = decodeURIComponent(location.hash.slice(1));
  const byHash =
    wanted === ''
      ? undefined
      : (S.files.find((f) => f === wanted) ?? S.files.find((f) => f.endsWith(`/${wanted}`) || f.endsWith(`\\${wanted}`)));
  const first = byHash ?? S.files[0] ?? null;
  await openFile(first);
}

updateSide();
void boot();
