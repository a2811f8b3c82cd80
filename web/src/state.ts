// What the page knows: the file, the game, the moves, who plays; and what
// one part of the page asks of another wired later (\`hooks\`, set by
// main.ts).

import type { CheckReply, Config, GameInfo, PosReq, PositionReply } from './api';
import { Seq } from './api';

// ----------------------------------------------------------------- state

export type Mode = 'hvc' | 'cvc' | 'hvh' | 'random';

export const S = {
  /** The served file open, or null for a new one. */
  fileName: null as string | null,
  files: [] as string[],
  /** The folders served, where new files may be saved. */
  folders: [] as string[],
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
  /** The SAN, move number and player last seen for the move at each index
   * (for the redo tail). */
  sanCache: [] as ({ text: string; san: string | null; number: number; side: number } | undefined)[],
  index: 0,
  pos: null as PositionReply | null,
  /** A position asked for and not yet come (clicks wait for it). */
  loading: false,
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

export const gameSeq = new Seq();
export const posSeq = new Seq();

export function posReq(): PosReq {
  return {
    text: S.goodText ?? '',
    config: S.config,
    start: S.start,
    moves: S.moves.slice(0, S.index),
  };
}

export function playerName(i: number): string {
  return S.game?.players[i]?.name ?? `player ${i + 1}`;
}


/** Calls from the board's side to the editor's, set by main.ts. */
export const hooks = {
  /** The editor's text now. */
  editorText: (): string => '',
  /** Shows the rulesets and options as controls. */
  renderConfig: (_reply: { rulesets: CheckReply['rulesets']; options: CheckReply['options'] }): void => {},
  /** A new game is shown (the graph tab redraws). */
  gameShown: (): void => {},
};
