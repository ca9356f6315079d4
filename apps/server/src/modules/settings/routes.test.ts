import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Profile, SignedInDevice } from '@second-gear/contract';
import { CONFIRM_PER_PERSON } from '../../auth/email-confirmation.ts';
import { SIGN_UP_PHOTOS_PER_ADDRESS } from './sign-up-photo.ts';
import { appHasHeard, as, createTestApp, multipartFile, ORIGIN, sessionCookie, signUp, type Person, type TestApp } from '../../../test/harness.ts';
import { nextLoopbackAddress } from '../../../test/raw-http.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const profile = (who: Person | undefined) => as(t.app, who, { method: 'GET', url: '/api/me/profile' });
const patch = (who: Person | undefined, payload: object) => as(t.app, who, { method: 'PATCH', url: '/api/me/profile', payload });
const changeEmail = (who: Person | undefined, newEmail: unknown, remoteAddress = nextLoopbackAddress()) =>
  as(t.app, who, { method: 'POST', url: '/api/me/email', payload: { newEmail }, remoteAddress });
const devices = async (who: Person) => (await as(t.app, who, { method: 'GET', url: '/api/me/sessions' })).json<SignedInDevice[]>();

/** The emails written to the outbox for an address, oldest first, but the sign-up's own confirmation link. */
const outboxTo = async (to: string) =>
  (
    await t.pool.query<{ subject: string; text_body: string }>(
      `select subject, text_body from email_outbox where to_address = $1 and subject <> 'Confirm your email address' order by created_at, id`,
      [to],
    )
  ).rows;

/** The same person signed in again, from another browser (a user agent and client address of its own). */
async function signInAgain(person: Person, userAgent: string, remoteAddress = nextLoopbackAddress(), password = 'secret123'): Promise<Person> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email: person.email, password },
    headers: { origin: ORIGIN, 'user-agent': userAgent },
    remoteAddress,
  });
  expect(res.statusCode, res.body).toBe(200);
  return { ...person, cookie: sessionCookie(res.headers['set-cookie']) };
}

/** A person without a password, as Google sign-in makes them. */
async function googleOnly(): Promise<Person> {
  const person = await signUp(t.app, 'Buyer');
  await t.pool.query(`delete from accounts where user_id = $1 and provider_id = 'credential'`, [person.id]);
  await t.pool.query(`insert into accounts (id, account_id, provider_id, user_id) values (gen_random_uuid()::text, $1, 'google', $1)`, [person.id]);
  return person;
}

const firefox = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const safari = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

