// Typed helpers for the `lud serve` HTTP API (see docs/playground.md), and
// a reader of server-sent events over fetch (POST bodies rule out
// EventSource).

export interface Config {
  ruleset: string | null;
  options: Record<string, string>;
}

export interface Note {
  label: string | null;
  from: number;
  to: number;
}

export interface Problem {
  severity: 'error' | 'warning';
  code: string;
  message: string;
  label: string | null;
  help: string | null;
  from: number;
  to: number;
  line: number;
  column: number;
  notes: Note[];
}

export interface RulesetInfo {
  name: string;
  doc: string | null;
}

export interface OptionInfo {
  name: string;
  values: string[];
  default: string;
  doc: string | null;
}

export interface CheckReply {
  problems: Problem[];
  more: number;
  rulesets: RulesetInfo[];
  options: OptionInfo[];
}

export interface Token {
  from: number;
  to: number;
  kind: string;
}

export interface HoverReply {
  from: number;
  to: number;
  markdown: string;
}

export interface CompleteItem {
  label: string;
  detail: string | null;
  doc: string | null;
  insert: string;
  kind: string;
}

export interface CompleteReply {
  from: number;
  to: number;
  items: CompleteItem[];
}

export interface GameInfo {
  name: string;
  players: { name: string; fill: string; ink: string }[];
  pieces: { name: string; letter: string }[];
  describe: string;
  dot: string;
  listing: string;
  moveHelp: string[];
  rulesets: RulesetInfo[];
  options: OptionInfo[];
  config: Config;
}

export interface LegalMove {
  text: string;
  san: string | null;
  clicks: number[];
  label: string;
}

export interface PlayedMove {
  text: string;
  san: string | null;
  ply: number;
  /** Its move number as records number it: the plies of a turn share it. */
  number: number;
  /** The player who made it, from 0. */
  side: number;
}

export interface Outcome {
  text: string;
  winner: number | null;
}

export interface PositionReply {
  fen: string;
  toMove: number;
  toMoveName: string;
  midTurn: boolean;
  ply: number;
  svg: string;
  hands: string;
  scores: string;
  check: boolean;
  outcome: Outcome | null;
  explain: string;
  legal: LegalMove[];
  moves: PlayedMove[];
  last: { from: number | null; to: number } | null;
  error: null | { index: number; message: string; help: string | null };
}

export type ExplainReply =
  | { legal: false; message: string; help: string | null; rules: string[] }
  | { legal: true; message: string };

export interface RecordRead {
  config: Config;
  start: string | null;
  moves: string[];
}

/** What a game request carries. */
export interface GameReq {
  text: string;
  config: Config;
}

/** What a position request carries. */
export interface PosReq extends GameReq {
  start: string | null;
  moves: string[];
}

/** A failed request: the server's refusal (status 4xx/5xx) or no server. */
export class ApiError extends Error {
  readonly status: number;
  readonly help: string | null;
  constructor(message: string, status: number, help: string | null = null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.help = help;
  }
  /** The request never reached a server. */
  get offline(): boolean {
    return this.status === 0;
  }
}

export const STOPPED = 'the lud server stopped';

/** Told of every request's fate, for the "server stopped" banner. */
let reachability: (up: boolean) => void = () => {};
export function onReachability(f: (up: boolean) => void): void {
  reachability = f;
}

export function isAbort(e: unknown): boolean {
  return e instanceof DOMException && e.name === 'AbortError';
}

async function send(method: string, path: string, body: unknown, signal?: AbortSignal): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (e) {
    if (isAbort(e)) throw e;
    reachability(false);
    throw new ApiError(STOPPED, 0);
  }
  // A proxy in front of a stopped server (npm run dev) answers 502/504.
  if (res.status === 502 || res.status === 503 || res.status === 504) {
    reachability(false);
    throw new ApiError(STOPPED, 0);
  }
  reachability(true);
  if (!res.ok) {
    let message = `${res.status} ${res.statusText}`;
    let help: string | null = null;
    try {
      const j = (await res.json()) as { error?: { message?: string; help?: string | null } };
      if (j && j.error && typeof j.error.message === 'string') {
        message = j.error.message;
        help = j.error.help ?? null;
      }
    } catch {
      // not JSON: keep the status line
    }
    throw new ApiError(message, res.status, help);
  }
  return res;
}

async function json<T>(method: string, path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  const res = await send(method, path, body, signal);
  try {
    return (await res.json()) as T;
  } catch (e) {
    if (isAbort(e)) throw e;
    throw new ApiError(`bad reply from ${path}`, res.status);
  }
}

