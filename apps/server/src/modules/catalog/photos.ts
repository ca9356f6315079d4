import type { Pool, PoolClient } from 'pg';
import type { CarPhoto } from '@second-gear/contract';
import { AppError } from '../../errors.ts';
import { imageKeyOf, imageUrls, ownPictureKey } from '../../images/store.ts';

/**
 * The stored pictures behind a listing's cover (`image`) and more `photos`: each must be a picture
 * this seller uploaded here, so nobody can show another seller's photos as theirs.
 */
export async function listingPictureKeys(db: Pick<Pool, 'query'>, sellerId: string, image: string, photos: string[] = []) {
  const cover = await ownPictureKey(db, sellerId, image, 'Image');
  const keys = photos.map((url) => imageKeyOf(url));
  const { rows } = await db.query<{ key: string }>('select key from images where key = any($1::text[]) and owner_id = $2', [
    keys.filter((key) => key !== undefined),
    sellerId,
  ]);
  const owned = new Set(rows.map((r) => r.key));
  const missing = keys.findIndex((key) => key === undefined || !owned.has(key));
  if (missing !== -1) throw new AppError('BAD_REQUEST', `Photo ${missing + 2} must be a picture you uploaded here. Add it again.`);
  if (keys.includes(cover)) throw new AppError('BAD_REQUEST', 'The cover is already among the photos.');
  return { cover, photos: keys as string[] };
}

/** Sets a car's photos after the cover to `keys`, in this order. */
export async function replacePhotos(client: PoolClient, productId: string, keys: string[]) {
  await client.query('delete from product_photos where product_id = $1', [productId]);
  if (!keys.length) return;
  await client.query(
    `insert into product_photos (product_id, position, image_key)
     select $1, position, key from unnest($2::text[]) with ordinality as photo(key, position)`,
    [productId, keys],
  );
}

/** A car's gallery: the cover first, then its other photos in the seller's order. */
export async function carPhotos(db: Pick<Pool, 'query'>, productId: string, cover: { key: string; widths: number[] }): Promise<CarPhoto[]> {
  const { rows } = await db.query<{ image_key: string; widths: number[] }>(
    `select ph.image_key, i.widths from product_photos ph join images i on i.key = ph.image_key
      where ph.product_id = $1 order by ph.position`,
    [productId],
  );
  return [cover, ...rows.map((r) => ({ key: r.image_key, widths: r.widths }))].map(({ key, widths }) => {
    const { url, srcSet } = imageUrls(key, widths);
    return { url, srcSet };
  });
}