describe('/api/me/profile', () => {
  it('answers the caller’s own profile, and 401 without a session', async () => {
    const person = await signUp(t.app, 'Seller', { image: 'https://images.example/me.png' });
    const res = await profile(person);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Profile>()).toEqual({ name: person.name, email: person.email, image: 'https://images.example/me.png', phone: null, timeZone: null, locale: null, distanceUnit: null, nearZip: null, searchRadius: null, password: true, google: false });
    expect((await profile(undefined)).statusCode).toBe(401);
    expect((await patch(undefined, { name: 'Nobody' })).statusCode).toBe(401);
  });

  it('saves name, photo, phone and time zone; a null clears them; the session shows the new name at once', async () => {
    const person = await signUp(t.app, 'Buyer');
    const res = await patch(person, { name: '  Ada Lovelace ', image: 'https://images.example/ada.webp', phone: '+44 20 7946 0958', timeZone: 'Europe/London' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Profile>()).toMatchObject({ name: 'Ada Lovelace', image: 'https://images.example/ada.webp', phone: '+44 20 7946 0958', timeZone: 'Europe/London' });
    const session = await as(t.app, person, { method: 'GET', url: '/api/auth/get-session' });
    expect(session.json().user.name).toBe('Ada Lovelace');
    const cleared = await patch(person, { image: null, phone: null, timeZone: null });
    expect(cleared.json<Profile>()).toMatchObject({ name: 'Ada Lovelace', image: null, phone: null, timeZone: null });
  });

  it('keeps the clock a person reads dates in: a new account has none, the browser’s zone and locale are saved once, and the session carries them', async () => {
    const person = await signUp(t.app, 'Buyer');
    const session = async () => (await as(t.app, person, { method: 'GET', url: '/api/auth/get-session' })).json().user;
    expect(await session()).toMatchObject({ timeZone: null, locale: null });
    const res = await patch(person, { timeZone: 'Asia/Kolkata', locale: 'en-GB' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Profile>()).toMatchObject({ timeZone: 'Asia/Kolkata', locale: 'en-GB' });
    expect(await session()).toMatchObject({ timeZone: 'Asia/Kolkata', locale: 'en-GB' });
    // Only the locale: the zone stays as it was.
    expect((await patch(person, { locale: 'en-US' })).json<Profile>()).toMatchObject({ timeZone: 'Asia/Kolkata', locale: 'en-US' });
  });

  it('takes no clock with the sign-up itself: only the signed-in person sets it, through the profile’s checks', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      remoteAddress: nextLoopbackAddress(),
      headers: { origin: ORIGIN },
      payload: { name: 'Clocky', email: 'clocky@test.example', password: 'secret123', role: 'Buyer', timeZone: 'Mars/Olympus', locale: '<script>' },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect((await t.pool.query(`select 1 from users where email = 'clocky@test.example'`)).rowCount).toBe(0);
  });

  it('keeps the Distance unit chosen (mi or km), a null going back to the market’s; anything else is refused, and nobody’s without a session', async () => {
    const person = await signUp(t.app, 'Buyer');
    const chosen = await patch(person, { distanceUnit: 'km' });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json<Profile>().distanceUnit).toBe('km');
    expect((await profile(person)).json<Profile>().distanceUnit).toBe('km');
    expect((await patch(person, { distanceUnit: null })).json<Profile>().distanceUnit).toBeNull();
    for (const distanceUnit of ['miles', 'KM', '', 1]) {
      const res = await patch(person, { distanceUnit });
      expect(res.statusCode, String(distanceUnit)).toBe(400);
      expect(res.json().message).toMatch(/Distance unit must be mi or km/);
    }
    expect((await patch(undefined, { distanceUnit: 'km' })).statusCode).toBe(401);
    expect((await t.pool.query('select distance_unit from users where id = $1', [person.id])).rows[0]).toEqual({ distance_unit: null });
  });

  it('keeps the search’s Near (a US ZIP code) and Distance, a null clearing each; an unknown ZIP code or another distance is refused, and nobody’s without a session', async () => {
    const person = await signUp(t.app, 'Buyer');
    const chosen = await patch(person, { nearZip: ' 78701 ', searchRadius: 50 });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json<Profile>()).toMatchObject({ nearZip: '78701', searchRadius: 50 });
    expect((await profile(person)).json<Profile>()).toMatchObject({ nearZip: '78701', searchRadius: 50 });
    const refusals: [object, string][] = [
      [{ nearZip: '00000' }, 'No US ZIP code 00000.'],
      [{ nearZip: '7870' }, 'Near must be a 5-digit ZIP code'],
      [{ nearZip: 'Austin' }, 'Near must be a 5-digit ZIP code'],
      [{ searchRadius: 30 }, 'Distance must be one of 10, 25, 50, 100, 250'],
      [{ searchRadius: '50' }, 'Distance must be one of 10, 25, 50, 100, 250'],
    ];
    for (const [body, message] of refusals) {
      const res = await patch(person, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toContain(message);
    }
    // A refused Near writes nothing of the rest of the body either.
    expect((await patch(person, { name: 'Renamed', nearZip: '00000' })).statusCode).toBe(400);
    expect((await profile(person)).json<Profile>()).toMatchObject({ name: person.name, nearZip: '78701', searchRadius: 50 });
    expect((await patch(person, { nearZip: null, searchRadius: null })).json<Profile>()).toMatchObject({ nearZip: null, searchRadius: null });
    expect((await patch(undefined, { nearZip: '78701' })).statusCode).toBe(401);
    expect((await t.pool.query('select near_zip, search_radius from users where id = $1', [person.id])).rows[0]).toEqual({ near_zip: null, search_radius: null });
  });

  it('refuses bad input with a sentence, and any field it does not own (role, verified, email)', async () => {
    const person = await signUp(t.app, 'Buyer');
    const refusals: [object, RegExp][] = [
      [{ name: '   ' }, /Name is required/],
      [{ name: 'x'.repeat(101) }, /Name must be at most 100 characters/],
      [{ image: 'javascript:alert(1)' }, /Photo must be a picture uploaded here or a web address/],
      [{ image: '/uploads/AAAAAAAAAAAAAAAAAAAA-800.webp' }, /Photo must be a picture you uploaded here/],
      [{ phone: '12' }, /Phone must be a phone number/],
      [{ phone: '+1 555 0100\nBcc: x' }, /Phone must be one line/],
      [{ phone: 'call me maybe' }, /Phone must be a phone number/],
      [{ timeZone: 'Mars/Olympus' }, /Time zone must be a time zone name/],
      [{ timeZone: '+01:00' }, /Time zone must be a time zone name/],
      [{ locale: 'english' }, /Locale must be a language tag such as en-US/],
      [{ locale: 'xx-YY' }, /Locale must be a language tag such as en-US/],
      [{ locale: 'en_US' }, /Locale must be a language tag such as en-US/],
      [{ locale: `en-${'a'.repeat(40)}` }, /Locale must be a language tag such as en-US/],
      [{ locale: 42 }, /Locale must be text/],
      [{ role: 'admin' }, /role/],
      [{ verified: true }, /verified/],
      [{ email: 'someone-else@test.example' }, /email/],
    ];
    for (const [payload, message] of refusals) {
      const res = await patch(person, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect((await t.pool.query('select role, verified, email from users where id = $1', [person.id])).rows[0]).toEqual({ role: 'buyer', verified: false, email: person.email });
  });

  it('uploads a profile photo for any signed-in person, through the car photos’ pipeline', async () => {
    const buyer = await signUp(t.app, 'Buyer');
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366cc' } }).png().toBuffer();
    const res = await as(t.app, buyer, { method: 'POST', url: '/api/me/photo', ...multipartFile('image', 'me.png', 'image/png', png) });
    expect(res.statusCode, res.body).toBe(200);
    const url: string = res.json().data.url;
    expect(url).toMatch(/\/uploads\/[A-Za-z0-9_-]+-480\.webp$/);
    expect((await patch(buyer, { image: url })).json<Profile>().image).toBe(url);
    // Someone else's upload is not theirs to wear.
    const stranger = await signUp(t.app, 'Buyer');
    expect((await patch(stranger, { image: url })).statusCode).toBe(400);
    const text = await as(t.app, buyer, { method: 'POST', url: '/api/me/photo', ...multipartFile('image', 'me.png', 'image/png', Buffer.from('not a picture')) });
    expect(text.statusCode).toBe(415);
    expect((await as(t.app, undefined, { method: 'POST', url: '/api/me/photo', ...multipartFile('image', 'me.png', 'image/png', png) })).statusCode).toBe(401);
  });

  it('tells an account made through Google that it has no password', async () => {
    const person = await googleOnly();
    expect((await profile(person)).json<Profile>()).toMatchObject({ password: false, google: true });
  });
});

describe('/api/signup/photo', () => {
  const upload = (bytes: Buffer, remoteAddress: string, who?: Person) =>
    as(t.app, who, { method: 'POST', url: '/api/signup/photo', ...multipartFile('image', 'me.png', 'image/png', bytes), remoteAddress });

  it('takes a picture from someone not signed in, and its address makes a sign-up’s Photo URL', async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#cc6633' } }).png().toBuffer();
    const res = await upload(png, nextLoopbackAddress());
    expect(res.statusCode, res.body).toBe(200);
    const url: string = res.json().data.url;
    expect(url).toMatch(/^\/uploads\/[A-Za-z0-9_-]+-480\.webp$/);
    // Nobody owns it: no account exists yet, and no one may wear it as an uploaded profile photo.
    const key = /\/uploads\/([A-Za-z0-9_-]+)-/.exec(url)![1];
    expect((await t.pool.query('select owner_id from images where key = $1', [key])).rows).toEqual([{ owner_id: null }]);

    const email = `photo-${key!.slice(0, 8).toLowerCase()}@test.example`;
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { name: 'Pat Photo', email, password: 'secret123', image: `${ORIGIN}${url}`, role: 'Buyer' },
      headers: { origin: ORIGIN },
      remoteAddress: nextLoopbackAddress(),
    });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().user.image).toBe(`${ORIGIN}${url}`);
  });

  it('refuses what is not a picture, and more than its hourly number from one address', async () => {
    const address = nextLoopbackAddress();
    expect((await upload(Buffer.from('not a picture'), address)).statusCode).toBe(415);
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } }).png().toBuffer();
    // The refused one above counted too: every upload started is counted before it is read.
    for (let i = 1; i < SIGN_UP_PHOTOS_PER_ADDRESS.max; i++) expect((await upload(png, address)).statusCode).toBe(200);
    const over = await upload(png, address);
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toMatch(/^Too many photos uploaded from your network\. Try again in /);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not held back by it.
    expect((await upload(png, nextLoopbackAddress())).statusCode).toBe(200);
  });
});