const post = <T>(path: string, body: unknown, signal?: AbortSignal) => json<T>('POST', path, body, signal);

export const api = {
  files: () => json<{ files: { name: string }[]; folders: string[] }>('GET', '/api/files'),
  reference: () => json<{ markdown: string }>('GET', '/api/reference'),
  file: (name: string) => json<{ name: string; text: string }>('GET', `/api/file?name=${encodeURIComponent(name)}`),
  save: (name: string, text: string) =>
    json<{ saved: boolean; new: boolean }>('PUT', `/api/file?name=${encodeURIComponent(name)}`, { text }),
  /** Save as: a new file in a served folder, never over one there. */
  saveNew: (name: string, text: string) =>
    json<{ saved: boolean; new: boolean }>('PUT', `/api/file?name=${encodeURIComponent(name)}&new=1`, { text }),
  check: (text: string, signal?: AbortSignal) => post<CheckReply>('/api/check', { text }, signal),
  format: (text: string) => post<{ text: string | null }>('/api/format', { text }),
  tokens: (text: string, signal?: AbortSignal) => post<{ tokens: Token[] }>('/api/tokens', { text }, signal),
  hover: (text: string, at: number) => post<HoverReply | null>('/api/hover', { text, at }),
  complete: (text: string, at: number) => post<CompleteReply>('/api/complete', { text, at }),
  game: (req: GameReq) => post<GameInfo>('/api/game', req),
  position: (req: PosReq & { flipped: boolean }) => post<PositionReply>('/api/position', req),
  explain: (req: PosReq & { from: number | null; to: number }) => post<ExplainReply>('/api/explain', req),
  recordRead: (text: string, record: string) => post<RecordRead>('/api/record/read', { text, record }),
  recordWrite: (req: PosReq & { format: 'lud' | 'pgn' }) => post<{ record: string }>('/api/record/write', req),
};

/**
 * POSTs `body` to `path` and reads the reply as server-sent events, calling
 * `onEvent(name, data)` for each (data parsed as JSON when it is JSON).
 * Resolves when the stream ends; rejects with AbortError when `signal`
 * aborts, or with an ApiError.
 */
export async function stream(
  path: string,
  body: unknown,
  onEvent: (event: string, data: unknown) => void,
  signal?: AbortSignal,
): Promise<void> {
  const res = await send('POST', path, body, signal);
  if (!res.body) throw new ApiError(`no stream from ${path}`, res.status);
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  const parser = new SseParser(onEvent);
  try {
    for (;;) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch (e) {
        if (isAbort(e) || signal?.aborted) throw new DOMException('aborted', 'AbortError');
        reachability(false);
        throw new ApiError(STOPPED, 0);
      }
      if (chunk.done) break;
      parser.push(decoder.decode(chunk.value, { stream: true }));
    }
    parser.push(decoder.decode());
    parser.end();
  } finally {
    reader.releaseLock();
  }
}

/** The event-stream format: `event:`/`data:` lines, a blank line ends an event. */
export class SseParser {
  private buffer = '';
  private event = '';
  private data: string[] = [];
  private readonly onEvent: (event: string, data: unknown) => void;
  constructor(onEvent: (event: string, data: unknown) => void) {
    this.onEvent = onEvent;
  }
  push(text: string): void {
    this.buffer += text;
    for (;;) {
      const nl = this.buffer.search(/\r\n|\r|\n/);
      if (nl < 0) break;
      // A lone \r at the end may be the first half of \r\n: wait.
      if (this.buffer[nl] === '\r' && nl + 1 === this.buffer.length) break;
      const width = this.buffer.startsWith('\r\n', nl) ? 2 : 1;
      const line = this.buffer.slice(0, nl);
      this.buffer = this.buffer.slice(nl + width);
      this.line(line);
    }
  }
  end(): void {
    if (this.buffer) this.line(this.buffer);
    this.buffer = '';
    this.dispatch();
  }
  private line(line: string): void {
    if (line === '') {
      this.dispatch();
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') this.event = value;
    else if (field === 'data') this.data.push(value);
  }
  private dispatch(): void {
    if (this.data.length === 0 && !this.event) return;
    const name = this.event || 'message';
    const raw = this.data.join('\n');
    this.event = '';
    this.data = [];
    let data: unknown = raw;
    try {
      data = raw === '' ? null : JSON.parse(raw);
    } catch {
      // plain text
    }
    this.onEvent(name, data);
  }
}

/** Hands out request numbers; a reply counts only if it is the latest's. */
export class Seq {
  private n = 0;
  next(): number {
    return ++this.n;
  }
  isLatest(k: number): boolean {
    return k === this.n;
  }
}
