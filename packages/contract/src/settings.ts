import { z } from 'zod';
import { isLocaleTag, profileLimits } from './constants.ts';
import { searchRadii, zipCodePattern } from './places.ts';
import { oneLine } from './common.ts';
import { mileageUnits } from './distance.ts';

/** A person's name, at sign-up and in Settings alike. */
export const accountName = z.string().trim().min(1, 'Name is required').max(profileLimits.name, `Name must be at most ${profileLimits.name} characters`);

/** A photo's address, at sign-up and in Settings alike: a web address (an upload of ours is one too). */
export const photoUrl = z
  .url({ protocol: /^https?$/, error: 'Photo URL must be a web address (http or https)' })
  .max(profileLimits.photoUrl, `Photo URL must be at most ${profileLimits.photoUrl} characters`);

/**
 * A phone number as people write it: digits with spaces, dashes, dots or brackets, an optional
 * leading +, 6 to 15 digits (the most an international number has).
 */
export const phoneNumber = oneLine(z.string().trim().max(profileLimits.phone, `Phone must be at most ${profileLimits.phone} characters`), 'Phone').refine(
  (value) => /^\+?[\d\s().-]+$/.test(value) && /^(\D*\d){6,15}\D*$/.test(value),
  'Phone must be a phone number: 6 to 15 digits, with an optional leading + and spaces, dashes or brackets',
);

/** Whether this runtime knows a time zone by this IANA name (an alias such as Asia/Calcutta included). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

export const timeZoneName = z
  .string()
  .max(profileLimits.timeZone, 'Time zone must be a time zone name such as Europe/Paris')
  .refine((value) => value.includes('/') || value === 'UTC', 'Time zone must be a time zone name such as Europe/Paris')
  .refine(isTimeZone, 'Time zone must be a time zone name such as Europe/Paris');

/** The locale a person reads dates and times in: a BCP 47 tag such as en-US or en-GB that this runtime writes dates for. */
export const localeTag = z
  .string()
  .max(profileLimits.locale, 'Locale must be a language tag such as en-US')
  .refine(isLocaleTag, 'Locale must be a language tag such as en-US');

/** A profile photo: one uploaded here (`POST /api/me/photo`, the server checks it is the caller's), or a web address as at sign-up. */
export const profilePhoto = z
  .string()
  .max(profileLimits.photoUrl, `Photo URL must be at most ${profileLimits.photoUrl} characters`)
  .refine((value) => value.startsWith('/uploads/') || photoUrl.safeParse(value).success, 'Photo must be a picture uploaded here or a web address (http or https)');

/** `PATCH /api/me/profile`: everything a person may change about themselves there; never role, verification or email. */
export const profileBody = z
  .object({
    name: accountName,
    image: profilePhoto.nullable(),
    phone: phoneNumber.nullable(),
    timeZone: timeZoneName.nullable(),
    locale: localeTag.nullable(),
    /** Settings' Distance unit; null: the market's (`GET /api/site`). */
    distanceUnit: z.enum(mileageUnits, { error: 'Distance unit must be mi or km' }).nullable(),
    /** `/search`'s Near and Distance kept for this person (issue 48); null: none. */
    nearZip: z.string().trim().regex(zipCodePattern, { error: 'Near must be a 5-digit ZIP code' }).nullable(),
    searchRadius: z
      .number({ error: `Distance must be one of ${searchRadii.join(', ')}` })
      .refine((n) => (searchRadii as readonly number[]).includes(n), { error: `Distance must be one of ${searchRadii.join(', ')}` })
      .nullable(),
  })
  .partial()
  .strict();
export type ProfileBody = z.infer<typeof profileBody>;

/** `GET /api/me/profile`. `password`: whether the account has one (else it signs in with Google only). */
export const profileAnswer = z.object({
  name: z.string(),
  email: z.string(),
  image: z.string().nullable(),
  phone: z.string().nullable(),
  timeZone: z.string().nullable(),
  locale: z.string().nullable(),
  distanceUnit: z.enum(mileageUnits).nullable(),
  nearZip: z.string().nullable(),
  searchRadius: z.number().int().nullable(),
  password: z.boolean(),
  google: z.boolean(),
});
export type Profile = z.infer<typeof profileAnswer>;

/** `POST /api/me/email`: the address to move to; the link goes there. */
export const emailChangeBody = z.object({ newEmail: z.string().trim().toLowerCase().pipe(z.email('New email must be an email address')) }).strict();
export type EmailChangeBody = z.infer<typeof emailChangeBody>;
export const emailChangeAnswer = z.object({ message: z.string() });

/** One signed-in device (`GET /api/me/sessions`): what its browser said of itself, and where from. */
export const signedInDevice = z.object({
  id: z.string(),
  browser: z.string(),
  os: z.string(),
  /** A country's name, "This network" for a private or loopback address, else the address itself ("" when unknown). */
  place: z.string(),
  signedInAt: z.string(),
  lastSeenAt: z.string(),
  thisDevice: z.boolean(),
});
export type SignedInDevice = z.infer<typeof signedInDevice>;
export const sessionIdParam = z.object({ id: z.string().min(1).max(100) }).strict();
export const signedOutAnswer = z.object({ signedOut: z.number().int() });
