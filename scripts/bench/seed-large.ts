import type { Database } from '../../apps/server/src/db/client.ts';

/**
 * About 100k users in a 10-level hierarchy, set-based: one admin root, ten level-2 leaders, and
 * under each a ternary tree down to level 10 (9 841 people per branch, 98 411 in all). For speed
 * the insert trigger is off while seeding and the closure rows are built level by level in one
 * statement each (the same rows the trigger writes; the tests check the trigger itself).
 */
export async function seedLargeHierarchy(db: Database): Promise<{ root: number; branches: number[]; total: number }> {
  const q = (text: string, params: unknown[] = []) => db.$client.query(text, params);
  await q('CREATE SEQUENCE IF NOT EXISTS bench_phone');
  await q('ALTER TABLE users_master DISABLE TRIGGER users_hierarchy_insert');
  const closeLevel = (level: number) =>
    q(
      `INSERT INTO users_hierarchy_closure (ancestor_id, descendant_id, depth)
       SELECT u.id, u.id, 0 FROM users_master u WHERE u.structure_level = $1
       UNION ALL
       SELECT c.ancestor_id, u.id, c.depth + 1 FROM users_master u
         JOIN users_hierarchy_closure c ON c.descendant_id = u.parent_id
        WHERE u.structure_level = $1`,
      [level],
    );
  const person = (level: string) => `
    'Bench' || ${level}, 'Dealer' || nextval('bench_phone'),
    '+276' || lpad(currval('bench_phone')::text, 8, '0'),
    'bench' || currval('bench_phone') || '@bench.test'`;
  const { rows: rootRows } = await q(
    `INSERT INTO users_master (first_name, surname, phone, email, is_admin, structure_level, refs_user_lifecycle_status_id,
                               email_verified, phone_verified)
     VALUES (${person("'1'")}, true, 1, 2, true, true) RETURNING id`,
  );
  const root = rootRows[0].id as number;
  await closeLevel(1);
  await q(
    `INSERT INTO users_master (first_name, surname, phone, email, parent_id, is_leader, refs_user_tier_id, structure_level,
                               refs_user_lifecycle_status_id, email_verified, phone_verified)
     SELECT ${person("'2'")}, $1, true, 3, 2, 2, true, true FROM generate_series(1, 10)`,
    [root],
  );
  await closeLevel(2);
  for (let level = 3; level <= 10; level++) {
    await q(
      `INSERT INTO users_master (first_name, surname, phone, email, parent_id, is_leader, structure_level,
                                 refs_user_lifecycle_status_id, email_verified, phone_verified)
       SELECT ${person(`'${level}'`)}, p.id, $2 < 8, $2, CASE WHEN random() < 0.9 THEN 2 ELSE 3 END, true, true
         FROM users_master p CROSS JOIN generate_series(1, 3)
        WHERE p.structure_level = $1 ORDER BY p.id`,
      [level - 1, level],
    );
    await closeLevel(level);
  }
  await q('ALTER TABLE users_master ENABLE TRIGGER users_hierarchy_insert');
  // As autovacuum would leave it: visibility map set (index-only scans) and the trigram index's
  // pending list merged (otherwise every search scans the list of not yet merged entries).
  await q('VACUUM ANALYZE');
  const { rows: branchRows } = await q('SELECT id FROM users_master WHERE parent_id = $1 ORDER BY id', [root]);
  const { rows: countRows } = await q('SELECT count(*)::int AS n FROM users_master');
  return { root, branches: branchRows.map((row) => row.id as number), total: countRows[0].n as number };
}
