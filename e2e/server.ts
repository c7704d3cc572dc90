// Starts the built app for the end-to-end run on its own port and its own fresh database with
// the demo personas: the machine's PostgreSQL when TEST_DATABASE_URL is set, else an embedded one.
import { rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '..');
const dataDir = path.join(root, 'data', 'e2e');
rmSync(dataDir, { recursive: true, force: true });

process.env.NODE_ENV = 'production';
process.env.PORT = process.env.E2E_PORT ?? '3100';
process.env.PUBLIC_URL = `http://localhost:${process.env.PORT}`;
process.env.DATA_DIR = dataDir;
process.env.LOG_LEVEL = 'warn';
process.env.AUTH_SECRET = 'kQ7vN2pX9rL4tY8wZ3mB6cF1hJ5dS0aG';
process.env.SEED_DEMO = 'always';

const admin = process.env.TEST_DATABASE_URL;
if (admin) {
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query('DROP DATABASE IF EXISTS portal_e2e WITH (FORCE)');
  await client.query('CREATE DATABASE portal_e2e');
  await client.end();
  const url = new URL(admin);
  url.pathname = '/portal_e2e';
  process.env.DATABASE_URL = url.toString();
} else {
  delete process.env.DATABASE_URL;
  process.env.EMBEDDED_PG_PORT = '54349';
}

await import('../apps/server/src/main.ts');
