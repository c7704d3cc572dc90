import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Executor } from '../db/client.ts';

/** Sends a notification; inside a transaction PostgreSQL delivers it only at commit. */
export async function notifyChannel(executor: Executor, channel: string, text: string): Promise<void> {
  await executor.execute(sql`select pg_notify(${channel}, ${text})`);
}

/** Starts listening on the listener connection (channel names are constants, never user input). */
export async function listenOn(client: pg.Client, channels: readonly string[]): Promise<void> {
  await client.query(channels.map((channel) => `LISTEN ${channel}`).join('; '));
}

/** A round trip that fails when the listener connection has silently died. */
export async function pingConnection(client: pg.Client): Promise<void> {
  await client.query('select 1');
}
