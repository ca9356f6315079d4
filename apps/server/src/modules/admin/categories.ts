import type { Pool } from 'pg';
import type { CategoryBody, CategoryChanges, DeleteResult, InsertResult, ManagedCategory, UpdateResult } from '@second-gear/contract';
import type { Actor } from '../../auth/actor.ts';
import { AppError } from '../../errors.ts';
import { imageKeyOf, imageUrls, ownPictureKey } from '../../images/store.ts';

// Brand categories, managed by admins (a production start on an empty database has none
// until an admin adds them). The home page and the Add A Product form read them through the catalog.

/** As many as the public list shows (catalog/service.ts), so the admin sees every category the home page can. */
export const MANAGED_CATEGORIES_LIMIT = 200;

const PG_UNIQUE_VIOLATION = '23505';
const PG_FOREIGN_KEY_VIOLATION = '23503';

const notFound = () => new AppError('NOT_FOUND', 'There is no such category.');
const cars = (n: number) => (n === 1 ? '1 car' : `${n} cars`);

/** A second category of the same name, whatever its case: the database's unique index decides (migration 0006). */
function duplicateName(err: unknown, name: string | undefined): never {
  if ((err as { code?: string }).code === PG_UNIQUE_VIOLATION) {
    throw new AppError('CONFLICT', name ? `A category named ${name} already exists.` : 'A category of that name already exists.');
  }
  throw err;
}

/** Every category with the number of cars that use it (sold ones included: they keep their category). */
export async function listManagedCategories(pool: Pool): Promise<ManagedCategory[]> {
  const { rows } = await pool.query<{ id: string; name: string; details: string; image_key: string; widths: number[]; cars: number }>(
    `select c.id, c.name, c.details, c.image_key, i.widths,
            (select count(*)::int from products p where p.category_id = c.id) as cars
       from categories c join images i on i.key = c.image_key
      order by c.name limit ${MANAGED_CATEGORIES_LIMIT}`,
  );
  return rows.map((r) => ({ _id: r.id, name: r.name, details: r.details, image: imageUrls(r.image_key, r.widths).url, cars: r.cars }));
}

export async function addCategory(pool: Pool, admin: Actor, body: CategoryBody): Promise<InsertResult> {
  const imageKey = await ownPictureKey(pool, admin.id, body.image, 'Picture');
  const { rows } = await pool
    .query<{ id: string }>('insert into categories (name, details, image_key) values ($1, $2, $3) returning id', [body.name, body.details, imageKey])
    .catch((err: unknown) => duplicateName(err, body.name));
  return { acknowledged: true, insertedId: rows[0]!.id };
}

/**
 * Changes the fields sent. The category's current picture may be sent back as it is (it may be a
 * demo picture nobody uploaded); a new one must be the admin's own. Sending what is already there
 * matches without modifying (`modifiedCount` 0).
 */
export async function updateCategory(pool: Pool, admin: Actor, id: string, changes: CategoryChanges): Promise<UpdateResult> {
  const { rows: found } = await pool.query<{ image_key: string }>('select image_key from categories where id = $1', [id]);
  if (!found[0]) throw notFound();
  const { image } = changes;
  const keepsPicture = image === undefined || imageKeyOf(image) === found[0].image_key;
  const imageKey = keepsPicture ? undefined : await ownPictureKey(pool, admin.id, image, 'Picture');
  const { rowCount } = await pool
    .query(
      `update categories set name = coalesce($2, name), details = coalesce($3, details), image_key = coalesce($4, image_key)
        where id = $1 and (name, details, image_key) is distinct from (coalesce($2, name), coalesce($3, details), coalesce($4, image_key))`,
      [id, changes.name ?? null, changes.details ?? null, imageKey ?? null],
    )
    .catch((err: unknown) => duplicateName(err, changes.name));
  return { acknowledged: true, matchedCount: 1, modifiedCount: rowCount ?? 0 };
}

/**
 * Removes a category no car uses. The foreign key of `products` decides, so a car listed while
 * this runs cannot be left without its category: the delete is refused instead (409).
 */
export async function deleteCategory(pool: Pool, id: string): Promise<DeleteResult> {
  const { rows: found } = await pool.query<{ name: string }>('select name from categories where id = $1', [id]);
  if (!found[0]) throw notFound();
  try {
    const { rowCount } = await pool.query('delete from categories where id = $1', [id]);
    return { acknowledged: true, deletedCount: rowCount ?? 0 };
  } catch (err) {
    if ((err as { code?: string }).code !== PG_FOREIGN_KEY_VIOLATION) throw err;
    const { rows } = await pool.query<{ n: number }>('select count(*)::int as n from products where category_id = $1', [id]);
    throw new AppError('CONFLICT', `${found[0].name} has ${cars(rows[0]!.n)}; a category can only be deleted once no car uses it.`);
  }
}
