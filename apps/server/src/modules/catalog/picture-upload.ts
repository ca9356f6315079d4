import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { imageUploadAnswer, type ImageUploadAnswer } from '@second-gear/contract';
import { actorOf } from '../../auth/guards.ts';
import { AppError } from '../../errors.ts';
import { refusal } from '../../http/openapi.ts';
import { imageUrls, storeImage } from '../../images/store.ts';
import { readUploadedImage } from '../../images/upload.ts';
import { countUpload } from '../../images/upload-limit.ts';

/** What a picture upload route takes (multipart field `image`) and answers. */
const pictureUploadSchema = {
  config: { multipartFiles: { image: 'A JPEG, PNG, WebP or AVIF picture.' } },
  response: {
    200: imageUploadAnswer,
    413: refusal('The picture is larger than the upload limit.'),
    415: refusal('Not multipart/form-data, or not a picture this server reads.'),
    429: refusal('Too many uploads today; `Retry-After` says when to try again.'),
  },
} as const;

/**
 * Who uploads, counted against their limit (a refusal throws): the signed-in caller by default,
 * counted per person; the sign-up photo, before any account exists, counts per client address and
 * belongs to nobody (null).
 */
export type Uploader = (req: FastifyRequest) => Promise<string | null>;

const signedInUploader: Uploader = async (req) => {
  const owner = actorOf(req).id;
  await countUpload(req.server.pg, owner);
  return owner;
};

/**
 * One picture upload (a car's photo, a category's, a profile photo): counted against the uploader's
 * hourly limit, checked by content, re-encoded without its metadata and stored as the uploader's.
 */
async function uploadPicture(req: FastifyRequest, uploader: Uploader): Promise<ImageUploadAnswer> {
  // Counted before the body is read, so an uploader over the limit costs no decoding at all.
  const owner = await uploader(req);
  const bytes = await readUploadedImage(req);
  let stored;
  try {
    stored = await storeImage(req.server.pg, req.server.images, bytes, owner);
  } catch (err) {
    req.log.warn({ err }, 'picture could not be re-encoded');
    throw new AppError('UNSUPPORTED_MEDIA', 'The picture is damaged and could not be read. Try another file.');
  }
  return { success: true as const, data: { url: imageUrls(stored.key, stored.widths).url } };
}

/**
 * A picture upload route at `path` (under the caller's prefix), in a scope of its own with
 * @fastify/multipart. Its parser then takes multipart bodies on the upload routes alone (every other
 * route refuses one with a 415, as it refuses any type it does not read), and its onResponse hook, an
 * async clean-up of temporary files, runs after uploads only instead of after every answer.
 */
export async function registerPictureUpload(
  app: FastifyInstance,
  path: string,
  route: { onRequest: RouteShorthandOptions['onRequest']; tags: string[]; summary: string; uploader?: Uploader },
): Promise<void> {
  const uploader = route.uploader ?? signedInUploader;
  await app.register(async (uploads) => {
    await uploads.register(multipart);
    uploads.post(
      path,
      {
        onRequest: route.onRequest,
        config: pictureUploadSchema.config,
        schema: { tags: route.tags, summary: route.summary, response: pictureUploadSchema.response },
      },
      (req) => uploadPicture(req, uploader),
    );
  });
}
