#!/usr/bin/env node
// Writes a .br (brotli quality 11) and a .gz (gzip level 9) beside every text file of the web build,
// once, at build time: @fastify/static (preCompressed) sends them to clients that accept them, so
// no request spends CPU compressing a bundle (issue 16). Skips files under 1 KB and any whose
// compressed form would not be smaller. Usage: node tools/precompress.mjs dist/web
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TEXT = /\.(?:js|mjs|cjs|css|html|json|svg|txt|xml|webmanifest|map)$/;
const root = resolve(process.argv[2] ?? 'dist/web');

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (TEXT.test(entry.name)) yield path;
  }
}

let count = 0;
let before = 0;
let after = 0;
for (const path of files(root)) {
  if (statSync(path).size < 1024) continue;
  const body = readFileSync(path);
  const br = brotliCompressSync(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  });
  const gz = gzipSync(body, { level: 9 });
  if (br.length < body.length) writeFileSync(`${path}.br`, br);
  if (gz.length < body.length) writeFileSync(`${path}.gz`, gz);
  count++;
  before += body.length;
  after += Math.min(br.length, body.length);
}
console.log(`precompress: ${count} files in ${root}, ${Math.round(before / 1024)} KB → ${Math.round(after / 1024)} KB brotli`);
