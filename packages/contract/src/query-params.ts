import { z } from 'zod';
import { vehicleLimits } from './constants.ts';

// The values of query strings (`/search?minPrice=…`), each refused with the label its page gives it.

/** A whole number in a query string, refused with the page's label when it is anything else. */
export const wholeNumber = (label: string, max: number) =>
  z
    .string()
    .regex(/^[0-9]{1,10}$/, { error: `${label} must be a whole number.` })
    .transform(Number)
    .pipe(z.number().max(max, { error: `${label} must be at most ${max}.` }));

export const year = (label: string) =>
  wholeNumber(label, 2100).pipe(z.number().min(vehicleLimits.firstModelYear, { error: `${label} must be ${vehicleLimits.firstModelYear} or later.` }));

export const oneOf = <T extends readonly [string, ...string[]]>(label: string, values: T) =>
  z.enum(values, { error: `${label} must be one of: ${values.join(', ')}.` });

/** Optional text from a query string; blank is the same as not given. */
export const text = (label: string, max: number) =>
  z
    .string({ error: `${label} must be given once.` })
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters.` })
    .transform((s) => (s === '' ? undefined : s));
