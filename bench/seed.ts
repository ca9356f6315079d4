import type { Pool, PoolClient } from 'pg';
import { progressBar } from './progress.ts';
import { repriceModel } from '../apps/server/src/modules/pricing/service.ts';

export const SELLERS = 200;
const CHUNK = 5_000;

/**
 * The makes (the categories) and their models as a used-car market has them: each model's body
 * type, usual fuel and price new in dollars. Searches in the benchmark name these, so the data and
 * the searches agree on what exists.
 */
export const MAKES: Record<string, [model: string, body: string, fuel: string, priceNew: number][]> = {
  Toyota: [['Corolla', 'Hatchback', 'Petrol', 24000], ['Camry Hybrid', 'Sedan', 'Hybrid', 32000], ['RAV4', 'SUV', 'Hybrid', 36000], ['Yaris', 'Hatchback', 'Petrol', 19000], ['Hilux', 'Pickup', 'Diesel', 40000]],
  Volkswagen: [['Golf', 'Hatchback', 'Petrol', 27000], ['Passat', 'Wagon', 'Diesel', 34000], ['Tiguan', 'SUV', 'Diesel', 36000], ['Polo', 'Hatchback', 'Petrol', 20000], ['ID.4', 'SUV', 'Electric', 42000]],
  Ford: [['Focus', 'Hatchback', 'Petrol', 23000], ['Fiesta', 'Hatchback', 'Petrol', 18000], ['Mustang', 'Coupe', 'Petrol', 45000], ['F-150', 'Pickup', 'Petrol', 48000], ['Transit', 'Van', 'Diesel', 42000]],
  Honda: [['Civic', 'Sedan', 'Petrol', 25000], ['Accord', 'Sedan', 'Hybrid', 30000], ['CR-V', 'SUV', 'Petrol', 33000], ['Jazz', 'Hatchback', 'Hybrid', 21000]],
  BMW: [['3 Series', 'Sedan', 'Diesel', 45000], ['5 Series', 'Sedan', 'Diesel', 58000], ['X3', 'SUV', 'Diesel', 52000], ['i3', 'Hatchback', 'Electric', 40000], ['Z4', 'Convertible', 'Petrol', 55000]],
  'Mercedes-Benz': [['C-Class', 'Sedan', 'Diesel', 47000], ['E-Class', 'Wagon', 'Diesel', 60000], ['GLC', 'SUV', 'Diesel', 55000], ['A-Class', 'Hatchback', 'Petrol', 35000], ['Sprinter', 'Van', 'Diesel', 50000]],
  Audi: [['A3', 'Hatchback', 'Petrol', 36000], ['A4', 'Wagon', 'Diesel', 44000], ['Q5', 'SUV', 'Diesel', 52000], ['A6', 'Sedan', 'Diesel', 56000], ['TT', 'Coupe', 'Petrol', 50000]],
  Nissan: [['Leaf', 'Hatchback', 'Electric', 32000], ['Qashqai', 'SUV', 'Petrol', 29000], ['Micra', 'Hatchback', 'Petrol', 17000], ['Navara', 'Pickup', 'Diesel', 38000]],
  Hyundai: [['i30', 'Hatchback', 'Petrol', 23000], ['Tucson', 'SUV', 'Hybrid', 32000], ['Kona', 'SUV', 'Electric', 36000], ['Ioniq', 'Hatchback', 'Hybrid', 28000]],
  Kia: [['Ceed', 'Hatchback', 'Petrol', 23000], ['Sportage', 'SUV', 'Diesel', 31000], ['Niro', 'SUV', 'Hybrid', 30000], ['Picanto', 'Hatchback', 'Petrol', 14000]],
  Chevrolet: [['Malibu', 'Sedan', 'Petrol', 26000], ['Silverado', 'Pickup', 'Petrol', 46000], ['Bolt', 'Hatchback', 'Electric', 30000], ['Equinox', 'SUV', 'Petrol', 30000]],
  Mazda: [['Mazda3', 'Hatchback', 'Petrol', 24000], ['CX-5', 'SUV', 'Petrol', 31000], ['MX-5', 'Convertible', 'Petrol', 30000], ['Mazda6', 'Wagon', 'Diesel', 30000]],
  Subaru: [['Outback', 'Wagon', 'Petrol', 34000], ['Forester', 'SUV', 'Petrol', 32000], ['Impreza', 'Hatchback', 'Petrol', 23000]],
  Tesla: [['Model 3', 'Sedan', 'Electric', 45000], ['Model Y', 'SUV', 'Electric', 50000], ['Model S', 'Sedan', 'Electric', 85000]],
  Volvo: [['XC60', 'SUV', 'Diesel', 50000], ['V60', 'Wagon', 'Diesel', 44000], ['XC90', 'SUV', 'Hybrid', 65000]],
  Peugeot: [['208', 'Hatchback', 'Petrol', 20000], ['308', 'Hatchback', 'Diesel', 26000], ['3008', 'SUV', 'Diesel', 32000]],
  Renault: [['Clio', 'Hatchback', 'Petrol', 18000], ['Megane', 'Hatchback', 'Diesel', 24000], ['Zoe', 'Hatchback', 'Electric', 30000], ['Kangoo', 'Van', 'Diesel', 25000]],
  Skoda: [['Octavia', 'Wagon', 'Diesel', 27000], ['Fabia', 'Hatchback', 'Petrol', 18000], ['Kodiaq', 'SUV', 'Diesel', 36000], ['Superb', 'Sedan', 'Diesel', 34000]],
  Lexus: [['RX', 'SUV', 'Hybrid', 55000], ['IS', 'Sedan', 'Hybrid', 42000], ['NX', 'SUV', 'Hybrid', 45000]],
  Jeep: [['Wrangler', 'SUV', 'Petrol', 40000], ['Grand Cherokee', 'SUV', 'Diesel', 50000], ['Renegade', 'SUV', 'Petrol', 26000], ['Gladiator', 'Pickup', 'Petrol', 45000]],
};
export const CATEGORIES = Object.keys(MAKES).length;

