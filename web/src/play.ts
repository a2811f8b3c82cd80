// The game beside the board: the position shown, moves by clicks and by
// text, the chooser, "why not?", the computer player, the move list.

import { ApiError, Seq, api, stream, type ExplainReply, type GameInfo, type LegalMove, type PositionReply } from './api';
import { click, mark, ownerAt, squareName } from './board';
import { el, report, toast, ui } from './dom';
import { renderPlain } from './markdown';
import { S, gameSeq, hooks, playerName, posReq, posSeq, type Mode } from './state';

// ------------------------------------------------------------------- game

export async function loadGame(text: string): Promise<void> {
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
  // The editor's text, or the last good one (a record loaded, a ruleset
  // changed while the editor has errors).
  if (!gameSeq.isLatest(k) || (text !== hooks.editorText() && text !== S.goodText)) return;
  ui.gameError.hidden = true;
  const first = S.game === null;
  S.game = game;
  S.goodText = text;
  if (game.config) S.config = { ruleset: game.config.ruleset ?? null, options: { ...(game.config.options ?? {}) } };
  hooks.renderConfig({ rulesets: game.rulesets ?? S.check?.rulesets ?? [], options: game.options ?? S.check?.options ?? [] });
  S.gen++;
  renderGameInfo();
  if (first) S.flipped = S.mode === 'hvc' && S.humanSide === 1;
  await refresh();
}

export function renderGameInfo(): void {
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
  hooks.gameShown();
}

// --------------------------------------------------------------- position

/** Asks for the position after `S.moves[..S.index]` and shows it. */
export async function refresh(opts: { typed?: boolean } = {}): Promise<boolean> {
  if (S.goodText === null) return false;
  const k = posSeq.next();
  const req = posReq();
  let pos: PositionReply;
  S.loading = true;
  try {
    pos = await api.position({ ...req, flipped: S.flipped });
  } catch (e) {
    if (posSeq.isLatest(k)) {
      S.loading = false;
      report(e, 'position');
    }
    return false;
  }
  if (!posSeq.isLatest(k)) return false;
  S.loading = false;
  let ok = true;
  if (pos.error) {
    ok = false;
    const i = pos.error.index;
    const bad = req.moves[i] ?? '?';
    const msg = `move ${i + 1} (${bad}) refused: ${pos.error.message}`;
    if (opts.typed) {
      ui.moveError.textContent = `${pos.error.message}${pos.error.help ? ` — help: ${pos.error.help}` : ''}`;
      ui.moveError.hidden = false;
    } else {
      toast(msg, 'error', pos.error.help);
      // A move refused that a computer chose: no asking it again and again.
      S.paused = true;
    }
    S.moves = S.moves.slice(0, i);
    S.index = Math.min(S.index, i);
  } else {
    // The moves as the server writes them.
    const played = (pos.moves ?? []).map((m) => m.text);
    if (played.length === S.index) S.moves = [...played, ...S.moves.slice(S.index)];
    (pos.moves ?? []).forEach((m, i) => (S.sanCache[i] = { text: m.text, san: m.san, number: m.number, side: m.side }));
  }
  S.pos = pos;
  S.clicks = [];
  S.gen++;
  renderPosition();
  maybeComputer();
  return ok;
}