describe('/api/me/email', () => {
  it('sends the link to the new address and tells the old one; the email changes only once the link is opened, confirmed', async () => {
    const person = await signUp(t.app, 'Buyer');
    const newEmail = `moved-${person.id.slice(0, 8).toLowerCase()}@test.example`;
    const res = await changeEmail(person, ` ${newEmail.toUpperCase()} `);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(`If ${newEmail} can be used, we sent a link to it. Your email changes when the link is opened; until then you sign in with ${person.email}.`);
    const [link] = await outboxTo(newEmail);
    expect(link!.subject).toBe('Confirm your new email address');
    const [told] = await outboxTo(person.email);
    expect(told!.subject).toBe('Your Second Gear email is being changed');
    expect(told!.text_body).toContain(newEmail);
    expect((await profile(person)).json().email).toBe(person.email);

    const url = /(http\S+\/api\/auth\/verify-email\S+)/.exec(link!.text_body)![1]!;
    const opened = await t.app.inject({ method: 'GET', url: url.replace(ORIGIN, '') });
    expect(opened.statusCode, opened.body).toBe(302);
    expect(opened.headers.location).toBe(`${ORIGIN}/confirm-email`);
    expect((await t.pool.query('select email, email_verified from users where id = $1', [person.id])).rows[0]).toEqual({ email: newEmail, email_verified: true });
    await appHasHeard(t);
    expect((await profile(person)).json().email).toBe(newEmail);
  });

  it('answers the same for an address another account uses, sending it nothing', async () => {
    const person = await signUp(t.app, 'Buyer');
    const taken = await signUp(t.app, 'Seller');
    const free = await changeEmail(person, `free-${person.id.slice(0, 8).toLowerCase()}@test.example`);
    const used = await changeEmail(person, taken.email);
    expect(used.statusCode).toBe(200);
    expect(used.json().message.replace(taken.email, 'X')).toBe(free.json().message.replace(`free-${person.id.slice(0, 8).toLowerCase()}@test.example`, 'X'));
    expect(await outboxTo(taken.email)).toEqual([]);
  });

  it('refuses bad input, the same address, a Google-only account, and no session', async () => {
    const person = await signUp(t.app, 'Buyer');
    for (const [newEmail, message] of [
      ['not an email', /New email must be an email address/],
      [person.email, /This is already your email/],
    ] as const) {
      const res = await changeEmail(person, newEmail);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    const google = await googleOnly();
    const res = await changeEmail(google, 'elsewhere@test.example');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/signs in with Google/);
    expect((await changeEmail(undefined, 'elsewhere@test.example')).statusCode).toBe(401);
  });

  it('is limited per account and per client address, like the confirmation emails', async () => {
    const person = await signUp(t.app, 'Buyer');
    for (let i = 0; i < CONFIRM_PER_PERSON.max; i++) expect((await changeEmail(person, `try${i}-${person.id.slice(0, 8).toLowerCase()}@test.example`)).statusCode).toBe(200);
    const over = await changeEmail(person, `one-more-${person.id.slice(0, 8).toLowerCase()}@test.example`);
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toBeDefined();
    expect(over.json().message).toMatch(/Too many email changes. Try again in \d+ minutes?\./);

    const address = nextLoopbackAddress();
    const people = await Promise.all(Array.from({ length: 5 }, () => signUp(t.app, 'Buyer')));
    let answered = 0;
    for (const [i, who] of people.entries()) {
      for (let n = 0; n < 5; n++) if ((await changeEmail(who, `addr${i}-${n}-${who.id.slice(0, 6).toLowerCase()}@test.example`, address)).statusCode === 200) answered++;
    }
    expect(answered).toBe(20);
  });
});

