import http from 'node:http';
import pg from 'pg';

/**
 * The floor of a category page: plain node:http and pg, on the product's database, answering
 * `GET /api/category/{id}[?cursor=…]` by running the category page's statement as the product ran
 * it on 2026-11-27 (a frozen copy, below) and sending the rows as JSON. No framework, cache,
 * validation, session or logging: what a page costs when nothing but that read and its bytes is
 * done. Keep it that minimal, and keep the statement frozen: a floor that does more, or a statement
 * that follows the product's, would flatter the product (docs/performance.md, "The floor").
 *
 * Run as its own process, like the app: `tsx bench/floor-server.ts <DATABASE_URL> [port]`.
 */

// The product's PRODUCT_COLUMNS and PRODUCT_FROM, with ON_MARKET and HAS_OPEN_FLAG written out, as of
// commit f41e849. Named statements, as the product prepares them: planning the joins cost more than
// running them.
const columns = `
  p.id, p.product_name, p.category_id, c.name as category_name, p.condition, p.description,
  p.original_price, p.resale_price, p.year_of_purchase, p.mobile, p.location, p.seller_name,
  p.seller_email, p.image_key, i.widths, p.sales_status, p.posting_time, p.paid, p.advertised,
  (select s.verified from users s where s.id = p.seller_id) as seller_verified, p.model, p.model_year, p.mileage, p.mileage_unit, p.fuel, p.transmission,
  p.body_type, p.colour, p.vin, p.withdrawn_at, pe.rating as deal_rating,
  exists (select 1 from listing_checks f where f.product_id = p.id and f.outcome = 'flagged' and f.dismissed_at is null) as flagged, p.listed_at,
  recent.price_before as price_before_drop, recent.dropped_at as price_dropped_at`;
const from = `
  products p
  join categories c on c.id = p.category_id
  join images i on i.key = p.image_key
  left join price_estimates pe on pe.product_id = p.id
  left join lateral (
    select (array_agg(pc.old_price order by pc.changed_at, pc.id))[1] as price_before,
           max(pc.changed_at) filter (where pc.new_price < pc.old_price) as dropped_at
      from price_changes pc where pc.product_id = p.id and pc.changed_at > now() - interval '14 days'
  ) recent on true`;
const pageSize = 12;
const statement = (after: boolean) => ({
  name: after ? 'floor-page-after' : 'floor-page-first',
  text: `select ${columns}, p.posting_time::text as posting_key from ${from}
    where p.category_id = $1 and not p.paid and p.withdrawn_at is null${after ? ' and (p.posting_time, p.id) < ($2::timestamptz, $3::uuid)' : ''}
    order by p.posting_time desc, p.id desc
    limit ${pageSize + 1}`,
});

const [databaseUrl, portArg] = process.argv.slice(2);
// The product's pool size (db/pool.ts).
const pool = new pg.Pool({ connectionString: databaseUrl, max: 20 });

const server = http.createServer((req, res) => {
  const url = new URL(req.url!, 'http://floor');
  const categoryId = /^\/api\/category\/([0-9a-f-]{36})$/.exec(url.pathname)?.[1];
  if (req.method !== 'GET' || !categoryId) {
    res.writeHead(404).end();
    return;
  }
  const cursor = url.searchParams.get('cursor');
  // The product's cursor: base64url of [postingTime, id]. The bench sends only cursors the product gave.
  const after = cursor ? (JSON.parse(Buffer.from(cursor, 'base64url').toString()) as [string, string]) : undefined;
  pool
    .query({ ...statement(Boolean(after)), values: after ? [categoryId, ...after] : [categoryId] })
    .then(({ rows }) => {
      const page = rows.slice(0, pageSize);
      const last = page.at(-1) as { posting_key: string; id: string } | undefined;
      const nextCursor = rows.length > pageSize && last ? Buffer.from(JSON.stringify([last.posting_key, last.id])).toString('base64url') : null;
      const body = JSON.stringify({ products: page, nextCursor });
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) }).end(body);
    })
    .catch((err: Error) => {
      res.writeHead(500).end(err.message);
    });
});
server.keepAliveTimeout = 72_000;
server.listen(Number(portArg ?? 0), '127.0.0.1', () => {
  const { port } = server.address() as { port: number };
  process.stdout.write(`listening ${port}\n`);
});
const stop = () => void pool.end().finally(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
