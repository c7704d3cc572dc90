import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminQuery, withDatabase } from '../../test/test-database.ts';
import { createDatabase, type Database } from './client.ts';
import { migrationsFolder, runMigrations } from './migrate.ts';

// Migration 0023 (decision 042) reads each commission line's parts out of the words it stored and
// then drops the words. Lines written before it must read back in the same words, and a line whose
// words give no parts must stop the migration rather than lose its trace.

const BEFORE = 22; // the last migration before 0023

let name: string;
let db: Database;
let folder: string;

/** The migrations folder as it was up to and including migration `last`. */
async function migrationsUpTo(last: number): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'portal-migrations-'));
  await mkdir(path.join(dir, 'meta'));
  const journal = JSON.parse(await readFile(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8'));
  journal.entries = journal.entries.filter((entry: { idx: number }) => entry.idx <= last);
  await writeFile(path.join(dir, 'meta/_journal.json'), JSON.stringify(journal));
  const tags = new Set(journal.entries.map((entry: { tag: string }) => `${entry.tag}.sql`));
  for (const file of await readdir(migrationsFolder)) {
    if (tags.has(file)) await copyFile(path.join(migrationsFolder, file), path.join(dir, file));
  }
  return dir;
}

/** Rows as the code before 0023 wrote them; the reference checks are not what is tested here. */
async function asBefore(statements: string[]) {
  const client = await db.$client.connect();
  try {
    await client.query('begin');
    await client.query('set local session_replication_role = replica');
    for (const statement of statements) await client.query(statement);
    await client.query('commit');
  } finally {
    client.release();
  }
}

const OLD_LINES = `
  insert into commission_lines (id, orders_import_id, payee_users_master_id, role, leader_level, amount_cents,
                                source, commission_import_id, rate_column, rule) values
    (1, 501, 10, 'agent', null, 43210, 'calculated', null, 'deal_once_off_user_com_rate_2', 'agent: dealer tier 2'),
    (2, 501, 11, 'leader', 3, 1200, 'calculated', null, 'deal_once_off_leader_com_rate_3',
        'leader: k=3 above dealer Z-10 (tree depth 5)'),
    (3, 502, 12, 'agent', null, 9900, 'import', 1, null, 'import: Agent file payouts line 7.csv line 12'),
    (4, 503, 13, 'agent', null, 500, 'calculated', null, null, null)`;

beforeAll(async () => {
  name = `portal_migration_0023_${Math.random().toString(36).slice(2, 8)}`;
  await adminQuery(inject('testAdminUrl'), `CREATE DATABASE "${name}"`);
  db = createDatabase(withDatabase(inject('testAdminUrl'), name), { max: 2 });
  folder = await migrationsUpTo(BEFORE);
  await migrate(db, { migrationsFolder: folder, migrationsSchema: 'drizzle' });
  await asBefore([
    `insert into commission_imports (id, file_name, kind, status) values (1, 'payouts line 7.csv', 'agent', 'completed')`,
    OLD_LINES,
  ]);
});

afterAll(async () => {
  await db?.$client.end();
  if (folder) await rm(folder, { recursive: true, force: true });
  if (name) await adminQuery(inject('testAdminUrl'), `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
});

describe('migration 0023: commission lines stored as parts', () => {
  it('stops, applying nothing, when a line’s words give no parts', async () => {
    await asBefore([
      `insert into commission_lines (id, orders_import_id, payee_users_master_id, role, amount_cents, source,
                                     rate_column, rule)
       values (5, 504, 14, 'agent', 100, 'calculated', 'some_other_column', 'agent: by hand')`,
    ]);
    // drizzle wraps the database's error as the cause of its own.
    await expect(runMigrations(db)).rejects.toMatchObject({
      cause: { message: expect.stringMatching(/^migration 0023: 1 commission line\(s\) whose rule or rate column/) },
    });
    const words = await db.$client.query('select rule from commission_lines where id = 5');
    expect(words.rows).toEqual([{ rule: 'agent: by hand' }]);
    await asBefore(['delete from commission_lines where id = 5']);
  });

  it('gives back the words every line stored before it', async () => {
    await runMigrations(db);
    const traced = await db.$client.query(
      'select id, role::text, source::text, rate_column, rule from commission_lines_traced order by id',
    );
    expect(traced.rows).toEqual([
      {
        id: 1,
        role: 'agent',
        source: 'calculated',
        rate_column: 'deal_once_off_user_com_rate_2',
        rule: 'agent: dealer tier 2',
      },
      {
        id: 2,
        role: 'leader',
        source: 'calculated',
        rate_column: 'deal_once_off_leader_com_rate_3',
        rule: 'leader: k=3 above dealer Z-10 (tree depth 5)',
      },
      {
        id: 3,
        role: 'agent',
        source: 'import',
        rate_column: null,
        rule: 'import: Agent file payouts line 7.csv line 12',
      },
      { id: 4, role: 'agent', source: 'calculated', rate_column: null, rule: null },
    ]);
  });
});
