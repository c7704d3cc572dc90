import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminQuery, withDatabase } from '../../test/test-database.ts';
import { createDatabase, type Database } from './client.ts';
import { runMigrations } from './migrate.ts';

// Two instances starting at once against an empty database: without the lock both would apply
// the first migration and one would fail on "already exists".

let name: string;
let first: Database;
let second: Database;

beforeAll(async () => {
  name = `portal_migrate_${Math.random().toString(36).slice(2, 8)}`;
  await adminQuery(inject('testAdminUrl'), `CREATE DATABASE "${name}"`);
  const url = withDatabase(inject('testAdminUrl'), name);
  first = createDatabase(url, { max: 2 });
  second = createDatabase(url, { max: 2 });
});

afterAll(async () => {
  await first?.$client.end();
  await second?.$client.end();
  if (name) await adminQuery(inject('testAdminUrl'), `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
});

describe('runMigrations', () => {
  it('lets two instances start together: one applies, the other finds nothing left', async () => {
    await Promise.all([runMigrations(first), runMigrations(second)]);
    const applied = await first.$client.query('select count(*)::int as n from drizzle.__drizzle_migrations');
    const journal = (await import('./migrations/meta/_journal.json', { with: { type: 'json' } })).default;
    expect(applied.rows[0].n).toBe(journal.entries.length);
  });
});