describe('/api/auth/change-password', () => {
  it('ends every other session, keeps this one, and emails the owner', async () => {
    const person = await signUp(t.app, 'Buyer');
    const other = await signInAgain(person, firefox);
    const res = await as(t.app, person, { method: 'POST', url: '/api/auth/change-password', payload: { currentPassword: 'secret123', newPassword: 'another456' } });
    expect(res.statusCode, res.body).toBe(200);
    // This browser goes on with the session the answer's cookie names.
    expect((await profile({ ...person, cookie: sessionCookie(res.headers['set-cookie']) })).statusCode).toBe(200);
    expect((await profile(other)).statusCode).toBe(401);
    const [told] = await outboxTo(person.email);
    expect(told!.subject).toBe('Your Second Gear password was changed');
    expect(told!.text_body).toContain('changed in Settings');
  });
});

describe('/api/me/sessions', () => {
  it('lists the caller’s devices with browser, system, place and this device marked, never a token', async () => {
    const person = await signUp(t.app, 'Buyer');
    await signInAgain(person, firefox, '203.0.113.7');
    const phone = await signInAgain(person, safari, '8.8.8.8');
    const list = await devices(phone);
    expect(list).toHaveLength(3);
    expect(list[0]).toMatchObject({ thisDevice: true, browser: 'Safari 17', os: 'iOS', place: 'United States' });
    expect(list.find((d) => d.browser === 'Firefox 133')).toMatchObject({ thisDevice: false, os: 'Windows 10', place: '203.0.113.7' });
    expect(list.filter((d) => d.place === 'This network')).toHaveLength(1);
    const tokens = (await t.pool.query<{ token: string }>('select token from sessions where user_id = $1', [person.id])).rows;
    for (const { token } of tokens) expect(JSON.stringify(list)).not.toContain(token);
    expect((await as(t.app, undefined, { method: 'GET', url: '/api/me/sessions' })).statusCode).toBe(401);
  });

  it('signs out one other device; someone else’s session, an unknown one and this one are refused', async () => {
    const person = await signUp(t.app, 'Buyer');
    const laptop = await signInAgain(person, firefox);
    const stranger = await signUp(t.app, 'Buyer');
    const mine = await devices(person);
    const laptopId = mine.find((d) => !d.thisDevice)!.id;
    const strangersId = (await devices(stranger))[0]!.id;

    const theirs = await as(t.app, person, { method: 'DELETE', url: `/api/me/sessions/${strangersId}` });
    expect(theirs.statusCode).toBe(404);
    expect((await profile(stranger)).statusCode).toBe(200);
    expect((await as(t.app, person, { method: 'DELETE', url: '/api/me/sessions/no-such-session' })).statusCode).toBe(404);
    const own = await as(t.app, person, { method: 'DELETE', url: `/api/me/sessions/${mine.find((d) => d.thisDevice)!.id}` });
    expect(own.statusCode).toBe(400);
    expect(own.json().message).toMatch(/the device you are using/);
    expect((await as(t.app, undefined, { method: 'DELETE', url: `/api/me/sessions/${laptopId}` })).statusCode).toBe(401);

    const res = await as(t.app, person, { method: 'DELETE', url: `/api/me/sessions/${laptopId}` });
    expect(res.json()).toEqual({ signedOut: 1 });
    expect((await profile(laptop)).statusCode).toBe(401);
    expect((await profile(person)).statusCode).toBe(200);
  });

  it('signs out everywhere else, and no one else', async () => {
    const person = await signUp(t.app, 'Buyer');
    const others = [await signInAgain(person, firefox), await signInAgain(person, safari)];
    const stranger = await signUp(t.app, 'Buyer');
    const res = await as(t.app, person, { method: 'POST', url: '/api/me/sessions/sign-out-others', payload: {} });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ signedOut: 2 });
    for (const other of others) expect((await profile(other)).statusCode).toBe(401);
    expect((await profile(person)).statusCode).toBe(200);
    expect((await profile(stranger)).statusCode).toBe(200);
    expect((await as(t.app, undefined, { method: 'POST', url: '/api/me/sessions/sign-out-others', payload: {} })).statusCode).toBe(401);
  });
});
