import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { createDatabase } from '../src/db/client.ts';
import { startEmbeddedDatabase } from '../src/db/embedded.ts';
import { runMigrations } from '../src/db/migrate.ts';

// Integration tests run against a real PostgreSQL: the machine's server when TEST_DATABASE_URL is
// set (CI), else an embedded one. Migrations run once into a template database; every test file
// then gets its own copy (CREATE DATABASE … TEMPLATE), so files run in parallel without sharing rows.

export const repoRoot = path.resolve(import.meta.dirname, '../../..');

export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

export async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export interface TestServer {
  adminUrl: string;
  stop(): Promise<void>;
}

/** The PostgreSQL server tests use; `dir` names the embedded data folder when none is given. */
export async function startTestServer(dir: string, port: number): Promise<TestServer> {
  const given = process.env.TEST_DATABASE_URL;
  if (given) return { adminUrl: given, stop: async () => {} };
  const dataDir = path.join(repoRoot, 'data', dir);
  rmSync(dataDir, { recursive: true, force: true });
  const embedded = await startEmbeddedDatabase({ dir: dataDir, port });
  return {
    adminUrl: embedded.url,
    stop: async () => {
      await embedded.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function uniqueName(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
}

/**
 * Creates a throwaway database (a copy of `template` when given). Its commits do not wait for the
 * WAL to reach the disk: a crash loses nothing a test needs, and on the machine's shared server
 * (CI) the flush per commit was a good part of the integration suite's time (docs/decisions/040).
 * A per-database setting, since CREATE DATABASE … TEMPLATE does not copy it.
 */
export async function createThrowawayDatabase(adminUrl: string, name: string, template?: string): Promise<void> {
  await adminQuery(adminUrl, `CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`);
  await adminQuery(adminUrl, `ALTER DATABASE "${name}" SET synchronous_commit = off`);
}

/** A fresh, migrated database on the server; returns its URL. */
export async function createMigratedDatabase(adminUrl: string, name: string): Promise<string> {
  await adminQuery(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await createThrowawayDatabase(adminUrl, name);
  const url = withDatabase(adminUrl, name);
  const db = createDatabase(url, { max: 2 });
  try {
    await runMigrations(db);
  } finally {
    await db.$client.end();
  }
  return url;
}
