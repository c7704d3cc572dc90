// Starts the built app for the end-to-end run on its own port and its own fresh database with
// the demo personas: the machine's PostgreSQL when TEST_DATABASE_URL is set, else an embedded one.
import { rmSync } from 'node:fs';
import pg from 'pg';
import { e2eDatabaseName, e2eDatabaseUrl, e2eDataDir, e2eEmbeddedPort, e2ePort } from './environment.ts';

rmSync(e2eDataDir, { recursive: true, force: true });

process.env.NODE_ENV = 'production';
// The journeys read codes and links from the outbox page, as a newcomer does.
process.env.OUTBOX_TRANSPORT_ALLOWED = 'true';
process.env.PORT = String(e2ePort);
process.env.PUBLIC_URL = `http://localhost:${e2ePort}`;
process.env.DATA_DIR = e2eDataDir;
process.env.LOG_LEVEL = 'warn';
process.env.AUTH_SECRET = 'kQ7vN2pX9rL4tY8wZ3mB6cF1hJ5dS0aG';
process.env.SEED_DEMO = 'always';
// Every journey signs in from the same address, many times a minute: lift the per-address rate
// (the per-account lockout after failed sign-ins still holds).
process.env.AUTH_SIGN_IN_PER_MINUTE ??= '600';
// The same for the request limits per address of the server (docs/security-headers-and-limits.md).
process.env.RATE_LIMIT_SIGN_IN_PER_MINUTE ??= '600';
process.env.RATE_LIMIT_CODES_PER_HOUR ??= '600';
process.env.RATE_LIMIT_AVAILABILITY_PER_MINUTE ??= '6000';
process.env.RATE_LIMIT_UPLOADS_PER_MINUTE ??= '600';
process.env.RATE_LIMIT_EXPORTS_PER_HOUR ??= '600';
process.env.RATE_LIMIT_PASSWORD_CHANGES_PER_HOUR ??= '600';
process.env.RATE_LIMIT_NEW_TICKETS_PER_HOUR ??= '6000';

const admin = process.env.TEST_DATABASE_URL;
if (admin) {
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS ${e2eDatabaseName} WITH (FORCE)`);
  await client.query(`CREATE DATABASE ${e2eDatabaseName}`);
  // A throwaway database: commits need not wait for the disk (docs/decisions/040).
  await client.query(`ALTER DATABASE ${e2eDatabaseName} SET synchronous_commit = off`);
  await client.end();
  process.env.DATABASE_URL = e2eDatabaseUrl();
} else {
  delete process.env.DATABASE_URL;
  process.env.EMBEDDED_PG_PORT = String(e2eEmbeddedPort);
}

await import('../apps/server/src/main.ts');
