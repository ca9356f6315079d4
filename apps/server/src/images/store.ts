import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import sharpPhash from 'sharp-phash';
import type { Pool } from 'pg';
import { AppError } from '../errors.ts';
import type { ImageStorage } from './storage.ts';

/** Widths each picture is stored in, for `srcset`. Cards show about 400 CSS px; large screens 1200. */
export const IMAGE_WIDTHS = [480, 800, 1200] as const;
/** WebP quality of every stored width. */
export const WEBP_QUALITY = 80;
/** The width `image` points at, for clients that do not read `srcset`. */
const DEFAULT_WIDTH = 800;

export const UPLOADS_PREFIX = '/uploads/';

/**
 * The most pixels a picture may have: 40 megapixels takes every phone's default photo (12 to 24 MP;
 * the 48 to 200 MP modes are opt-in) and bounds decoding to about 120 MB of memory and well under
 * a second of CPU. sharp's own default (268 MP) let one upload take 1–1.6 s and ~700 MB.
 */
export const MAX_IMAGE_PIXELS = 40_000_000;

export interface StoredImage {
  key: string;
  widths: number[];
}

/** A picture encoded in the widths it is stored in, not yet stored. */
export interface EncodedImage {
  widths: number[];
  /** One WebP file per width, in the order of `widths`. */
  files: Buffer[];
}

/**
 * Re-encodes a picture to WebP in a few widths (never enlarged), dropping every piece of metadata
 * (EXIF, GPS: sharp keeps none unless asked).
 */
export async function encodeImage(input: Buffer): Promise<EncodedImage> {
  // The limit again here, for callers that did not go through readUploadedImage's check.
  const source = sharp(input, { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS }).rotate();
  const { width: sourceWidth = IMAGE_WIDTHS[0] } = await source.metadata();
  const widths = IMAGE_WIDTHS.filter((w, i) => i === 0 || w <= sourceWidth);
  const files = await Promise.all(
    widths.map((width) => source.clone().resize({ width, withoutEnlargement: true }).webp({ quality: WEBP_QUALITY }).toBuffer()),
  );
  return { widths, files };
}

/**
 * Stores an encoded picture under a name the server makes. Nothing is left in storage when a write
 * fails.
 */
export async function putImageFiles(storage: ImageStorage, { widths, files }: EncodedImage): Promise<StoredImage> {
  const key = randomBytes(16).toString('base64url');
  const image = { key, widths };
  try {
    // Every write settled first: cleaning up while another write is still under way could miss it.
    await allSettledOrThrow(widths.map((w, i) => storage.put(fileName(key, w), files[i]!, 'image/webp')));
  } catch (err) {
    // Best effort: the failure that matters is this one.
    await deleteImageFiles(storage, image).catch(() => {});
    throw err;
  }
  return image;
}

/** Waits for every one of `work` to settle, then throws the first failure, if any. */
async function allSettledOrThrow(work: Promise<void>[]): Promise<void> {
  const failed = (await Promise.allSettled(work)).find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
}

/** Encodes then stores: every width is encoded before any is stored, so a picture sharp cannot read writes nothing. */
export async function writeImageFiles(storage: ImageStorage, input: Buffer): Promise<StoredImage> {
  return putImageFiles(storage, await encodeImage(input));
}

// sharp-phash is CommonJS typed as if it had an ES default export: the function is the module itself.
const phash = sharpPhash as unknown as typeof sharpPhash.default;

/**
 * Pictures with less contrast than this (the standard deviation of their grey levels, out of 255)
 * are one plain colour: any two of them hash alike without being the same photo, so they get none.
 */
const PLAIN_PICTURE_STDEV = 4;

/**
 * A picture's perceptual hash (sharp-phash: the signs of the lowest 8 × 8 DCT frequencies of a
 * 32 × 32 greyscale copy), as 64 characters '0'/'1' that PostgreSQL reads as `bit(64)`; null for a
 * plain picture. Resizing, recompressing and cropping a few percent off the edges change few of its
 * bits, so a picture shown again by another seller is found by a small Hamming distance
 * (modules/listing-checks/checks.ts).
 */
export async function perceptualHash(input: Buffer): Promise<string | null> {
  const options = { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS } as const;
  const { channels } = await sharp(input, options).greyscale().stats();
  if (channels[0]!.stdev < PLAIN_PICTURE_STDEV) return null;
  return phash(input, options);
}

/**
 * Removes every file of a picture: each deletion is tried, then the first failure is thrown. Deleting
 * files already gone is no failure, so it can be run again until it succeeds.
 */
export async function deleteImageFiles(storage: ImageStorage, { key, widths }: StoredImage): Promise<void> {
  await allSettledOrThrow(widths.map((w) => storage.delete(fileName(key, w))));
}

/**
 * Writes the files, then the row, so that a row never points at a missing file. The row carries the
 * picture's perceptual hash, which the listing checks compare across sellers.
 */
export async function storeImage(pool: Pool, storage: ImageStorage, input: Buffer, ownerId: string | null): Promise<StoredImage> {
  const image = await writeImageFiles(storage, input);
  try {
    const hash = await perceptualHash(input);
    await pool.query('insert into images (key, widths, owner_id, phash) values ($1, $2, $3, $4::bit(64))', [image.key, image.widths, ownerId, hash]);
  } catch (err) {
    // Best effort: the failure that matters is this one.
    await deleteImageFiles(storage, image).catch(() => {});
    throw err;
  }
  return image;
}

const urlPattern = new RegExp(`^${UPLOADS_PREFIX}([A-Za-z0-9_-]{16,64})-(\\d+)\\.webp$`);

/** The key of a picture from one of its URLs, or undefined for anything we did not make. */
export function imageKeyOf(url: string): string | undefined {
  return urlPattern.exec(url)?.[1];
}

/**
 * The key of a picture `ownerId` uploaded here, from its URL; anything else (another person's
 * picture, an address elsewhere) is a 400 saying to choose the `field` again. A listing uses its
 * seller's pictures only, a category its admin's, a profile its person's.
 */
export async function ownPictureKey(db: Pick<Pool, 'query'>, ownerId: string, url: string, field: 'Image' | 'Picture' | 'Photo'): Promise<string> {
  const key = imageKeyOf(url);
  const { rows } = key ? await db.query('select 1 from images where key = $1 and owner_id = $2', [key, ownerId]) : { rows: [] };
  if (!key || !rows.length) throw new AppError('BAD_REQUEST', `${field} must be a picture you uploaded here. Choose the ${field.toLowerCase()} again.`);
  return key;
}

function fileName(key: string, width: number) {
  return `${key}-${width}.webp`;
}

/** The `image` URL and `srcset` of a stored picture, as products and categories carry them. */
export function imageUrls(key: string, widths: number[]): { url: string; srcSet: string } {
  const main = widths.filter((w) => w <= DEFAULT_WIDTH).at(-1) ?? widths[0]!;
  return {
    url: UPLOADS_PREFIX + fileName(key, main),
    srcSet: widths.length > 1 ? widths.map((w) => `${UPLOADS_PREFIX}${fileName(key, w)} ${w}w`).join(', ') : '',
  };
}
