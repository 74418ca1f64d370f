/**
 * Writes Brotli (.br) and gzip (.gz) copies of the built JavaScript, CSS, HTML, SVG and JSON next
 * to each file, once at build time; the server sends the smallest one the browser accepts
 * (@fastify/static `preCompressed`). Compressing per request would cost CPU on every visit.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt)$/;
const MIN_BYTES = 1024;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) yield* files(file);
    else if (COMPRESSIBLE.test(name)) yield file;
  }
}

let raw = 0;
let brotli = 0;
for (const file of files(DIST)) {
  const content = readFileSync(file);
  if (content.length < MIN_BYTES) continue;
  const br = brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } });
  writeFileSync(`${file}.br`, br);
  writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
  raw += content.length;
  brotli += br.length;
}
console.log(`precompressed: ${(raw / 1024).toFixed(0)} kB -> ${(brotli / 1024).toFixed(0)} kB with Brotli`);
