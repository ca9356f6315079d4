import type { FastifyRequest } from 'fastify';
import sharp, { type Metadata } from 'sharp';
import { maxImageBytes } from '@second-gear/contract';
import { AppError } from '../errors.ts';
import { MAX_IMAGE_PIXELS } from './store.ts';

/** Formats accepted from uploads, as sharp names them after reading the bytes (AVIF reads as heif). */
const accepted = new Set(['jpeg', 'png', 'webp', 'heif']);
const notAnImage = 'The file is not a picture. Upload a JPEG, PNG, WebP or AVIF image.';

/**
 * Reads the single `image` field of a multipart upload into memory (bounded by the size limit)
 * and checks by content, not by name or declared type, that it is a picture we accept, of at most
 * MAX_IMAGE_PIXELS: a few hundred KB of PNG can declare 20000 × 20000 pixels.
 */
export async function readUploadedImage(req: FastifyRequest): Promise<Buffer> {
  if (!req.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA', 'Send the picture as multipart/form-data in the field "image".');
  let file;
  try {
    file = await req.file({ limits: { fileSize: maxImageBytes, files: 1, fields: 0 } });
  } catch (err) {
    throw new AppError('BAD_REQUEST', `The upload could not be read: ${(err as Error).message}`);
  }
  if (!file || file.fieldname !== 'image') throw new AppError('BAD_REQUEST', 'Image is Required');
  let bytes: Buffer;
  try {
    bytes = await file.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('TOO_LARGE', `The picture is larger than ${maxImageBytes / 1024 / 1024} MB.`);
    }
    throw new AppError('BAD_REQUEST', 'The upload was interrupted. Please try again.');
  }
  let meta: Metadata;
  try {
    // Only the header is read here, so no limit: the refusal below can name the picture's size.
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new AppError('UNSUPPORTED_MEDIA', notAnImage);
  }
  if (!meta.format || !accepted.has(meta.format)) throw new AppError('UNSUPPORTED_MEDIA', notAnImage);
  const { width = 0, height = 0 } = meta;
  if (width * height > MAX_IMAGE_PIXELS) {
    throw new AppError(
      'TOO_LARGE',
      `The picture is ${width} × ${height} pixels (${Math.ceil((width * height) / 1e6)} megapixels); the most we take is ${MAX_IMAGE_PIXELS / 1e6} megapixels. Save it smaller (for example 4000 × 3000) and upload it again.`,
    );
  }
  return bytes;
}
