import type { Pool } from 'pg';
import type { Profile, ProfileBody } from '@second-gear/contract';
import type { Actor } from '../../auth/actor.ts';
import { GOOGLE_PROVIDER_ID } from '../../auth/google.ts';
import { ownPictureKey, UPLOADS_PREFIX } from '../../images/store.ts';
import { knownZip } from '../places/known-zip.ts';

/** The columns of `users` each field of the profile is kept in. */
const columns: Record<keyof ProfileBody, string> = {
  name: 'name',
  image: 'image',
  phone: 'phone',
  timeZone: 'time_zone',
  locale: 'locale',
  distanceUnit: 'distance_unit',
  nearZip: 'near_zip',
  searchRadius: 'search_radius',
};

/** The caller's own profile, and how the account signs in (Settings shows the password section only with a password). */
export async function profileOf(pool: Pool, actor: Actor): Promise<Profile> {
  const { rows } = await pool.query<Profile>(
    `select u.name, u.email, u.image, u.phone, u.time_zone as "timeZone", u.locale, u.distance_unit as "distanceUnit",
            u.near_zip as "nearZip", u.search_radius as "searchRadius",
            exists (select 1 from accounts a where a.user_id = u.id and a.provider_id = 'credential' and a.password is not null) as password,
            exists (select 1 from accounts a where a.user_id = u.id and a.provider_id = $2) as google
       from users u where u.id = $1`,
    [actor.id, GOOGLE_PROVIDER_ID],
  );
  return rows[0]!;
}

/**
 * Writes the fields sent (a null clears phone, photo, time zone, locale, Near or Distance) to the
 * caller's own row; the schema lets nothing else through (role, verification and email are never
 * written here). A photo uploaded here must be the caller's own upload, and a Near a US ZIP code.
 */
export async function updateProfile(pool: Pool, actor: Actor, body: ProfileBody): Promise<Profile> {
  if (body.image?.startsWith(UPLOADS_PREFIX)) await ownPictureKey(pool, actor.id, body.image, 'Photo');
  if (body.nearZip) knownZip(body.nearZip);
  const fields = (Object.keys(body) as (keyof ProfileBody)[]).filter((key) => body[key] !== undefined);
  if (fields.length > 0) {
    await pool.query(
      `update users set ${fields.map((key, i) => `${columns[key]} = $${i + 2}`).join(', ')}, updated_at = now() where id = $1`,
      [actor.id, ...fields.map((key) => body[key])],
    );
  }
  return profileOf(pool, actor);
}
