/** The same PostgreSQL server's URL, naming another database on it. */
export function withDatabase(url: string, database: string) {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
