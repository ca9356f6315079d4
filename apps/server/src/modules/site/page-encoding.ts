import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * A page's HTML compressed for a browser that takes it. A page the server drew holds its markup and
 * the data it was drawn from, 20–100 KB: sent as it is, that was a tenth of a second and more of a
 * phone's first paint on a slow network (Lighthouse's "text compression"). Brotli at quality 5 takes
 * about a millisecond of a core for 100 KB, in libuv's pool, for nearly the size of its best. The
 * web build's files are compressed once at build time (decision 016); API answers are not.
 */
export async function encodedPage(html: string, acceptEncoding: string | undefined): Promise<{ body: Buffer | string; encoding?: 'br' | 'gzip' }> {
  const encoding = acceptEncoding && html.length >= 1024 ? (negotiate(acceptEncoding, ['br', 'gzip']) as 'br' | 'gzip' | null) : null;
  if (encoding === 'br') return { body: await brotli(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }), encoding };
  if (encoding === 'gzip') return { body: await gzip(html), encoding };
  return { body: html };
}
