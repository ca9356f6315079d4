// Writes .br and .gz copies of the built text files next to them, once at build time, so that the
// server (@fastify/static with preCompressed) sends compressed bytes without compressing per request.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = path.join(import.meta.dirname, 'dist');
const compressible = /\.(js|css|html|svg|json|txt)$/;

function* files(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (compressible.test(entry.name)) yield full;
  }
}

let count = 0;
for (const file of files(dist)) {
  const bytes = fs.readFileSync(file);
  if (bytes.length < 1024) continue;
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(bytes, { level: 9 }));
  count++;
}
console.log(`precompressed ${count} files (br, gz)`);
