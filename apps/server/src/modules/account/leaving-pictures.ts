import type { PoolClient } from 'pg';
import type { Task } from 'graphile-worker';
import type { ImageStorage } from '../../images/storage.ts';
import { deleteImageFiles, type StoredImage } from '../../images/store.ts';

export const FORGET_PICTURES = 'forget_pictures';

/**
 * The pictures a leaving person uploaded go with their account: their photo, their deleted cars'
 * pictures, uploads never used. Kept are those a record that stays still shows: a sold car's cover
 * and photos, and the picture on a paid order. An unpaid booking of a car that went shows none.
 *
 * The rows go in the caller's transaction, after the person's cars left the market (removeFromMarket).
 * The files cannot be taken back by a rollback, so a job enqueued in the same transaction deletes
 * them once it has committed, and never if it rolls back. Until the job has run, a file's address
 * still answers: the picture route reads storage alone, and asking the database for each picture
 * would cost every page of cars.
 */
export async function forgetPictures(client: PoolClient, personId: string): Promise<void> {
  const { rows } = await client.query<StoredImage>(
    `with going as (
       select key from images i
        where owner_id = $1
          and not exists (select 1 from products p where p.image_key = i.key)
          and not exists (select 1 from product_photos ph where ph.image_key = i.key)
          and not exists (select 1 from bookings b where b.image_key = i.key and b.paid)
          -- A make's picture stays with the make, should its admin have been demoted and left.
          and not exists (select 1 from categories c where c.image_key = i.key)
     ), unshown as (
       update bookings set image_key = null where image_key in (select key from going)
     )
     delete from images where key in (select key from going) returning key, widths`,
    [personId],
  );
  if (!rows.length) return;
  await client.query(`select graphile_worker.add_job($1, $2::json, job_key := 'forget-pictures:' || $3)`, [FORGET_PICTURES, JSON.stringify({ pictures: rows }), personId]);
}

/** The job: deletes the files of the pictures named. Run again after a failure, it deletes what is left. */
export function forgetPicturesTask(storage: ImageStorage): Task {
  return async (payload) => {
    const pictures = (payload as { pictures?: unknown } | null)?.pictures;
    if (!Array.isArray(pictures)) throw new Error(`${FORGET_PICTURES}: the job names no pictures`);
    // One picture at a time: a seller's hundreds of photos are not a burst of requests at the bucket.
    for (const picture of pictures as StoredImage[]) await deleteImageFiles(storage, picture);
  };
}
