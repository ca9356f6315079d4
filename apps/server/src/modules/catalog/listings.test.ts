import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carListing } from '../../../test/fixtures.ts';
import { as, multipartFile, type Person, type TestApp } from '../../../test/harness.ts';
import { withPersonas } from '../../../test/personas.ts';
import { PRICE_CHANGES_PER_DAY } from './listings.ts';

// Car-grade listings: details and photos on Add A Product, editing with a price history,
// taking a car off the market, and the car's page.

let t: TestApp;
let seller: Person;
let otherSeller: Person;
let buyer: Person;
let categoryId: string;

// A real VIN with a valid check digit (Honda, model year 2003) and a European one (no check digit).
const HONDA_VIN = '1HGCM82633A004352';
const VW_VIN = 'WVWZZZ1JZ3W386752';
const OTHER_VIN = '1M8GDM9AXKP042788';

async function uploadUrl(who: Person, colour = '#4477aa') {
  const bytes = await sharp({ create: { width: 900, height: 600, channels: 3, background: colour } }).jpeg().toBuffer();
  const res = await as(t.app, who, { method: 'POST', url: '/api/images', ...multipartFile('image', 'car.jpg', 'image/jpeg', bytes) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.url as string;
}

const listing = (image: string, overrides: Record<string, unknown> = {}) => carListing(categoryId, image, overrides);
const add = (who: Person | undefined, body: object) => as(t.app, who, { method: 'POST', url: '/api/addProducts', payload: body });
const edit = (who: Person | undefined, id: string, body: object) => as(t.app, who, { method: 'PUT', url: `/api/products/${id}`, payload: body });
const withdraw = (who: Person | undefined, id: string) => as(t.app, who, { method: 'POST', url: `/api/products/${id}/withdraw` });
const carPage = (who: Person | undefined, id: string) => as(t.app, who, { method: 'GET', url: `/api/cars/${id}` });

async function listed(body: object, who = seller): Promise<string> {
  const res = await add(who, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().insertedId as string;
}

beforeAll(async () => {
  ({ t, seller, otherSeller, buyer, categoryId } = await withPersonas(['seller', 'otherSeller', 'buyer'], { category: 'Honda' }));
});
afterAll(() => t.close());

describe('adding a car with details and photos', () => {
  it('keeps every detail and the photos in the seller’s order, the cover first', async () => {
    const [cover, ...photos] = await Promise.all(['#111111', '#222222', '#333333', '#444444', '#555555'].map((c) => uploadUrl(seller, c)));
    const id = await listed(
      listing(cover!, {
        productName: '2003 Honda Accord',
        model: ' Accord ',
        modelYear: '2003',
        mileage: '182000',
        mileageUnit: 'km',
        fuel: 'Petrol',
        transmission: 'Automatic',
        bodyType: 'Sedan',
        colour: 'Silver',
        vin: '1hgcm8 2633a004352',
        photos,
      }),
    );
    const page = (await carPage(buyer, id)).json();
    expect(page.product).toMatchObject({
      productName: '2003 Honda Accord',
      model: 'Accord',
      modelYear: 2003,
      mileage: 182000,
      mileageUnit: 'km',
      fuel: 'Petrol',
      transmission: 'Automatic',
      bodyType: 'Sedan',
      colour: 'Silver',
      vin: HONDA_VIN,
    });
    expect(page.photos.map((p: { url: string }) => p.url)).toEqual([cover, ...photos]);
    expect(page.priceHistory).toEqual([]);
    expect(page.daysListed).toBe(0);
    expect(page.seller).toMatchObject({ name: seller.name, verified: false, activeListings: 1 });
    expect(Date.parse(page.seller.memberSince)).not.toBeNaN();
  });

  it('treats empty optional fields as not given, so the specification’s form works as it did', async () => {
    const image = await uploadUrl(seller);
    const id = await listed(listing(image, { model: '', modelYear: '', mileage: '', mileageUnit: '', fuel: '', vin: '  ' }));
    const { product } = (await carPage(buyer, id)).json();
    for (const field of ['model', 'modelYear', 'mileage', 'mileageUnit', 'fuel', 'vin']) expect(product).not.toHaveProperty(field);
  });

  it('refuses bad details with a message naming the field, and writes nothing', async () => {
    const image = await uploadUrl(seller);
    const before = (await t.pool.query('select count(*)::int as n from products')).rows[0].n;
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ vin: '1HGCM82633A00435' }, /VIN must be 17 characters/],
      [{ vin: '1HGCM82633A0O4352' }, /VIN cannot contain the letters I, O or Q/],
      [{ vin: '1HGCM82643A004352' }, /check digit/],
      [{ fuel: 'Steam' }, /Fuel must be one of Petrol, Diesel, Hybrid, Electric, LPG, Other/],
      [{ bodyType: 'Tank' }, /Body Type must be one of/],
      [{ transmission: 'CVT' }, /Transmission must be one of Automatic, Manual/],
      [{ modelYear: 1899 }, /Model Year cannot be before 1900/],
      [{ modelYear: new Date().getFullYear() + 2 }, /Model Year cannot be more than a year ahead/],
      [{ mileage: -1, mileageUnit: 'km' }, /Mileage cannot be negative/],
      [{ mileage: 1.5, mileageUnit: 'km' }, /Mileage must be a whole number/],
      [{ mileage: 1000 }, /Choose km or mi for the Mileage/],
      [{ mileageUnit: 'furlongs', mileage: 3 }, /Mileage unit must be one of km, mi/],
      [{ model: 'x'.repeat(61) }, /Model must be at most 60 characters/],
      [{ colour: { toString: 'red' } }, /Colour must be text/],
      [{ photos: 'not a list' }, /Photos must be a list/],
      [{ photos: [image] }, /The cover is already among the photos/],
      [{ photos: Array.from({ length: 20 }, (_, i) => `/uploads/x${i}-480.webp`) }, /at most 20 photos, the cover included/],
    ];
    for (const [overrides, message] of cases) {
      const res = await add(seller, listing(image, overrides));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect((await t.pool.query('select count(*)::int as n from products')).rows[0].n).toBe(before);
  });

  it('refuses the 2099 Flying Car at $99,999,999 with 1,999,999 km: each bound in a sentence, nothing written', async () => {
    const image = await uploadUrl(seller);
    const before = (await t.pool.query('select count(*)::int as n from products')).rows[0].n;
    const res = await add(
      seller,
      listing(image, { productName: '2099 Flying Car', resalePrice: 99_999_999, originalPrice: 1, modelYear: 2099, mileage: 1_999_999, mileageUnit: 'km', location: 'Mars' }),
    );
    expect(res.statusCode).toBe(400);
    // The answer tells the first refusal; each alone tells its own.
    expect(res.json().message).toContain('Resale Price must be at most $5,000,000');
    for (const [overrides, sentence] of [
      [{ resalePrice: 99_999_999 }, 'Resale Price must be at most $5,000,000'],
      [{ modelYear: 2099 }, 'Model Year cannot be more than a year ahead'],
      [{ mileage: 1_999_999, mileageUnit: 'km' }, 'Mileage must be at most 1,000,000 km (621,371 mi)'],
      [{ originalPrice: 5_000_001 }, 'Original Price must be at most $5,000,000'],
      [{ mileage: 621_372, mileageUnit: 'mi' }, 'Mileage must be at most 1,000,000 km (621,371 mi)'],
    ] as const) {
      const refused = await add(seller, listing(image, overrides));
      expect(refused.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(refused.json().message).toContain(sentence);
    }
    expect((await t.pool.query('select count(*)::int as n from products')).rows[0].n).toBe(before);
  });

  it('takes photos only from the seller’s own uploads, and the same one only once', async () => {
    const image = await uploadUrl(seller);
    const mine = await uploadUrl(seller);
    const theirs = await uploadUrl(otherSeller);
    let res = await add(seller, listing(image, { photos: [mine, theirs] }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Photo 3 must be a picture you uploaded here. Add it again.');
    res = await add(seller, listing(image, { photos: ['https://elsewhere.example/car.jpg'] }));
    expect(res.json().message).toBe('Photo 2 must be a picture you uploaded here. Add it again.');
    res = await add(seller, listing(image, { photos: [mine, mine] }));
    expect(res.json().message).toMatch(/The same photo is in the list twice/);
  });

  it('refuses a VIN already on another car for sale, and takes it again once that car is off the market', async () => {
    const first = await listed(listing(await uploadUrl(seller), { vin: VW_VIN }));
    const res = await add(otherSeller, listing(await uploadUrl(otherSeller), { vin: VW_VIN.toLowerCase() }));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(`The VIN ${VW_VIN} is already on another car for sale`);
    expect((await withdraw(seller, first)).statusCode).toBe(200);
    expect((await add(otherSeller, listing(await uploadUrl(otherSeller), { vin: VW_VIN }))).statusCode).toBe(200);
  });
});

describe('editing a car', () => {
  it('changes every field in place and records each change of the price, a raise too', async () => {
    const cover = await uploadUrl(seller);
    const [a, b, c] = await Promise.all([uploadUrl(seller), uploadUrl(seller), uploadUrl(seller)]);
    const id = await listed(listing(cover, { resalePrice: 20000, photos: [a, b] }));

    const newCover = b!;
    let res = await edit(seller, id, listing(newCover, { resalePrice: 18500, productName: 'Renamed', photos: [c, cover, a], colour: 'Blue' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 1 });
    res = await edit(seller, id, listing(newCover, { resalePrice: 19000, productName: 'Renamed', photos: [c, cover, a] }));
    expect(res.statusCode).toBe(200);
    // The same price again is no change.
    await edit(seller, id, listing(newCover, { resalePrice: 19000, productName: 'Renamed', photos: [c, cover, a] }));

    const page = (await carPage(buyer, id)).json();
    expect(page.product).toMatchObject({ productName: 'Renamed', resalePrice: 19000, image: newCover });
    // Colour was sent in the first edit only: an edit sends the whole car, so the second took it away.
    expect(page.product).not.toHaveProperty('colour');
    expect(page.photos.map((p: { url: string }) => p.url)).toEqual([newCover, c, cover, a]);
    expect(page.priceHistory.map((h: { oldPrice: number; newPrice: number }) => [h.oldPrice, h.newPrice])).toEqual([
      [20000, 18500],
      [18500, 19000],
    ]);
  });

  it('is for the car’s own seller, signed in, with valid input only', async () => {
    const image = await uploadUrl(seller);
    const id = await listed(listing(image));
    expect((await edit(undefined, id, listing(image))).statusCode).toBe(401);
    expect((await edit(buyer, id, listing(image))).statusCode).toBe(403);
    const theirs = await edit(otherSeller, id, listing(await uploadUrl(otherSeller)));
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe('You have no such car.');
    const bad = await edit(seller, id, listing(image, { resalePrice: 0 }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Resale Price must be more than 0/);
    const forged = await edit(seller, id, { ...listing(image), paid: true });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe('paid is set by the server and cannot be sent.');
    expect((await t.pool.query('select resale_price, paid from products where id = $1', [id])).rows[0]).toEqual({ resale_price: 26500, paid: false });
  });

  it('refuses a sold car', async () => {
    const image = await uploadUrl(seller);
    const id = await listed(listing(image));
    await t.pool.query(`update products set paid = true, sales_status = 'sold' where id = $1`, [id]);
    const res = await edit(seller, id, listing(image, { resalePrice: 1000 }));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/is already sold; a car paid for cannot be edited/);
  });

  it('tells the seller a reserved car is reserved, never sold, when refusing to edit, withdraw or advertise it', async () => {
    const id = await listed(listing(await uploadUrl(seller), { productName: 'Held Civic' }));
    await t.pool.query(`update products set paid = true, sales_status = 'reserved' where id = $1`, [id]);
    expect((await edit(seller, id, listing(await uploadUrl(seller), { productName: 'Held Civic' }))).json()).toMatchObject({
      statusCode: 409,
      message: 'Held Civic is reserved for a buyer; a car paid for cannot be edited.',
    });
    expect((await withdraw(seller, id)).json()).toMatchObject({ statusCode: 409, message: 'Held Civic is reserved for a buyer; it is off the market.' });
    expect((await as(t.app, seller, { method: 'PUT', url: `/api/product/${id}` })).json()).toMatchObject({
      statusCode: 409,
      message: 'Held Civic is reserved for a buyer and can no longer be advertised.',
    });
  });

  it('holds a price change back while a buyer is paying for the car, but not other changes', async () => {
    const image = await uploadUrl(seller);
    const id = await listed(listing(image, { resalePrice: 30000 }));
    const booked = await as(t.app, buyer, { method: 'POST', url: '/api/bookings', payload: { productId: id } });
    const intent = await as(t.app, buyer, { method: 'POST', url: '/api/create-payment-intent', payload: { bookingId: booked.json().insertedId } });
    expect(intent.statusCode, intent.body).toBe(200);

    const res = await edit(seller, id, listing(image, { resalePrice: 25000 }));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/A buyer is paying for .* right now/);
    expect((await edit(seller, id, listing(image, { resalePrice: 30000, description: 'New words' }))).statusCode).toBe(200);
    expect((await withdraw(seller, id)).statusCode).toBe(409);

    // Half an hour later the open payment page no longer holds the seller up.
    await t.pool.query(`update payment_attempts set created_at = now() - interval '31 minutes'`);
    expect((await edit(seller, id, listing(image, { resalePrice: 25000 }))).statusCode).toBe(200);
  });

  it('limits a seller’s price changes of one car to ten a day (a 429 saying the wait); other edits and other cars go on', async () => {
    const image = await uploadUrl(seller);
    const id = await listed(listing(image, { resalePrice: 30000 }));
    for (let i = 1; i <= PRICE_CHANGES_PER_DAY.max; i++) {
      expect((await edit(seller, id, listing(image, { resalePrice: 30000 - (i % 2) * 100 }))).statusCode).toBe(200);
    }
    const over = await edit(seller, id, listing(image, { resalePrice: 25000 }));
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(over.json().message).toMatch(
      /^You have changed the price of 2018 Volvo XC60 10 times in the last day, the most we take\. You can change it again in about \d+ hours; its other details can be changed now\.$/,
    );
    expect((await t.pool.query('select resale_price from products where id = $1', [id])).rows[0].resale_price).toBe(30000);
    expect((await edit(seller, id, listing(image, { resalePrice: 30000, description: 'Still here' }))).statusCode).toBe(200);
    const other = await listed(listing(image, { resalePrice: 30000 }));
    expect((await edit(seller, other, listing(image, { resalePrice: 29000 }))).statusCode).toBe(200);
  });

  it('is not held by the payment page of a booking the buyer cancelled (it can no longer be paid)', async () => {
    const image = await uploadUrl(seller);
    const id = await listed(listing(image, { resalePrice: 30000 }));
    const bookingId = (await as(t.app, buyer, { method: 'POST', url: '/api/bookings', payload: { productId: id } })).json().insertedId as string;
    const intent = await as(t.app, buyer, { method: 'POST', url: '/api/create-payment-intent', payload: { bookingId } });
    expect(intent.statusCode, intent.body).toBe(200);
    const cancelled = await as(t.app, buyer, { method: 'POST', url: `/api/bookings/${bookingId}/cancel`, payload: {} });
    expect(cancelled.statusCode, cancelled.body).toBe(200);

    const res = await edit(seller, id, listing(image, { resalePrice: 25000 }));
    expect(res.statusCode, res.body).toBe(200);
    expect((await withdraw(seller, id)).statusCode).toBe(200);
  });
});

describe('a booking’s price after the seller edits it', () => {
  async function bookedAt(price: number) {
    const image = await uploadUrl(seller);
    const id = await listed(listing(image, { resalePrice: price }));
    const bookingId = (await as(t.app, buyer, { method: 'POST', url: '/api/bookings', payload: { productId: id } })).json().insertedId as string;
    return { id, image, bookingId };
  }
  const orderPrice = async (bookingId: string) => (await as(t.app, buyer, { method: 'GET', url: `/api/orders/${bookingId}` })).json().price;
  const intentAmount = async (bookingId: string) =>
    (await as(t.app, buyer, { method: 'POST', url: '/api/create-payment-intent', payload: { bookingId } })).json().amount;

  it('is the lower one: a drop reaches the buyer who booked, a raise does not', async () => {
    const drop = await bookedAt(20000);
    await edit(seller, drop.id, listing(drop.image, { resalePrice: 17000 }));
    expect(await orderPrice(drop.bookingId)).toBe(17000);
    expect(await intentAmount(drop.bookingId)).toBe(1_700_000);

    const raise = await bookedAt(20000);
    await edit(seller, raise.id, listing(raise.image, { resalePrice: 23000 }));
    expect(await orderPrice(raise.bookingId)).toBe(20000);
    expect(await intentAmount(raise.bookingId)).toBe(2_000_000);
  });

  it('refunds a payment made at a price that changed after its payment page opened', async () => {
    const car = await bookedAt(20000);
    const intent = (await as(t.app, buyer, { method: 'POST', url: '/api/create-payment-intent', payload: { bookingId: car.bookingId } })).json();
    // The page was left open past the half hour; then the seller lowered the price.
    await t.pool.query(`update payment_attempts set created_at = now() - interval '31 minutes'`);
    expect((await edit(seller, car.id, listing(car.image, { resalePrice: 15000 }))).statusCode).toBe(200);
    const paid = await as(t.app, undefined, {
      method: 'POST',
      url: '/api/test-processor/confirm',
      payload: {
        clientSecret: intent.clientSecret,
        card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: '123' },
        billingDetails: { name: 'Pat', email: buyer.email },
      },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const recorded = await as(t.app, buyer, {
      method: 'POST',
      url: '/api/payments',
      payload: { bookingId: car.bookingId, transactionId: paid.json().paymentIntent.id, email: buyer.email, price: 20000 },
    });
    expect(recorded.statusCode).toBe(409);
    expect(recorded.json().message).toMatch(/changed while you were paying; your payment of \$20,000 was refunded/);
    expect((await t.pool.query('select paid from bookings where id = $1', [car.bookingId])).rows[0].paid).toBe(false);
    // The next intent is at the new price.
    expect(await intentAmount(car.bookingId)).toBe(1_500_000);
  });
});

describe('taking a car off the market', () => {
  it('keeps it for its seller and takes it out of every list, booking and wishlist', async () => {
    const image = await uploadUrl(seller);
    const id = await listed(listing(image, { productName: 'Withdrawn one' }));
    await as(t.app, seller, { method: 'PUT', url: `/api/product/${id}` });
    expect((await withdraw(buyer, id)).statusCode).toBe(403);
    expect((await withdraw(otherSeller, id)).statusCode).toBe(404);
    expect((await withdraw(seller, id)).json()).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 1 });
    expect((await withdraw(seller, id)).json()).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 0 });

    const mine = (await as(t.app, seller, { method: 'GET', url: `/api/products?email=${encodeURIComponent(seller.email)}` })).json();
    expect(mine.find((p: { _id: string }) => p._id === id)).toMatchObject({ withdrawn: true, advertisement: false, paid: false });
    expect((await as(t.app, buyer, { method: 'GET', url: `/api/category/${categoryId}?limit=48` })).body).not.toContain(id);
    expect((await as(t.app, undefined, { method: 'GET', url: '/api/advertisement/products' })).body).not.toContain(id);
    expect((await carPage(seller, id)).statusCode).toBe(200);
    expect((await carPage(buyer, id)).statusCode).toBe(404);

    const booking = await as(t.app, buyer, { method: 'POST', url: '/api/bookings', payload: { productId: id } });
    expect(booking.json()).toEqual({ acknowledged: false, message: 'Withdrawn one is no longer for sale.' });
    const wish = await as(t.app, buyer, { method: 'PUT', url: `/api/wishlists?id=${id}&email=${encodeURIComponent(buyer.email)}` });
    expect(wish.statusCode).toBe(409);
    expect(wish.json().message).toBe('Withdrawn one is no longer for sale.');
    const advertise = await as(t.app, seller, { method: 'PUT', url: `/api/product/${id}` });
    expect(advertise.statusCode).toBe(409);
  });
});

describe('GET /cars/{id}', () => {
  it('shows every car on the market to everyone, advertised or not, without the seller’s contact and the VIN’s serial', async () => {
    const id = await listed(listing(await uploadUrl(seller), { vin: OTHER_VIN, mobile: '555-0142' }));
    const res = await carPage(undefined, id);
    expect(res.statusCode).toBe(200);
    expect(res.headers.vary).toMatch(/cookie/);
    expect(res.json().product).toMatchObject({ email: '', mobile: '', vin: '1M8GDM9AXKP******' });
    expect((await carPage(buyer, id)).json().product).toMatchObject({ email: seller.email, mobile: '555-0142', vin: OTHER_VIN });
  });

  it('answers a sold car to signed-in people, and 404 for an unknown one, 400 for a bad id', async () => {
    const id = await listed(listing(await uploadUrl(seller)));
    await t.pool.query(`update products set paid = true, sales_status = 'sold', advertised = true where id = $1`, [id]);
    expect((await carPage(buyer, id)).json().product).toMatchObject({ paid: true, salesStatus: 'sold' });
    expect((await carPage(undefined, id)).statusCode).toBe(404);
    expect((await carPage(buyer, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await carPage(buyer, 'not-an-id')).statusCode).toBe(400);
  });
});
