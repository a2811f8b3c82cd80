// The CodeMirror editor: a small stream tokenizer for instant colours,
// the server's tokens (/api/tokens) as decorations, diagnostics from
// /api/check, hover docs from /api/hover and completion from /api/complete.

import { EditorState, Prec, StateEffect, StateField, type Extension, type Text } from '@codemirror/state';
import {
  Decoration,
  type DecorationSet,
  EditorView,
  ViewPlugin,
  type ViewUpdate,
  crosshairCursor,
  drawSelection,
  dropCursor,
  highlightActiveLine,
  highlightActiveLineGutter,
  highlightSpecialChars,
  hoverTooltip,
  keymap,
  lineNumbers,
  rectangularSelection,
} from '@codemirror/view';
import {
  HighlightStyle,
  StreamLanguage,
  type StringStream,
  bracketMatching,
  indentOnInput,
  indentUnit,
  syntaxHighlighting,
} from '@codemirror/language';
import { type Diagnostic, forceLinting, lintGutter, lintKeymap, linter } from '@codemirror/lint';
import {
  type Completion,
  type CompletionContext,
  type CompletionResult,
  autocompletion,
  closeBrackets,
  closeBracketsKeymap,
  completionKeymap,
} from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { highlightSelectionMatches, searchKeymap } from '@codemirror/search';
import { tags as t } from '@lezer/highlight';
import { ApiError, type CheckReply, type Problem, api, isAbort } from './api';
import { renderMarkdown } from './markdown';

/** Past this size the server's tokens are not asked for. */
export const TOKENS_LIMIT = 200_000;

// ---------------------------------------------------------------- tokenizer

interface LexState {
  inComment: boolean;
  afterParen: boolean;
}

function blockComment(stream: StringStream, st: LexState): string {
  for (;;) {
    if (stream.match('*/')) {
      st.inComment = false;
      break;
    }
    if (stream.next() == null) break;
  }
  return 'blockComment';
}