export const TOWNS = [
  'Springfield', 'Riverside', 'Fairview', 'Franklin', 'Greenville', 'Bristol', 'Clinton', 'Salem', 'Madison', 'Georgetown',
  'Arlington', 'Ashland', 'Burlington', 'Manchester', 'Oxford', 'Milton', 'Newport', 'Dover', 'Hudson', 'Kingston',
  'Marion', 'Jackson', 'Auburn', 'Dayton', 'Lexington', 'Milford', 'Winchester', 'Cleveland', 'Hamilton', 'Chester',
];
const COLOURS = ['Black', 'White', 'Silver', 'Grey', 'Blue', 'Red', 'Green', 'Brown'];

/**
 * US cities the cars are placed around (a downtown ZIP code and its centre), the largest first:
 * every car but one in twenty is placed up to 1.2 degrees (about 80 miles) from one, most of them near its
 * centre, at a point rounded to a hundredth of a degree as ZIP codes' centres are spread, so that
 * many cars share a point. The radius searches measure from these ZIP codes (bench/searches.ts).
 */
export const CITIES: { zip: string; lat: number; lon: number }[] = [
  { zip: '10001', lat: 40.7506, lon: -73.9972 }, { zip: '90012', lat: 34.0614, lon: -118.2385 }, { zip: '60601', lat: 41.8858, lon: -87.6181 },
  { zip: '77002', lat: 29.7604, lon: -95.3698 }, { zip: '85004', lat: 33.4515, lon: -112.0701 }, { zip: '19103', lat: 39.9525, lon: -75.174 },
  { zip: '78205', lat: 29.4241, lon: -98.4936 }, { zip: '92101', lat: 32.7195, lon: -117.1628 }, { zip: '75201', lat: 32.7876, lon: -96.7994 },
  { zip: '78701', lat: 30.2711, lon: -97.7437 }, { zip: '32202', lat: 30.3255, lon: -81.6556 }, { zip: '43215', lat: 39.9656, lon: -83.005 },
  { zip: '28202', lat: 35.227, lon: -80.8431 }, { zip: '46204', lat: 39.7718, lon: -86.1566 }, { zip: '98101', lat: 47.6114, lon: -122.3305 },
  { zip: '80202', lat: 39.7525, lon: -104.9995 }, { zip: '02108', lat: 42.3576, lon: -71.064 }, { zip: '37203', lat: 36.1493, lon: -86.7915 },
  { zip: '97201', lat: 45.5152, lon: -122.6784 }, { zip: '30303', lat: 33.7525, lon: -84.3915 }, { zip: '33131', lat: 25.7634, lon: -80.1918 },
  { zip: '55401', lat: 44.9847, lon: -93.2711 }, { zip: '48226', lat: 42.3311, lon: -83.0475 }, { zip: '64106', lat: 39.105, lon: -94.573 },
  { zip: '84101', lat: 40.7566, lon: -111.9 },
];

