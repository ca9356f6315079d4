import sharp from 'sharp';
import { seeded } from './seeded.ts';

/**
 * A real JPEG photo-like picture for the listing checks' tests and bench: a background and a dozen
 * coloured shapes (the broad structure a photo has) under grain, different for every seed.
 */
export async function carPicture(seed: number, width = 800, height = 600): Promise<Buffer> {
  const random = seeded(seed);
  const colour = () => `rgb(${Math.floor(random() * 256)},${Math.floor(random() * 256)},${Math.floor(random() * 256)})`;
  const shapes = Array.from({ length: 12 }, () =>
    random() < 0.5
      ? `<ellipse cx="${random() * width}" cy="${random() * height}" rx="${(0.05 + random() * 0.25) * width}" ry="${(0.05 + random() * 0.25) * height}" fill="${colour()}"/>`
      : `<rect x="${random() * width}" y="${random() * height}" width="${(0.05 + random() * 0.3) * width}" height="${(0.05 + random() * 0.3) * height}" fill="${colour()}" transform="rotate(${random() * 40 - 20})"/>`,
  ).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="${colour()}"/>${shapes}</svg>`;
  // Grain from the same seed (sharp's own noise is random on every run).
  const grain = Buffer.alloc(width * height);
  for (let i = 0; i < grain.length; i++) grain[i] = 128 + Math.round((random() + random() + random() - 1.5) * 60);
  const grainPicture = await sharp(grain, { raw: { width, height, channels: 1 } }).png().toBuffer();
  return sharp(Buffer.from(svg)).composite([{ input: grainPicture, blend: 'overlay' }]).jpeg({ quality: 90 }).toBuffer();
}

/**
 * Another seller's copy of a picture, as one is made to pass for one's own: cropped by 2–5% (off
 * one or two edges), resized to 640 px wide and saved again as a JPEG of quality 60.
 */
export async function reusedCopy(picture: Buffer, seed: number): Promise<Buffer> {
  const random = seeded(seed);
  const { width = 0, height = 0 } = await sharp(picture).metadata();
  const crop = 0.02 + random() * 0.03;
  const cropWidth = Math.round(width * crop);
  const cropHeight = Math.round(height * crop);
  const left = Math.round(cropWidth * random());
  const top = Math.round(cropHeight * random());
  return sharp(picture)
    .extract({ left, top, width: width - cropWidth, height: height - cropHeight })
    .resize({ width: 640 })
    .jpeg({ quality: 60 })
    .toBuffer();
}
