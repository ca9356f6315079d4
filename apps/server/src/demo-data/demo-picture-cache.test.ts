import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { encodeImage } from '../images/store.ts';
import { cachedEncoder, defaultDemoPictureCache } from './demo-picture-cache.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sg-demo-pictures-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const picture = (fill: string) => Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="900" height="600"><rect width="100%" height="100%" fill="${fill}"/></svg>`);
/** The teal picture's entry, once the first test made it. */
let tealEntry = '';
const entries = () => fs.readdirSync(dir).filter((name) => !name.startsWith('.'));

describe('the demo pictures cache', () => {
  it('encodes a picture once, then answers the same bytes from disk', async () => {
    const encode = cachedEncoder(dir);
    const first = await encode(picture('teal'));
    expect(first).toEqual(await encodeImage(picture('teal')));
    expect(entries()).toHaveLength(1);

    // Proof that the second answer comes from the entry: a file changed on disk comes back changed.
    tealEntry = path.join(dir, entries()[0]!);
    fs.writeFileSync(path.join(tealEntry, `${first.widths[0]}.webp`), 'marked');
    const again = await cachedEncoder(dir)(picture('teal'));
    expect(again.widths).toEqual(first.widths);
    expect(again.files[0]!.toString()).toBe('marked');
  });

  it('keeps another picture under another entry, and leaves no staging directory behind', async () => {
    await cachedEncoder(dir)(picture('navy'));
    expect(entries()).toHaveLength(2);
    expect(fs.readdirSync(dir).filter((name) => name.startsWith('.'))).toEqual([]);
  });

  it('encodes afresh when an entry is incomplete or the cache cannot be written', async () => {
    fs.rmSync(path.join(tealEntry, 'widths.json'));
    expect((await cachedEncoder(dir)(picture('teal'))).files[0]!.toString()).not.toBe('marked');

    const file = path.join(dir, 'a-file');
    fs.writeFileSync(file, '');
    const encoded = await cachedEncoder(path.join(file, 'below'))(picture('olive'));
    expect(encoded).toEqual(await encodeImage(picture('olive')));
  });

  it('lives in the project node_modules/.cache, and nowhere outside a project', () => {
    expect(defaultDemoPictureCache(process.cwd())).toBe(path.join(process.cwd(), 'node_modules', '.cache', 'second-gear', 'demo-pictures'));
    expect(defaultDemoPictureCache(dir)).toBeUndefined();
  });
});