/**
 * Fills a freshly migrated database with `cars` cars over the makes above and 200 sellers, written
 * with set-based SQL (generate_series), in chunks so that a progress bar can follow. Deterministic:
 * every attribute of car n is a hash of n, so two runs hold the same cars. Car n is paid when
 * n % 10 = 3 (10%) and advertised when n % 20 = 7 (5%, never a paid one); posting times spread over
 * the past year. A car's price follows its model's price new, its age (15% a year), its mileage and
 * condition, with ±15% noise; the mileage follows the age; one car in seven is listed in miles; one
 * in ten has no model year (its year of purchase stands in); one in twenty gives no fuel.
 */
export async function seedCars(pool: Pool, cars: number, label: string, { priceModels = true } = {}): Promise<void> {
  // One connection throughout: the models' table is a temporary one.
  const client = await pool.connect();
  try {
    await fill(client, cars, label);
  } finally {
    client.release();
  }
  // Without pricing (bench/million.ts prices a million cars its own way), the queue is still emptied.
  if (priceModels) await settleJobs(pool);
  else await pool.query('delete from graphile_worker._private_jobs');
}

/**
 * Leaves the market as one that has been running a while has it: every model priced, the queue
 * empty. The cars are written with set-based SQL, not through afterCarWrite (one call per car would
 * enqueue 100,000 jobs): each make and model is priced here as its job would, and what the
 * repricings enqueue (a listing check per car, the saved searches) is dropped, as generated cars
 * are measured, not checked, and the jobs would run in the servers while they are measured.
 */
async function settleJobs(pool: Pool): Promise<void> {
  const { rows } = await pool.query<{ category_id: string; model: string }>(
    'select distinct category_id, lower(model) as model from products where model is not null order by 1, 2',
  );
  const bar = progressBar('pricing every model'.padEnd(24), rows.length);
  for (const [i, { category_id, model }] of rows.entries()) {
    await repriceModel(pool, category_id, model);
    bar.update(i + 1);
  }
  bar.done();
  await pool.query('delete from graphile_worker._private_jobs');
  // As a database that has been running a while would be: statistics known, visibility map set.
  await pool.query('vacuum analyze');
}

