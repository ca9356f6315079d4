/** The browser's own time zone: the Time zone field's choice until the person saves one. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** The IANA zones this browser knows, UTC and `include` among them (an alias such as Asia/Calcutta is kept as it is). */
export function timeZoneChoices(...include: string[]): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set(['UTC', ...known, ...include.filter(Boolean)])].sort((a, b) => (a === 'UTC' ? -1 : b === 'UTC' ? 1 : a.localeCompare(b)));
}

const profileFields = ['name', 'image', 'phone', 'timeZone'] as const;

/**
 * Which field a refusal of the profile is about, and its sentence: the server names the field of an
 * invalid body ("Invalid body: phone: Phone must be …").
 */
export function fieldOfRefusal(message: string): { field: (typeof profileFields)[number]; message: string } | undefined {
  const found = /^Invalid body: (\w+): (.+)$/s.exec(message);
  const field = profileFields.find((f) => f === found?.[1]);
  if (field) return { field, message: found![2]! };
  // The server's own check of an uploaded photo ("Photo must be a picture you uploaded here…").
  return message.startsWith('Photo') ? { field: 'image', message } : undefined;
}
