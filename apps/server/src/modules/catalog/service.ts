import type { Pool } from 'pg';
import type { Category, Product } from '@second-gear/contract';
import { imageUrls } from '../../images/store.ts';

/** Lists are bounded: the home grid shows at most this many advertised cars. */
export const ADVERTISED_LIMIT = 60;

interface ProductRow {
  id: string;
  product_name: string;
  category_id: string;
  category_name: string;
  condition: Product['condition'];
  description: string;
  original_price: number;
  resale_price: number;
  year_of_purchase: string;
  mobile: string;
  location: string;
  seller_name: string;
  seller_email: string;
  image_key: string;
  widths: number[];
  sales_status: Product['salesStatus'];
  posting_time: Date;
  paid: boolean;
  advertised: boolean;
  seller_verified: boolean | null;
}

/** Every product query selects these columns, so that one mapping serves them all. */
export const PRODUCT_COLUMNS = `
  p.id, p.product_name, p.category_id, c.name as category_name, p.condition, p.description,
  p.original_price, p.resale_price, p.year_of_purchase, p.mobile, p.location, p.seller_name,
  p.seller_email, p.image_key, i.widths, p.sales_status, p.posting_time, p.paid, p.advertised,
  s.verified as seller_verified`;
export const PRODUCT_FROM = `
  products p
  join categories c on c.id = p.category_id
  join images i on i.key = p.image_key
  left join users s on s.id = p.seller_id`;

export function toProduct(r: ProductRow): Product {
  const { url, srcSet } = imageUrls(r.image_key, r.widths);
  return {
    _id: r.id,
    productName: r.product_name,
    categoryId: r.category_id,
    categoryName: r.category_name,
    condition: r.condition,
    description: r.description,
    originalPrice: r.original_price,
    resalePrice: r.resale_price,
    yearsOfUse: r.year_of_purchase,
    mobile: r.mobile,
    location: r.location,
    sellerName: r.seller_name,
    email: r.seller_email,
    image: url,
    imageSrcSet: srcSet,
    salesStatus: r.sales_status,
    postingTime: r.posting_time.toISOString(),
    paid: r.paid,
    // The seller's verification now, not a copy taken when the car was listed.
    verification: r.seller_verified ? 'verified' : '',
    advertisement: r.advertised,
  };
}

export async function listCategories(pool: Pool): Promise<Category[]> {
  const { rows } = await pool.query<{ id: string; name: string; details: string; image_key: string; widths: number[] }>(
    `select c.id, c.name, c.details, c.image_key, i.widths
       from categories c join images i on i.key = c.image_key
      order by c.name limit 200`,
  );
  return rows.map((r) => ({ _id: r.id, name: r.name, details: r.details, image: imageUrls(r.image_key, r.widths).url }));
}

export async function listAdvertised(pool: Pool): Promise<Product[]> {
  const { rows } = await pool.query<ProductRow>(
    `select ${PRODUCT_COLUMNS} from ${PRODUCT_FROM}
      where p.advertised and not p.paid
      order by p.posting_time desc, p.id desc
      limit ${ADVERTISED_LIMIT}`,
  );
  return rows.map(toProduct);
}