async function fill(client: PoolClient, cars: number, label: string): Promise<void> {
  await client.query(
    `insert into users (id, name, email, role, verified)
     select 'bench-seller-' || n, 'Seller ' || n, 'seller' || n || '@bench.test', 'seller', n % 2 = 0
       from generate_series(1, $1) n`,
    [SELLERS],
  );
  const makes = Object.keys(MAKES);
  await client.query(
    `insert into images (key, widths) select 'bench-category-' || lpad(n::text, 6, '0'), '{480,960}' from generate_series(1, $1) n`,
    [makes.length],
  );
  await client.query(
    `insert into categories (name, details, image_key)
     select make, 'Used ' || make || ' cars from private sellers', 'bench-category-' || lpad(n::text, 6, '0')
       from unnest($1::text[]) with ordinality as m (make, n)`,
    [makes],
  );
  const models = Object.entries(MAKES).flatMap(([make, list]) => list.map(([model, body, fuel, priceNew]) => ({ make, model, body, fuel, priceNew }))).map((m, i) => ({ ...m, i }));
  await client.query(
    `create temporary table bench_models as
     select m.i, m.make, m.model, m.body, m.fuel, m."priceNew" as price_new, c.id as category_id
       from jsonb_to_recordset($1::jsonb) as m (i int, make text, model text, body text, fuel text, "priceNew" int)
       join categories c on c.name = m.make`,
    [JSON.stringify(models)],
  );

  const bar = progressBar(label, cars);
  for (let from = 1; from <= cars; from += CHUNK) {
    const to = Math.min(cars, from + CHUNK - 1);
    await client.query(
      `insert into images (key, widths, owner_id)
       select 'bench-car-' || lpad(n::text, 10, '0'), '{480,960,1440}', 'bench-seller-' || (1 + (n * 31) % $3)
         from generate_series($1::int, $2::int) n`,
      [from, to, SELLERS],
    );
    await client.query(
      `with cars as (
         select n, 1 + (n * 31) % $3 as s,
                -- Independent uniform numbers in [0, 1) per car and purpose.
                (hashtext(n || 'model') & 2147483647) % 1000000 / 1e6 as r_model,
                (hashtext(n || 'age') & 2147483647) % 1000000 / 1e6 as r_age,
                (hashtext(n || 'km') & 2147483647) % 1000000 / 1e6 as r_km,
                (hashtext(n || 'fuel') & 2147483647) % 1000000 / 1e6 as r_fuel,
                (hashtext(n || 'noise') & 2147483647) % 1000000 / 1e6 as r_noise,
                (hashtext(n || 'misc') & 2147483647) as r_misc,
                (hashtext(n || 'city') & 2147483647) as r_city,
                (hashtext(n || 'spread') & 2147483647) % 1000000 / 1e6 as r_spread,
                (hashtext(n || 'bearing') & 2147483647) % 1000000 / 1e6 as r_bearing
           from generate_series($1::int, $2::int) n
       ), shaped as (
         select c.*, m.*,
                -- Young cars are more common on the market than old ones.
                floor(power(c.r_age, 1.6) * 18)::int as age,
                (array['Excellent', 'Good', 'Good', 'Fair'])[1 + c.r_misc % 4] as cond
           from cars c join bench_models m on m.i = floor(c.r_model * (select count(*) from bench_models))::int
       ), priced as (
         select s.*, 2024 - s.age as year,
                round(s.age * (8000 + s.r_km * 14000) + s.r_km * 5000)::int as km
           from shaped s
       )
       insert into products (category_id, seller_id, seller_name, seller_email, product_name, model, model_year, mileage,
         mileage_unit, fuel, transmission, body_type, colour, condition, description, original_price, resale_price,
         year_of_purchase, mobile, location, image_key, sales_status, paid, advertised, posting_time, zip, lat, lon)
       select p.category_id, 'bench-seller-' || p.s, 'Seller ' || p.s, 'seller' || p.s || '@bench.test',
              p.make || ' ' || p.model, p.model, case when p.r_misc % 10 = 0 then null else p.year end,
              case when p.r_misc % 7 = 0 then round(p.km / 1.609344)::int else p.km end,
              case when p.r_misc % 7 = 0 then 'mi' else 'km' end,
              case when p.r_misc % 20 = 1 then null
                   when p.r_fuel < 0.75 then p.fuel
                   when p.fuel = 'Electric' then 'Electric'
                   else (array['Petrol', 'Diesel', 'Hybrid', 'LPG'])[1 + floor(p.r_fuel * 1000)::int % 4] end,
              case when p.r_misc % 4 = 3 and p.fuel <> 'Electric' then 'Manual' else 'Automatic' end,
              p.body, ($4::text[])[1 + (p.r_misc >> 3) % $5], p.cond,
              p.year || ' ' || p.make || ' ' || p.model || ' in ' || lower(p.cond) || ' condition, ' || p.km || ' km, '
                || (array['one owner', 'two owners', 'three owners'])[1 + (p.r_misc >> 5) % 3] || ', full service history, '
                || (array['new tyres', 'two keys', 'towbar', 'winter tyres included', 'recent cambelt', 'heated seats'])[1 + (p.r_misc >> 7) % 6] || '.',
              p.price_new, greatest(500, round(p.price_new * power(0.85, p.age) * (1 - least(p.km, 300000) / 1e6)
                * (case p.cond when 'Excellent' then 1.08 when 'Fair' then 0.85 else 1 end) * (0.85 + p.r_noise * 0.3) / 50) * 50)::int,
              p.year::text, '555-' || lpad((p.n % 10000)::text, 4, '0'), ($6::text[])[1 + (p.r_misc >> 11) % $7],
              'bench-car-' || lpad(p.n::text, 10, '0'),
              case when p.n % 10 = 3 then 'sold' else 'available' end, p.n % 10 = 3, p.n % 20 = 7,
              now() - ((p.n::bigint * 7919) % 31536000) * interval '1 second',
              case when p.placed then ($8::text[])[p.city] end,
              case when p.placed then round((($9::float8[])[p.city] + p.r_spread * p.r_spread * 1.2 * sin(2 * pi() * p.r_bearing))::numeric, 2)::float8 end,
              case when p.placed then round((($10::float8[])[p.city] + p.r_spread * p.r_spread * 1.2 * cos(2 * pi() * p.r_bearing) / cos(radians(($9::float8[])[p.city])))::numeric, 2)::float8 end
         from (select *, 1 + r_city % $11 as city, (r_city >> 8) % 20 <> 0 as placed from priced) p`,
      [from, to, SELLERS, COLOURS, COLOURS.length, TOWNS, TOWNS.length, CITIES.map((c) => c.zip), CITIES.map((c) => c.lat), CITIES.map((c) => c.lon), CITIES.length],
    );
    bar.update(to);
  }
  bar.done();
  await client.query('drop table bench_models');
}
