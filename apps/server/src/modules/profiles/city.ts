/**
 * The city a profile shows from a listing's Location: "City, ST" (the form the listing form asks
 * for), or the last two parts of a longer text whose last is a two-letter state ("12 Oak St, Austin,
 * TX" → "Austin, TX"). Null when the text is not in that form or its city part holds a digit: a
 * street, a house number or a ZIP code is never shown on a profile.
 */
export function cityOf(location: string): string | null {
  const parts = location.split(',').map((part) => part.trim().replace(/\s+/g, ' '));
  if (parts.length < 2) return null;
  const [city, state] = parts.slice(-2) as [string, string];
  if (!/^[A-Za-z]{2}$/.test(state) || city === '' || /[0-9]/.test(city) || city.length > 60) return null;
  return `${city}, ${state.toUpperCase()}`;
}
