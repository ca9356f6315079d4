// Compiles the server for production: `node apps/server/dist/main.js` (and `dist/admin.js` for the
// admin command) run plain JavaScript, so an operator's start needs no TypeScript loader.
//
// One bundle per entry, with every npm package left as an import (they stay in node_modules,
// native addons and all) except our own workspace contract, whose package points at TypeScript.
// Split into chunks: what `import()` loads on demand (the demo seeder and its content, only with
// DEMO_DATA on) is a file of its own that a start without it never reads, and code both entries
// share is one chunk. Entries and chunks all sit directly in dist/, where the code's own relative
// paths keep working: `import.meta.dirname` + `migrations` (copied below) and `../../web/dist`.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const here = import.meta.dirname;
const out = path.join(here, 'dist');

fs.rmSync(out, { recursive: true, force: true });
await build({
  entryPoints: { main: path.join(here, 'src/main.ts'), admin: path.join(here, 'src/cli/admin.ts') },
  outdir: out,
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'npm-packages-stay-external',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@second-gear/') ? undefined : { path: args.path, external: true }));
      },
    },
  ],
});
fs.cpSync(path.join(here, 'src/db/migrations'), path.join(out, 'migrations'), { recursive: true });
console.log(`server compiled to ${path.relative(process.cwd(), out)}/ (main.js, admin.js, their chunks, migrations/)`);
