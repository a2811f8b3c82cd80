// Writes web/dist.stamp: FNV-1a 64-bit hashes of the build's inputs and of
// its output, so that a test without npm can tell whether the committed
// dist/ was built from the committed sources. For each file, in the byte
// order of its path relative to web/ (with / separators): the path's UTF-8
// bytes, one 0x00 byte, the file's length as 8 bytes little-endian, then
// the file's bytes.
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const web = join(dirname(fileURLToPath(import.meta.url)), '..');

const OFFSET = 0xcbf29ce484222325n;
const PRIME = 0x100000001b3n;
const MASK = 0xffffffffffffffffn;

/** Every file under `dir` (relative to web/), as web-relative paths. */
function walk(dir) {
  const out = [];
  const abs = join(web, dir);
  if (!existsSync(abs)) return out;
  for (const name of readdirSync(abs)) {
    const rel = `${dir}/${name}`;
    const st = statSync(join(web, rel));
    if (st.isDirectory()) out.push(...walk(rel));
    else if (st.isFile()) out.push(rel);
  }
  return out;
}

function compare(a, b) {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return Buffer.compare(x, y);
}

function fnv(files) {
  let h = OFFSET;
  const feed = (bytes) => {
    for (const b of bytes) {
      h ^= BigInt(b);
      h = (h * PRIME) & MASK;
    }
  };
  for (const rel of [...files].sort(compare)) {
    const data = readFileSync(join(web, rel));
    feed(Buffer.from(rel, 'utf8'));
    feed([0]);
    const len = Buffer.alloc(8);
    len.writeBigUInt64LE(BigInt(data.length));
    feed(len);
    feed(data);
  }
  return h.toString(16).padStart(16, '0');
}

const inputs = [
  ...walk('src'),
  ...['index.html', 'package.json', 'package-lock.json', 'vite.config.ts', 'tsconfig.json'].filter(
    (f) => existsSync(join(web, f)),
  ),
];
const dist = walk('dist');

const text = `inputs ${fnv(inputs)}\ndist ${fnv(dist)}\n`;
writeFileSync(join(web, 'dist.stamp'), text);
process.stdout.write(text);
