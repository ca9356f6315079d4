import type { Pool } from 'pg';
import { progressBar } from './progress.ts';

export const CATEGORIES = 20;
export const SELLERS = 200;
const CHUNK = 5_000;

/**
 * Fills a freshly migrated database with `cars` cars over 20 categories and 200 sellers, written
 * with set-based SQL (generate_series), in chunks so that a progress bar can follow. The spread is
 * deterministic: car n is paid when n % 10 = 3 (10%) and advertised when n % 20 = 7 (5%, never a
 * paid one), with posting times over the past year.
 */
export async function seedCars(pool: Pool, cars: number, label: string): Promise<void> {
  await pool.query(
    `insert into users (id, name, email, role, verified)
     select 'bench-seller-' || n, 'Seller ' || n, 'seller' || n || '@bench.test', 'seller', n % 2 = 0
       from generate_series(1, $1) n`,
    [SELLERS],
  );
  await pool.query(
    `insert into images (key, widths) select 'bench-category-' || lpad(n::text, 6, '0'), '{480,960}' from generate_series(1, $1) n`,
    [CATEGORIES],
  );
  await pool.query(
    `insert into categories (name, details, image_key)
     select 'Brand ' || lpad(n::text, 2, '0'), 'Used cars of brand ' || n, 'bench-category-' || lpad(n::text, 6, '0')
       from generate_series(1, $1) n`,
    [CATEGORIES],
  );

  const bar = progressBar(label, cars);
  for (let from = 1; from <= cars; from += CHUNK) {
    const to = Math.min(cars, from + CHUNK - 1);
    await pool.query(
      `insert into images (key, widths, owner_id)
       select 'bench-car-' || lpad(n::text, 10, '0'), '{480,960,1440}', 'bench-seller-' || (1 + (n * 31) % $3)
         from generate_series($1::int, $2::int) n`,
      [from, to, SELLERS],
    );
    await pool.query(
      `with cats as (select array_agg(id order by name) as ids from categories)
       insert into products (category_id, seller_id, seller_name, seller_email, product_name, condition, description,
         original_price, resale_price, year_of_purchase, mobile, location, image_key, sales_status, paid, advertised, posting_time)
       select cats.ids[1 + (n * 7) % $3], 'bench-seller-' || s, 'Seller ' || s, 'seller' || s || '@bench.test',
              'Car ' || n, (array['Excellent', 'Good', 'Fair'])[1 + n % 3],
              'A well kept car, number ' || n || ', serviced every year, with a full history and two keys.',
              1500000 + (n * 977) % 3000000, 500000 + (n * 613) % 1000000, (2005 + n % 18)::text,
              '555-' || lpad((n % 10000)::text, 4, '0'), 'Town ' || (n % 50),
              'bench-car-' || lpad(n::text, 10, '0'),
              case when n % 10 = 3 then 'sold' else 'available' end, n % 10 = 3, n % 20 = 7,
              now() - ((n::bigint * 7919) % 31536000) * interval '1 second'
         from generate_series($1::int, $2::int) n, cats, lateral (select 1 + (n * 31) % $4 as s) seller`,
      [from, to, CATEGORIES, SELLERS],
    );
    bar.update(to);
  }
  bar.done();
  // As a database that has been running a while would be: statistics known, visibility map set.
  await pool.query('vacuum analyze');
}
