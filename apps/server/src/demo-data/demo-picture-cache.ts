import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { encodeImage, IMAGE_WIDTHS, WEBP_QUALITY, type EncodedImage } from '../images/store.ts';

/**
 * Where encoded demo pictures are kept between seedings: the project's `node_modules/.cache`, as
 * build tools keep theirs. Only someone who can already change the installed code can write there,
 * which a shared temporary directory would not promise. Undefined (no cache) outside a project
 * directory.
 */
export function defaultDemoPictureCache(cwd = process.cwd()): string | undefined {
  const modules = path.join(cwd, 'node_modules');
  return existsSync(modules) ? path.join(modules, '.cache', 'second-gear', 'demo-pictures') : undefined;
}

/**
 * Encodes demo pictures through a cache on disk. Drawing and encoding the ~100 demo pictures takes
 * about 45 s of CPU here, and every new demo database (a first `npm start`, each test server with
 * demo data) wants the very same bytes. Entries are found by content: the key hashes the picture and
 * everything that shapes its encoding (sharp's and libvips' versions, the widths, the quality), so a
 * change to any of them encodes afresh. The cache is only a shortcut: one it cannot read or write
 * is passed by, and an entry becomes visible only once all of its files are written.
 */
export function cachedEncoder(dir: string | undefined): (picture: Buffer) => Promise<EncodedImage> {
  if (!dir) return encodeImage;
  const shaping = JSON.stringify({ sharp: sharp.versions, widths: IMAGE_WIDTHS, quality: WEBP_QUALITY });
  return async (picture) => {
    const key = createHash('sha256').update(shaping).update(picture).digest('hex');
    const entry = path.join(dir, key);
    const cached = await readEntry(entry);
    if (cached) return cached;
    const encoded = await encodeImage(picture);
    await writeEntry(dir, entry, encoded).catch(() => {});
    return encoded;
  };
}

interface Manifest {
  widths: number[];
}

async function readEntry(entry: string): Promise<EncodedImage | undefined> {
  try {
    const { widths } = JSON.parse(await fs.readFile(path.join(entry, 'widths.json'), 'utf8')) as Manifest;
    const files = await Promise.all(widths.map((w) => fs.readFile(path.join(entry, `${w}.webp`))));
    return { widths, files };
  } catch {
    return undefined;
  }
}

/** Written beside the entry, then renamed into place: two seedings at once never see half an entry. */
async function writeEntry(dir: string, entry: string, { widths, files }: EncodedImage): Promise<void> {
  const staging = path.join(dir, `.staging-${randomBytes(8).toString('hex')}`);
  await fs.mkdir(staging, { recursive: true });
  try {
    await Promise.all(widths.map((w, i) => fs.writeFile(path.join(staging, `${w}.webp`), files[i]!)));
    await fs.writeFile(path.join(staging, 'widths.json'), JSON.stringify({ widths } satisfies Manifest));
    // Fails when another seeding put the same entry first: theirs is as good.
    await fs.rename(staging, entry);
  } finally {
    await fs.rm(staging, { recursive: true, force: true });
  }
}
