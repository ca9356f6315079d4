import type { Task } from 'graphile-worker';
import type { Pool } from 'pg';
import { placeCar } from './car-place.ts';

/** The job migration 0042 enqueues once: the cars listed before places (issue 48) placed from their Location. */
export const PLACE_LISTED_CARS = 'place_listed_cars';

/** Cars read and placed per statement: small enough that each update is brief, large enough that 100,000 cars take a few seconds. */
const BATCH = 500;

/**
 * Places every car that has no place and whose seller gave no ZIP code, from its Location ("City, ST"),
 * in batches in id order; a Location that names no US city leaves its car unplaced. Each batch is one
 * statement that writes a car only if it is still unplaced and its Location is still the one read,
 * so a car its seller edited meanwhile keeps the place its edit gave it, and two runs at once (two
 * processes) write each car once, the same place. Returns how many cars it placed.
 */
export async function placeListedCars(pool: Pool, batch = BATCH): Promise<number> {
  let after = '00000000-0000-0000-0000-000000000000';
  let placed = 0;
  for (;;) {
    const { rows } = await pool.query<{ id: string; location: string }>(
      'select id, location from products where lat is null and not zip_given and id > $1 order by id limit $2',
      [after, batch],
    );
    if (!rows.length) return placed;
    after = rows.at(-1)!.id;
    const places = rows.map((car) => ({ id: car.id, location: car.location, ...placeCar(car.location, undefined) })).filter((car) => car.zip !== null);
    if (!places.length) continue;
    // The search's stamp (products_search_stamp) tells each process's copy of the cars their places.
    const { rowCount } = await pool.query(
      `update products p set zip = v.zip, lat = v.lat, lon = v.lon
         from jsonb_to_recordset($1::jsonb) as v (id uuid, location text, zip text, lat double precision, lon double precision)
        where p.id = v.id and p.lat is null and not p.zip_given and p.location = v.location`,
      [JSON.stringify(places)],
    );
    placed += rowCount ?? 0;
  }
}

export const placeListedCarsTask =
  (pool: Pool): Task =>
  async () => {
    await placeListedCars(pool);
  };
