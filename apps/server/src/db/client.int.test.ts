import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { type Database, executePrepared } from './client.ts';

// executePrepared: a hot read kept as a named prepared statement per connection.
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  await ctx?.close();
});

const preparedNames = async (client: pg.PoolClient) =>
  (await client.query(`select name from pg_prepared_statements where name like 'client_test_%'`)).rows.map(
    (row) => row.name as string,
  );

/** A drizzle handle on one connection, so each statement below meets the ones prepared before it. */
async function onOneConnection(work: (db: Database, client: pg.PoolClient) => Promise<void>) {
  const client = await ctx.db.$client.connect();
  try {
    await work(drizzle(client, { casing: 'snake_case' }) as unknown as Database, client);
  } finally {
    client.release(true);
  }
}

describe('executePrepared', () => {
  it('answers with each run its own values, and keeps the statement on the connection', async () => {
    await onOneConnection(async (db, client) => {
      const twice = (n: number) => sql`select ${n}::int * 2 as doubled`;
      const first = await executePrepared<{ doubled: number }>(db, 'client_test', twice(2));
      const second = await executePrepared<{ doubled: number }>(db, 'client_test', twice(21));
      expect(first.rows).toEqual([{ doubled: 4 }]);
      expect(second.rows).toEqual([{ doubled: 42 }]);
      expect(await preparedNames(client)).toHaveLength(1);
    });
  });

  it('runs two shapes under one name as two statements, not as a clash', async () => {
    await onOneConnection(async (db, client) => {
      const plus = await executePrepared<{ v: number }>(db, 'client_test', sql`select ${1}::int + 1 as v`);
      const minus = await executePrepared<{ v: number }>(db, 'client_test', sql`select ${1}::int - 1 as v`);
      expect(plus.rows).toEqual([{ v: 2 }]);
      expect(minus.rows).toEqual([{ v: 0 }]);
      expect(await preparedNames(client)).toHaveLength(2);
    });
  });

  it('runs inside a transaction, on its connection, and rolls back with it', async () => {
    await ctx.db.execute(sql`create table client_test_rows (n integer not null)`);
    await expect(
      ctx.db.transaction(async (tx) => {
        await executePrepared(tx, 'client_test_insert', sql`insert into client_test_rows values (${7})`);
        const seen = await executePrepared<{ n: number }>(tx, 'client_test_read', sql`select n from client_test_rows`);
        expect(seen.rows).toEqual([{ n: 7 }]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const after = await ctx.db.execute(sql`select count(*)::int as n from client_test_rows`);
    expect(after.rows).toEqual([{ n: 0 }]);
  });
});
