import type { FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { maxImageBytes } from '@second-gear/contract';
import { AppError } from '../errors.ts';

/** Formats accepted from uploads, as sharp names them after reading the bytes (AVIF reads as heif). */
const accepted = new Set(['jpeg', 'png', 'webp', 'heif']);
const notAnImage = 'The file is not a picture. Upload a JPEG, PNG, WebP or AVIF image.';

/**
 * Reads the single `image` field of a multipart upload into memory (bounded by the size limit)
 * and checks by content, not by name or declared type, that it is a picture we accept.
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
  let format: string | undefined;
  try {
    ({ format } = await sharp(bytes).metadata());
  } catch {
    throw new AppError('UNSUPPORTED_MEDIA', notAnImage);
  }
  if (!format || !accepted.has(format)) throw new AppError('UNSUPPORTED_MEDIA', notAnImage);
  return bytes;
}