const lud = StreamLanguage.define<LexState>({
  name: 'lud',
  startState: () => ({ inComment: false, afterParen: false }),
  copyState: (s) => ({ ...s }),
  token(stream, st) {
    if (st.inComment) return blockComment(stream, st);
    if (stream.eatSpace()) return null;
    if (stream.match('//')) {
      stream.skipToEnd();
      return 'lineComment';
    }
    if (stream.match('/*')) {
      st.inComment = true;
      return blockComment(stream, st);
    }
    const afterParen = st.afterParen;
    st.afterParen = false;
    const ch = stream.peek();
    if (ch === '"') {
      stream.next();
      for (let c = stream.next(); c != null; c = stream.next()) {
        if (c === '\\') stream.next();
        else if (c === '"') break;
      }
      return 'string';
    }
    if (ch === '(' || ch === ')') {
      stream.next();
      st.afterParen = ch === '(';
      return 'paren';
    }
    if (ch === '{' || ch === '}') {
      stream.next();
      return 'brace';
    }
    if (ch === '[' || ch === ']') {
      stream.next();
      return 'squareBracket';
    }
    if (stream.match(/^[-+]?\d+(\.\d+)?(?![\w.])/)) return 'number';
    if (stream.match(/^[^\s(){}[\]"]+:(?=\S)/) || stream.match(/^[\w-]+:/)) return 'propertyName';
    if (stream.match(/^#\d*/)) return 'macroName';
    if (stream.match(/^[^\s(){}[\]"]+/)) return afterParen ? 'keyword' : 'atom';
    stream.next();
    return null;
  },
  languageData: {
    commentTokens: { line: '//', block: { open: '/*', close: '*/' } },
    closeBrackets: { brackets: ['(', '{', '[', '"'] },
  },
});

const highlight = HighlightStyle.define([
  { tag: [t.lineComment, t.blockComment, t.comment], class: 'hl-comment' },
  { tag: t.string, class: 'hl-string' },
  { tag: t.number, class: 'hl-number' },
  { tag: t.keyword, class: 'hl-ludeme' },
  { tag: t.propertyName, class: 'hl-key' },
  { tag: t.macroName, class: 'hl-macro' },
  { tag: [t.paren, t.brace, t.squareBracket], class: 'hl-paren' },
  { tag: t.atom, class: 'hl-word' },
]);

// ---------------------------------------------------------- server tokens

const setTokens = StateEffect.define<DecorationSet>();

const tokenField = StateField.define<DecorationSet>({
  create: () => Decoration.none,
  update(deco, tr) {
    deco = deco.map(tr.changes);
    for (const e of tr.effects) if (e.is(setTokens)) deco = e.value;
    return deco;
  },
  provide: (f) => EditorView.decorations.from(f),
});

const KINDS = new Set(['ludeme', 'macro', 'key', 'word', 'param', 'string', 'number', 'comment']);
const marks = new Map<string, Decoration>();
function markFor(kind: string): Decoration {
  let m = marks.get(kind);
  if (!m) {
    m = Decoration.mark({ class: `tk tk-${KINDS.has(kind) ? kind : 'other'}` });
    marks.set(kind, m);
  }
  return m;
}

const tokenPlugin = ViewPlugin.fromClass(
  class {
    timer: ReturnType<typeof setTimeout> | null = null;
    ctrl: AbortController | null = null;
    constructor(readonly view: EditorView) {
      this.schedule(0);
    }
    update(u: ViewUpdate) {
      if (u.docChanged) this.schedule(300);
    }
    schedule(ms: number) {
      if (this.timer) clearTimeout(this.timer);
      this.timer = setTimeout(() => void this.run(), ms);
    }
    async run() {
      this.timer = null;
      this.ctrl?.abort();
      const doc = this.view.state.doc;
      if (doc.length > TOKENS_LIMIT) {
        this.view.dispatch({ effects: setTokens.of(Decoration.none) });
        return;
      }
      const ctrl = new AbortController();
      this.ctrl = ctrl;
      try {
        const reply = await api.tokens(doc.toString(), ctrl.signal);
        if (this.view.state.doc !== doc) return;
        const len = doc.length;
        const ranges = [];
        for (const tk of reply.tokens) {
          const from = Math.max(0, Math.min(tk.from, len));
          const to = Math.max(0, Math.min(tk.to, len));
          if (to > from) ranges.push(markFor(tk.kind).range(from, to));
        }
        this.view.dispatch({ effects: setTokens.of(Decoration.set(ranges, true)) });
      } catch {
        // Colours from the tokenizer remain; the failure shows elsewhere.
      }
    }
    destroy() {
      if (this.timer) clearTimeout(this.timer);
      this.ctrl?.abort();
    }
  },
);

// -------------------------------------------------------------- diagnostics

function clamp(v: number, len: number): number {
  return Math.max(0, Math.min(Number.isFinite(v) ? v : 0, len));
}

function toDiagnostic(p: Problem, doc: Text, view: EditorView): Diagnostic {
  const len = doc.length;
  let from = clamp(p.from, len);
  let to = clamp(p.to, len);
  if (to < from) [from, to] = [to, from];
  if (from === to) {
    if (to < len) to++;
    else if (from > 0) from--;
  }
  return {
    from,
    to,
    severity: p.severity === 'warning' ? 'warning' : 'error',
    source: p.code,
    message: p.message,
    renderMessage: () => {
      const box = document.createElement('div');
      box.className = 'lint-msg';
      const msg = document.createElement('div');
      msg.className = 'lint-message';
      msg.textContent = p.message;
      box.appendChild(msg);
      if (p.label) {
        const l = document.createElement('div');
        l.className = 'lint-label';
        l.textContent = p.label;
        box.appendChild(l);
      }
      if (p.help) {
        const h = document.createElement('div');
        h.className = 'lint-help';
        h.textContent = `help: ${p.help}`;
        box.appendChild(h);
      }
      for (const n of p.notes ?? []) {
        const a = document.createElement('button');
        a.type = 'button';
        a.className = 'lint-note';
        const at = clamp(n.from, view.state.doc.length);
        const line = view.state.doc.lineAt(at).number;
        a.textContent = `note: ${n.label ?? 'see here'} (line ${line})`;
        a.addEventListener('mousedown', (e) => e.preventDefault());
        a.addEventListener('click', () => {
          const l = view.state.doc.length;
          view.dispatch({
            selection: { anchor: clamp(n.from, l), head: clamp(n.to, l) },
            scrollIntoView: true,
          });
          view.focus();
        });
        box.appendChild(a);
      }
      return box;
    },
  };
}

// ------------------------------------------------------------------- editor

export interface EditorHooks {
  /** A check's reply for `doc` (null when the request failed). */
  checked(reply: CheckReply | null, doc: Text): void;
  /** The text changed (by the user or a command). */
  changed(): void;
  /** Mod-S. */
  save(): void;
  /** A request failed. */
  error(e: unknown): void;
}

const COMPLETION_TYPES: Record<string, string> = {
  ludeme: 'function',
  macro: 'variable',
  key: 'property',
  word: 'constant',
  param: 'variable',
  string: 'text',
  number: 'constant',
};

export class Editor {
  readonly view: EditorView;
  private readonly extensions: Extension[];

  constructor(parent: HTMLElement, hooks: EditorHooks) {
    const completionSource = async (ctx: CompletionContext): Promise<CompletionResult | null> => {
      if (!ctx.explicit && !ctx.matchBefore(/[\w"#:(.-]/)) return null;
      const doc = ctx.state.doc;
      let reply;
      try {
        reply = await api.complete(doc.toString(), ctx.pos);
      } catch {
        // No completion this time; a stopped server shows in the header.
        return null;
      }
      if (ctx.aborted || !reply || !Array.isArray(reply.items) || reply.items.length === 0) return null;
      const len = doc.length;
      const from = clamp(reply.from, len);
      const to = Math.max(from, clamp(reply.to, len));
      const options: Completion[] = reply.items.map((it) => {
        const c: Completion = {
          label: it.label,
          apply: it.insert,
          type: COMPLETION_TYPES[it.kind] ?? it.kind,
        };
        if (it.detail) c.detail = it.detail;
        if (it.doc) {
          const md = it.doc;
          c.info = () => renderMarkdown(md);
        }
        return c;
      });
      return { from, to, options };
    };

    this.extensions = [
      lineNumbers(),
      highlightActiveLineGutter(),
      highlightSpecialChars(),
      history(),
      drawSelection(),
      dropCursor(),
      EditorState.allowMultipleSelections.of(true),
      indentOnInput(),
      indentUnit.of('    '),
      lud,
      syntaxHighlighting(highlight),
      bracketMatching(),
      closeBrackets(),
      rectangularSelection(),
      crosshairCursor(),
      highlightActiveLine(),
      highlightSelectionMatches(),
      tokenField,
      tokenPlugin,
      lintGutter(),
      linter(
        async (view) => {
          const doc = view.state.doc;
          let reply: CheckReply;
          try {
            reply = await api.check(doc.toString());
          } catch (e) {
            if (e instanceof ApiError && !e.offline) {
              // Refused whole (too large, say): one problem for the file.
              reply = {
                problems: [
                  {
                    severity: 'error',
                    code: `http ${e.status}`,
                    message: e.message,
                    label: null,
                    help: e.help,
                    from: 0,
                    to: 0,
                    line: 1,
                    column: 1,
                    notes: [],
                  },
                ],
                more: 0,
                rulesets: [],
                options: [],
              };
            } else {
              if (!isAbort(e)) hooks.error(e);
              hooks.checked(null, doc);
              return [];
            }
          }
          hooks.checked(reply, doc);
          if (view.state.doc !== doc) return [];
          return (reply.problems ?? []).map((p) => toDiagnostic(p, doc, view));
        },
        { delay: 300 },
      ),
      hoverTooltip(
        async (view, pos) => {
          const doc = view.state.doc;
          let reply;
          try {
            reply = await api.hover(doc.toString(), pos);
          } catch {
            return null;
          }
          if (!reply || typeof reply.markdown !== 'string' || view.state.doc !== doc) return null;
          const len = doc.length;
          const from = clamp(reply.from, len);
          const md = reply.markdown;
          return {
            pos: from,
            end: Math.max(from, clamp(reply.to, len)),
            above: true,
            create: () => ({ dom: renderMarkdown(md) }),
          };
        },
        { hoverTime: 350 },
      ),
      autocompletion({ override: [completionSource], activateOnTypingDelay: 150 }),
      Prec.highest(
        keymap.of([
          {
            key: 'Mod-s',
            preventDefault: true,
            run: () => {
              hooks.save();
              return true;
            },
          },
        ]),
      ),
      keymap.of([
        ...closeBracketsKeymap,
        ...defaultKeymap,
        ...searchKeymap,
        ...historyKeymap,
        ...completionKeymap,
        ...lintKeymap,
        indentWithTab,
      ]),
      EditorView.updateListener.of((u) => {
        if (u.docChanged) hooks.changed();
      }),
      EditorView.theme({
        '&': { height: '100%' },
        '.cm-scroller': { fontFamily: 'var(--mono)', lineHeight: '1.45' },
      }),
    ];
    this.view = new EditorView({
      parent,
      state: EditorState.create({ doc: '', extensions: this.extensions }),
    });
  }

  /** The text. */
  get text(): string {
    return this.view.state.doc.toString();
  }

  get doc(): Text {
    return this.view.state.doc;
  }

  /** A new document, with a fresh undo history. */
  load(text: string): void {
    this.view.setState(EditorState.create({ doc: text, extensions: this.extensions }));
  }

  /** Replaces the text by `next`, changing only the part between the common start and end (undoable). */
  replace(next: string): void {
    const cur = this.text;
    if (cur === next) return;
    let a = 0;
    const max = Math.min(cur.length, next.length);
    while (a < max && cur.charCodeAt(a) === next.charCodeAt(a)) a++;
    let b = 0;
    while (b < max - a && cur.charCodeAt(cur.length - 1 - b) === next.charCodeAt(next.length - 1 - b)) b++;
    this.view.dispatch({
      changes: { from: a, to: cur.length - b, insert: next.slice(a, next.length - b) },
      userEvent: 'input.format',
    });
  }

  /** Checks the text again now. */
  recheck(): void {
    forceLinting(this.view);
  }

  /** Selects from..to and scrolls it into view. */
  jump(from: number, to: number = from): void {
    const len = this.view.state.doc.length;
    this.view.dispatch({
      selection: { anchor: clamp(from, len), head: clamp(to, len) },
      scrollIntoView: true,
    });
    this.view.focus();
  }
}