export function renderPosition(): void {
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

export function renderMoveList(): void {
  const pos = S.pos;
  const played = pos?.moves ?? [];
  ui.movelist.replaceChildren();
  // Each move with its number as records write it (the plies of a turn
  // share it); a move of the redo tail not seen before goes in the row
  // before it.
  const all: { label: string; title: string; future: boolean; number: number; side: number }[] = [];
  for (let i = 0; i < S.moves.length; i++) {
    const m = i < S.index ? played[i] : undefined;
    const text = S.moves[i];
    const cached = S.sanCache[i];
    const known = m ?? (cached && cached.text === text ? cached : undefined);
    const before = all[all.length - 1];
    all.push({
      label: known?.san ?? text,
      title: text,
      future: i >= S.index,
      number: known?.number ?? before?.number ?? 1,
      side: known?.side ?? (before ? -1 : 0),
    });
  }
  const table = el('div', { className: 'moves' });
  const start = el('button', { className: 'mv start', text: 'start' });
  start.type = 'button';
  start.dataset.i = '0';
  if (S.index === 0) start.classList.add('current');
  table.append(start);
  // The turns, as runs of one player's plies: a row holds a number's
  // turns, as records write them, and a turn of several plies (a turn in
  // parts, a phase's moves in a row) or the one after it opens a row of
  // its own (`1. d1d5 d5b7`, `1... d10c9 c9c1`).
  const turns: { side: number; from: number; plies: number }[] = [];
  all.forEach((mv, j) => {
    const t = turns[turns.length - 1];
    if (t && (mv.side === t.side || mv.side === -1)) t.plies++;
    else turns.push({ side: mv.side, from: j, plies: 1 });
  });
  let row: HTMLElement | null = null;
  turns.forEach((t, k) => {
    const mv = all[t.from];
    const prev = turns[k - 1];
    const newNumber = !prev || mv.number !== all[prev.from].number;
    if (!row || newNumber || t.plies > 1 || prev.plies > 1) {
      // `3.` where the first player's turn opens the row, `3...` otherwise.
      const num = `${mv.number}${mv.side === 0 ? '.' : '...'}`;
      row = el('div', { className: 'mrow' }, el('span', { className: 'num', text: num }));
      table.append(row);
    }
    for (let j = t.from; j < t.from + t.plies; j++) {
      const b = el('button', { className: 'mv', text: all[j].label, title: all[j].title });
      b.type = 'button';
      b.dataset.i = String(j + 1);
      if (all[j].future) b.classList.add('future');
      if (j + 1 === S.index) b.classList.add('current');
      row.append(b);
    }
  });
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

export function goTo(index: number): void {
  index = Math.max(0, Math.min(index, S.moves.length));
  if (index === S.index) return;
  cancelThink();
  S.paused = S.mode !== 'hvh';
  S.index = index;
  S.gen++;
  hideWhy();
  void refresh();
}

export function resetGame(): void {
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
export async function play(text: string, opts: { typed?: boolean } = {}): Promise<boolean> {
  cancelThink();
  const before = { moves: S.moves, index: S.index };
  if (S.moves[S.index] === text) S.index++;
  else {
    S.moves = [...S.moves.slice(0, S.index), text];
    S.index = S.moves.length;
  }
  S.paused = false;
  S.gen++;
  hideWhy();
  ui.moveError.hidden = true;
  const ok = await refresh(opts);
  if (!ok && opts.typed && S.index === before.index) {
    // A typed move refused: the moves to redo are kept.
    S.moves = before.moves;
    renderPosition();
  }
  return ok;
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


// ----------------------------------------------------------------- clicks

export function humanToMove(): boolean {
  const pos = S.pos;
  if (!pos || pos.outcome) return false;
  if (S.mode === 'hvh') return true;
  if (S.mode === 'hvc') return pos.toMove === S.humanSide || S.paused;
  return S.paused;
}

export function clearSelection(): void {
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

export function onSquare(sq: number): void {
  const pos = S.pos;
  // While the next position is on its way, the board shown is the last one.
  if (!pos || S.loading) return;
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

export function openChooser(moves: LegalMove[], sq: number): void {
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

export function closeChooser(): void {
  ui.chooser.hidden = true;
}

document.addEventListener('mousedown', (e) => {
  if (ui.chooser.hidden) return;
  const t = e.target as Element;
  if (!t.closest('#chooser, #board')) clearSelection();
});

// ---------------------------------------------------------------- why not

export const explainSeq = new Seq();

export async function explain(from: number | null, to: number): Promise<void> {
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

export function showWhy(reply: ExplainReply, from: number | null = null, to: number | null = null): void {
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

export function hideWhy(): void {
  ui.why.hidden = true;
  ui.moveError.hidden = true;
}

// --------------------------------------------------------------- computer

export function computerToMove(): boolean {
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
export function updateStop(): void {
  ui.stop.disabled = !(S.thinking || (!S.paused && computerToMove()));
  ui.think.disabled = S.thinking !== null;
}

export function maybeComputer(): void {
  ui.board.classList.toggle('interactive', humanToMove());
  updateStop();
  if (S.paused || S.thinking || !computerToMove()) return;
  void think();
}

export function cancelThink(): void {
  if (S.thinking) {
    S.thinking.abort();
    S.thinking = null;
  }
  updateStop();
}

export type Score = number | { balance?: number; winIn?: number; lossIn?: number } | null | undefined;

/** A search score for people: a balance, or a win or loss in so many moves. */
export function scoreText(s: Score): string | null {
  if (s === null || s === undefined) return null;
  if (typeof s === 'number') return s > 0 ? `+${s}` : String(s);
  if (typeof s.winIn === 'number') return `win in ${s.winIn}`;
  if (typeof s.lossIn === 'number') return `loss in ${s.lossIn}`;
  if (typeof s.balance === 'number') return s.balance > 0 ? `+${s.balance}` : String(s.balance);
  return null;
}

export function showProgress(d: { depth?: number; score?: Score; nodes?: number; ms?: number; pv?: string[] }): void {
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

export async function think(): Promise<void> {
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

export function updateSide(): void {
  ui.side.hidden = S.mode !== 'hvc';
  ui.side.textContent = `You: ${playerName(S.humanSide)}`;
  ui.level.disabled = S.mode === 'random';
}
