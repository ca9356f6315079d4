/** The browser's own time zone: the Time zone field's choice until the person saves one. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** The IANA zones this browser knows, UTC and `include` among them (an alias such as Asia/Calcutta is kept as it is). */
export function timeZoneChoices(...include: string[]): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set(['UTC', ...known, ...include.filter(Boolean)])].sort((a, b) => (a === 'UTC' ? -1 : b === 'UTC' ? 1 : a.localeCompare(b)));
}

/** Which field a refusal of the profile is about, by the field name its message starts with. */
export function fieldOfMessage(message: string): 'name' | 'image' | 'phone' | 'timeZone' | undefined {
  if (message.startsWith('Name')) return 'name';
  if (message.startsWith('Photo')) return 'image';
  if (message.startsWith('Phone')) return 'phone';
  if (message.startsWith('Time zone')) return 'timeZone';
  return undefined;
}
