// Where the e2e server runs and which database it uses, derived from E2E_PORT so that several
// runs (different ports) never share or drop each other's database.
//
// A run may split the journeys over E2E_SHARDS servers, one per Playwright worker, each on its own
// port and its own database (docs/decisions/040): shard i listens on E2E_PORT + i, so a run with N
// shards takes the ports E2E_PORT … E2E_PORT + N − 1 (docs/decisions/051). A worker drives the
// server of its parallel index, so no two journeys ever share a server at once.
import path from 'node:path';

/** The port given for this run; shard 0's server listens on it. */
export const e2eBasePort = Number(process.env.E2E_PORT ?? 3100);
/** How many servers (and so workers) the run uses. */
export const e2eShards = Math.max(1, Number(process.env.E2E_SHARDS ?? 1));

/** The port of shard `shard`'s server. */
export function e2eShardPort(shard: number): number {
  return e2eBasePort + shard;
}

// The server is told its shard (E2E_SHARD); a Playwright worker has its parallel index.
const shard = Number(process.env.E2E_SHARD ?? process.env.TEST_PARALLEL_INDEX ?? 0);

export const e2ePort = e2eShardPort(shard);
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
