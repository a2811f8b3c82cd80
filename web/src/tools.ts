// The tabs beside the board: the rule graph (Graphviz, loaded when first
// shown), perft, self-play, records, position strings, the reference.

import { api, stream } from './api';
import { $, el, report, toast, ui } from './dom';
import { renderMarkdown } from './markdown';
import { cancelThink, hideWhy, loadGame, refresh, renderPosition } from './play';
import { S, hooks, posReq, posSeq } from './state';

// ------------------------------------------------------------------- tabs

for (const b of Array.from(document.querySelectorAll<HTMLButtonElement>('.tab'))) {
  b.addEventListener('click', () => {
    S.tab = b.dataset.tab ?? 'rules';
    for (const o of Array.from(document.querySelectorAll<HTMLElement>('.tab'))) o.classList.toggle('active', o === b);
    for (const p of Array.from(document.querySelectorAll<HTMLElement>('.panel'))) p.hidden = p.dataset.panel !== S.tab;
    if (S.tab === 'graph') void renderGraph();
    if (S.tab === 'reference') void renderReference();
  });
}

export type Graphviz = { dot(src: string): string };
export let graphviz: Promise<Graphviz> | null = null;

export async function renderGraph(): Promise<void> {
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

export let perftCtrl: AbortController | null = null;
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

export let selfplayCtrl: AbortController | null = null;
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

export async function writeRecord(format: 'lud' | 'pgn'): Promise<void> {
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

// -------------------------------------------------------------- reference

/** The language reference (lud doc), loaded when its tab is first opened. */
export let reference: Promise<void> | null = null;

export function renderReference(): Promise<void> {
  reference ??= (async () => {
    const box = $('reference');
    try {
      const { markdown } = await api.reference();
      box.replaceChildren(renderMarkdown(markdown));
    } catch (e) {
      reference = null;
      box.replaceChildren(el('p', { className: 'placeholder', text: 'The reference could not be loaded.' }));
      report(e, 'reference');
    }
  })();
  return reference;
}

/** Shows the reference's sections whose heading or text has the words typed. */
$('reference-filter').addEventListener('input', (e) => {
  const want = (e.target as HTMLInputElement).value.trim().toLowerCase();
  const root = $('reference').firstElementChild;
  if (!root) return;
  // A section: a heading (`.md-h`) and what follows it up to the next one.
  let show = want === '';
  for (const node of Array.from(root.children) as HTMLElement[]) {
    if (node.classList.contains('md-h')) show = want === '' || (node.textContent ?? '').toLowerCase().includes(want);
    node.hidden = !show;
  }
});

hooks.gameShown = () => {
  if (S.tab === 'graph') void renderGraph();
};
