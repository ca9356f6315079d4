import type { PoolClient } from 'pg';
import { afterCarWrite, type CarModel } from './car-written.ts';

/**
 * What goes from the market when a person's account ends (deleted by an admin, or by its owner):
 * their unpaid bookings and their unsold cars, with the work deleted cars set off. Paid orders and
 * sold cars stay: they are the record of a sale, for the other party as much as for this person.
 * In the caller's transaction, which holds the person's row.
 */
export async function removeFromMarket(client: PoolClient, personId: string): Promise<void> {
  await client.query('delete from bookings where buyer_id = $1 and not paid', [personId]);
  const { rows: cars } = await client.query<CarModel>('delete from products where seller_id = $1 and not paid returning category_id as "makeId", model', [personId]);
  await afterCarWrite(client, { kind: 'deleted', cars });
}
