// The page's elements, and the small notes (toasts) that tell of failed
// requests.

import { ApiError, STOPPED, isAbort } from './api';

// ------------------------------------------------------------------- DOM

export function $<T extends HTMLElement = HTMLElement>(id: string): T {
  const el = document.getElementById(id);
  if (!el) throw new Error(`#${id} missing`);
  return el as T;
}

export function el<K extends keyof HTMLElementTagNameMap>(
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

export const ui = {
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

export function toast(message: string, kind: 'error' | 'info' = 'error', help?: string | null): void {
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
export function report(e: unknown, what?: string): void {
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

