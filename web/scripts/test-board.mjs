// Unit tests of the click logic in src/board.ts (pure; no browser):
// `node scripts/test-board.mjs` (npm test). The TypeScript is stripped of
// its types with the compiler's transpileModule, so no build is needed.
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import ts from 'typescript';

const src = readFileSync(new URL('../src/board.ts', import.meta.url), 'utf8');
const js = ts.transpileModule(src, {
  compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
}).outputText;
const { narrow, click } = await import(`data:text/javascript;base64,${Buffer.from(js).toString('base64')}`);

const m = (text, ...clicks) => ({ text, clicks });
const legal = [
  m('e2e4', 12, 28),
  m('e2e3', 12, 20),
  m('g1f3', 6, 21),
  m('e7e8q', 52, 60),
  m('e7e8n', 52, 60),
  m('drop', 40),
  m('jump', 9, 27, 45),
  m('jump-stop', 9, 27),
  m('pass'),
];

test('narrow with no clicks keeps every move but the pass', () => {
  const n = narrow(legal, []);
  assert.equal(n.remaining.length, legal.length - 1);
  assert.deepEqual(n.next, [6, 9, 12, 40, 52]);
  assert.equal(n.done, false);
});

test('narrow after a from square offers its destinations', () => {
  const n = narrow(legal, [12]);
  assert.deepEqual(n.remaining.map((x) => x.text), ['e2e4', 'e2e3']);
  assert.deepEqual(n.next, [20, 28]);
  assert.equal(n.complete.length, 0);
});

test('narrow to one complete move is done', () => {
  const n = narrow(legal, [12, 28]);
  assert.equal(n.done, true);
  assert.deepEqual(n.complete.map((x) => x.text), ['e2e4']);
});

test('narrow keeps moves whose clicks are equal together (promotion)', () => {
  const n = narrow(legal, [52, 60]);
  assert.equal(n.done, true);
  assert.deepEqual(n.complete.map((x) => x.text), ['e7e8q', 'e7e8n']);
});

test('narrow with a mismatch leaves nothing', () => {
  const n = narrow(legal, [12, 13]);
  assert.equal(n.remaining.length, 0);
  assert.equal(n.done, false);
});

test('click plays, chooses, selects, clears and refuses', () => {
  assert.deepEqual(click(legal, [], 12), { kind: 'select', clicks: [12], next: [20, 28], complete: [] });
  assert.equal(click(legal, [12], 28).move.text, 'e2e4');
  assert.equal(click(legal, [], 40).move.text, 'drop');
  const ch = click(legal, [52], 60);
  assert.equal(ch.kind, 'choose');
  assert.equal(ch.moves.length, 2);
  assert.deepEqual(click(legal, [12], 12), { kind: 'clear' });
  assert.deepEqual(click(legal, [12], 35), { kind: 'refused', from: 12, to: 35 });
  assert.deepEqual(click(legal, [], 35), { kind: 'refused', from: null, to: 35 });
  // Another piece with moves takes the selection over.
  assert.equal(click(legal, [12], 6).kind, 'select');
  // A jump that may stop or go on: both the stop and the next landing.
  const j = click(legal, [9], 27);
  assert.equal(j.kind, 'select');
  assert.deepEqual(j.next, [45]);
  assert.deepEqual(j.complete.map((x) => x.text), ['jump-stop']);
});
