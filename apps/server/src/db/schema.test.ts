import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { dumpHeader, dumpSchema, SCHEMA_FILE, serverMajorVersion } from './schema-dump.ts';

let t: TestApp;

beforeAll(async () => {
  // A copy of the tests' template database, which global-setup migrated from scratch.
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('db/schema.sql', () => {
  it('is the schema the migrations build', async (ctx) => {
    const checkedIn = fs.readFileSync(SCHEMA_FILE, 'utf8');
    const writtenBy = checkedIn.slice(0, checkedIn.indexOf('\n'));
    const major = await serverMajorVersion(t.pool);
    // Another major version may word the same schema differently (TEST_DATABASE_URL on another server).
    ctx.skip(writtenBy !== dumpHeader(major), `db/schema.sql was written by another PostgreSQL major version than this server's ${major} ("${writtenBy}")`);
    expect(await dumpSchema(t.pool), 'db/schema.sql is out of date: run npm run db:schema').toBe(checkedIn);
  });
});
