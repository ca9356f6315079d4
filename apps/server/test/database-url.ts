import pg from 'pg';

/** The same PostgreSQL server's URL, naming another database on it. */
export function withDatabase(url: string, database: string) {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** Creates `database` on the server at `serverUrl` (its maintenance database) and returns the new database's URL. */
export async function createDatabase(serverUrl: string, database: string): Promise<string> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${database}`);
  } finally {
    await admin.end();
  }
  return withDatabase(serverUrl, database);
}
