import type { Pool } from 'pg';

/**
 * The status of a car's page for a viewer it shows no car to (catalog/car-page.ts refused them), as
 * the machines that read the page take it: 410 for a car gone for good (sold; withdrawn, which no
 * route undoes; deleted, which departed_cars remembers for two years), so that search engines drop
 * the address; 404 for one that may come back (reserved: a refund of its held payment puts it back
 * on the market) and for an id no car ever had.
 */
export async function goneCarStatus(pool: Pool, id: string): Promise<404 | 410> {
  const { rows } = await pool.query<{ for_good: boolean }>(
    `select p.sales_status = 'sold' or p.withdrawn_at is not null as for_good from products p where p.id = $1
     union all
     select true from departed_cars d where d.product_id = $1
     limit 1`,
    [id],
  );
  return rows[0]?.for_good ? 410 : 404;
}
