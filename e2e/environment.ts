// Where the e2e server runs and which database it uses, derived from E2E_PORT so that several
// runs (different ports) never share or drop each other's database.
import path from 'node:path';

export const e2ePort = Number(process.env.E2E_PORT ?? 3100);
export const e2eBaseUrl = `http://localhost:${e2ePort}`;
export const e2eDatabaseName = `portal_e2e_${e2ePort}`;
/** The embedded PostgreSQL's port when no TEST_DATABASE_URL is given. */
export const e2eEmbeddedPort = 54349 + (e2ePort - 3100);
export const e2eDataDir = path.resolve(import.meta.dirname, '..', 'data', `e2e-${e2ePort}`);

/** Connection string of the e2e server's database, for tests that arrange data directly. */
export function e2eDatabaseUrl(): string {
  const admin = process.env.TEST_DATABASE_URL;
  if (admin) {
    const url = new URL(admin);
    url.pathname = `/${e2eDatabaseName}`;
    return url.toString();
  }
  return `postgres://portal:portal@127.0.0.1:${e2eEmbeddedPort}/portal`;
}
