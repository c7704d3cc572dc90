import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema/index.ts';

/** A piece of SQL built in a *.queries.ts file and carried through other code unopened. */
export type { SQL as SqlFragment } from 'drizzle-orm';

export type Database = NodePgDatabase<typeof schema> & { $client: pg.Pool };
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** A database handle or an open transaction: services take either so callers can compose. */
export type Executor = Database | Transaction;

// Dates and timestamps come back as strings/Date as drizzle expects; bigint counts as numbers.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export function createDatabase(url: string, options: { max?: number } = {}): Database {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 20, connectionTimeoutMillis: 10_000 });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  return drizzle(pool, { schema, casing: 'snake_case' }) as Database;
}

const dialect = new PgDialect({ casing: 'snake_case' });

/**
 * Runs `query` as a named prepared statement on whichever connection serves it (the pool's, or the
 * transaction's): each connection parses it once, and after a few runs PostgreSQL may keep one plan
 * for it. For hot reads whose planning costs as much as their running (decision 009's actor
 * statement, decision 062). The statement's name is `name` and a hash of its text, so another shape
 * of the same query is another statement. Never give it text that varies with input (`sql.raw` of a
 * value): each distinct text is prepared anew on every connection and kept for the connection's life.
 */
export async function executePrepared<T extends Record<string, unknown>>(
  db: Executor,
  name: string,
  query: SQL,
): Promise<pg.QueryResult<T>> {
  const built = dialect.sqlToQuery(query);
  const id = `${name}_${createHash('sha1').update(built.sql).digest('base64url').slice(0, 16)}`;
  const prepared = db._.session.prepareQuery(built, undefined, id, false);
  return (await prepared.execute()) as pg.QueryResult<T>;
}

/** One round trip: the database answers. */
export async function pingDatabase(db: Database): Promise<void> {
  await db.$client.query('select 1');
}

/** Fails with one clear line when the server cannot be reached. */
export async function assertReachable(db: Database, url: string): Promise<void> {
  try {
    await db.$client.query('select 1');
  } catch (error) {
    const safeUrl = url.replace(/\/\/([^:@/]+)(:[^@/]*)?@/, '//$1@');
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`cannot reach the database at ${safeUrl}: ${reason}`);
  }
}

/**
 * Runs `work` on one connection held for its whole length: a drizzle handle on that connection (its
 * transactions stay on it) and the raw client, for what drizzle cannot say, such as `COPY … FROM
 * STDIN`. After a failure the connection is closed, not pooled: a COPY cut off mid-stream or a
 * connection killed mid-transaction must not be handed to the next request.
 */
export async function withConnection<T>(
  db: Database,
  work: (connection: Database, client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await db.$client.connect();
  // A dropped connection emits 'error' on an idle client; without a listener that would crash the process.
  const ignore = () => {};
  client.on('error', ignore);
  let failed = false;
  try {
    // Same typing as the pool's handle: only its queries and transactions are used.
    const connection = drizzle(client, { schema, casing: 'snake_case' }) as unknown as Database;
    return await work(connection, client);
  } catch (error) {
    failed = true;
    throw error;
  } finally {
    client.off('error', ignore);
    client.release(failed);
  }
}
