// Moving by clicks. A legal move's `clicks` are the squares clicked to make
// it: [from, to] for a plain move, [from, landing1, landing2, ...] for a
// series of jumps, [to] for a drop or removal, then an extra move's square;
// [] for a pass. `narrow` is pure (no DOM) so that it can be tested alone;
// the helpers below it mark the server's SVG.

/** What `narrow` needs of a legal move. */
export interface Clickable {
  clicks: number[];
}

export interface Narrowed<M extends Clickable> {
  /** The moves whose clicks start with the clicks so far. */
  remaining: M[];
  /** The squares that would continue one of them, by the next click. */
  next: number[];
  /** Those of `remaining` that the clicks so far make in full. */
  complete: M[];
  /** True when every remaining move is complete (and there is one at least). */
  done: boolean;
}

/**
 * The legal moves still possible after `clicks`: those whose clicks begin
 * with them (a pass, with no clicks, never remains after a click, and is
 * offered separately).
 */
export function narrow<M extends Clickable>(legal: readonly M[], clicks: readonly number[]): Narrowed<M> {
  const remaining: M[] = [];
  const complete: M[] = [];
  const next = new Set<number>();
  for (const m of legal) {
    if (m.clicks.length === 0 || m.clicks.length < clicks.length) continue;
    let ok = true;
    for (let i = 0; i < clicks.length; i++) {
      if (m.clicks[i] !== clicks[i]) {
        ok = false;
        break;
      }
    }
    if (!ok) continue;
    remaining.push(m);
    if (m.clicks.length === clicks.length) complete.push(m);
    else next.add(m.clicks[clicks.length]);
  }
  return {
    remaining,
    next: [...next].sort((a, b) => a - b),
    complete,
    done: remaining.length > 0 && complete.length === remaining.length,
  };
}

/** What a click on square `sq` does, given the clicks so far. */
export type ClickOutcome<M extends Clickable> =
  /** The clicks continue: select them and show the next squares. */
  | { kind: 'select'; clicks: number[]; next: number[]; complete: M[] }
  /** One move is made in full: play it. */
  | { kind: 'play'; move: M }
  /** Several moves share these clicks (promotion, a choice of piece). */
  | { kind: 'choose'; clicks: number[]; moves: M[] }
  /** A click on the selected square again: drop the selection. */
  | { kind: 'clear' }
  /** No legal move goes that way. `from` is the first click, if any. */
  | { kind: 'refused'; from: number | null; to: number };

/** Decides what a click does; pure. */
export function click<M extends Clickable>(
  legal: readonly M[],
  clicks: readonly number[],
  sq: number,
): ClickOutcome<M> {
  const more = [...clicks, sq];
  const n = narrow(legal, more);
  if (n.remaining.length > 0) {
    if (n.done) {
      if (n.complete.length === 1) return { kind: 'play', move: n.complete[0] };
      return { kind: 'choose', clicks: more, moves: n.complete };
    }
    return { kind: 'select', clicks: more, next: n.next, complete: n.complete };
  }
  if (clicks.length > 0 && clicks[clicks.length - 1] === sq) return { kind: 'clear' };
  // Another square that starts moves of its own: select it instead.
  if (clicks.length > 0) {
    const fresh = click(legal, [], sq);
    if (fresh.kind !== 'refused') return fresh;
  }
  return { kind: 'refused', from: clicks.length > 0 ? clicks[0] : null, to: sq };
}

/** Marks the selected squares (`sel`) and the next ones (`target`) in the board's SVG. */
export function mark(root: ParentNode, selected: readonly number[], targets: readonly number[]): void {
  for (const el of Array.from(root.querySelectorAll('[data-sq].sel, [data-sq].target'))) {
    el.classList.remove('sel', 'target');
  }
  for (const sq of selected) root.querySelector(`[data-sq="${sq}"]`)?.classList.add('sel');
  for (const sq of targets) root.querySelector(`[data-sq="${sq}"]`)?.classList.add('target');
}

/** The owner of the piece on `sq`, from the SVG, or null if it is empty. */
export function ownerAt(root: ParentNode, sq: number): number | null {
  const piece = root.querySelector(`[data-sq="${sq}"] [data-owner]`);
  if (!piece) return null;
  const v = Number(piece.getAttribute('data-owner'));
  return Number.isFinite(v) ? v : null;
}

/** The square's name (`data-name`), or its number. */
export function squareName(root: ParentNode, sq: number): string {
  return root.querySelector(`[data-sq="${sq}"]`)?.getAttribute('data-name') ?? String(sq);
}
