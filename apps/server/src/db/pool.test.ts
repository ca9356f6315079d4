import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { until } from '../../test/until.ts';
import { createPool, isDatabaseUnavailable } from './pool.ts';

const pool = createPool(inject('pgUrl'), 2);

afterAll(async () => {
  await pool.end();
});

describe('createPool', () => {
  it('survives the connection of a client in use being ended by the server (a restart); its next query fails as the database being unavailable', async () => {
    const client = await pool.connect();
    const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
    let ended = false;
    client.on('end', () => (ended = true));
    // What a fast shutdown does to every connection: FATAL 57P01, then the socket closes.
    const admin = new pg.Client({ connectionString: inject('pgUrl') });
    await admin.connect();
    await admin.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
    await admin.end();
    await until(() => ended, 'the connection ended');
    const err: unknown = await client.query('select 1').catch((e: unknown) => e);
    expect(isDatabaseUnavailable(err), String(err)).toBe(true);
    client.release(err as Error);
    expect((await pool.query<{ one: number }>('select 1 as one')).rows).toEqual([{ one: 1 }]);
  });
});
