// Graphviz (WebAssembly) for the rule graph: its own chunk, loaded by a
// dynamic import() only when the Graph tab opens.
import { Graphviz } from '@hpcc-js/wasm-graphviz';

/** DOT in, SVG markup out. */
export async function loadGraphviz(): Promise<{ dot(src: string): string }> {
  const gv = await Graphviz.load();
  return { dot: (src: string) => gv.dot(src) };
}
