// `npm run demo-pictures`: encodes every demo picture into the project's node_modules/.cache ahead of
// the seedings that want them. `npm test` runs it beside its static checks, so that no server a test
// starts spends its first seconds encoding pictures (about 45 s of CPU when the cache is cold).
import path from 'node:path';
import { defaultDemoPictureCache } from '../src/demo-data/demo-picture-cache.ts';
import { encodeDemoPictures } from '../src/demo-data/seed.ts';

const dir = defaultDemoPictureCache();
if (!dir) throw new Error('no node_modules in this directory: run it from the project directory, after npm install');
const count = await encodeDemoPictures(dir);
console.log(`${count} demo pictures encoded into ${path.relative(process.cwd(), dir)}`);
