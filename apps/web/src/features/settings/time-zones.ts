import { fieldRefusals } from '../../lib/field-refusals.ts';

/** The browser's own time zone: the Time zone field's choice until the person saves one (the app keeps it at the first sign-in). */
export { browserTimeZone } from '../../lib/reader-clock.ts';

/** The IANA zones this browser knows, UTC and `include` among them (an alias such as Asia/Calcutta is kept as it is). */
export function timeZoneChoices(...include: string[]): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set(['UTC', ...known, ...include.filter(Boolean)])].sort((a, b) => (a === 'UTC' ? -1 : b === 'UTC' ? 1 : a.localeCompare(b)));
}

const profileFields = ['name', 'image', 'phone', 'timeZone'] as const;

/**
 * Which field a refusal of the profile is about, and its sentence: the field the server names beside
 * its message, or its own check of an uploaded photo ("Photo must be a picture you uploaded here…").
 */
export function fieldOfRefusal(error: unknown): { field: (typeof profileFields)[number]; message: string } | undefined {
  const byField = fieldRefusals(error);
  const field = profileFields.find((f) => byField[f]);
  if (field) return { field, message: byField[field]! };
  const message = error instanceof Error ? error.message : '';
  return message.startsWith('Photo') ? { field: 'image', message } : undefined;
}
