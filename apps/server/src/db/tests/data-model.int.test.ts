import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import { usersHierarchyClosure, usersMaster } from '../schema/index.ts';
import { createUser } from '../seed/factories.ts';

let ctx: TestContext;

/** The PostgreSQL error under Drizzle's "Failed query" wrapper, as text with its constraint. */
async function databaseError(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (error) {
    const cause = (error as { cause?: { message: string; constraint?: string } }).cause;
    return `${cause?.message ?? String(error)} ${cause?.constraint ?? ''}`;
  }
  return 'no error';
}
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

/** Every (ancestor, descendant, depth) pair computed from parent_id alone, to compare with the closure table. */
async function closureFromParents(rootIds: number[]) {
  const { rows } = await ctx.db.$client.query<{ ancestor_id: number; descendant_id: number; depth: number }>(
    `WITH RECURSIVE tree(ancestor_id, descendant_id, depth) AS (
       SELECT id, id, 0 FROM users_master WHERE id = ANY($1)
       UNION ALL
       SELECT t.ancestor_id, u.id, t.depth + 1 FROM tree t JOIN users_master u ON u.parent_id = t.descendant_id
     ), all_nodes AS (
       SELECT descendant_id AS id FROM tree
     ), pairs AS (
       SELECT a.id AS ancestor_id, d.id AS descendant_id, 0 AS depth FROM all_nodes a JOIN all_nodes d ON a.id = d.id
       UNION
       SELECT p.ancestor_id, p.descendant_id, p.depth FROM (
         WITH RECURSIVE up(node, ancestor_id, depth) AS (
           SELECT id, parent_id, 1 FROM users_master WHERE id IN (SELECT id FROM all_nodes) AND parent_id IS NOT NULL
           UNION ALL
           SELECT up.node, u.parent_id, up.depth + 1 FROM up JOIN users_master u ON u.id = up.ancestor_id WHERE u.parent_id IS NOT NULL
         ) SELECT ancestor_id, node AS descendant_id, depth FROM up
       ) p
     )
     SELECT ancestor_id, descendant_id, depth FROM pairs ORDER BY 1, 2`,
    [rootIds],
  );
  return rows.map((row) => `${row.ancestor_id}>${row.descendant_id}@${row.depth}`);
}

async function closureRows(ids: number[]) {
  const rows = await ctx.db
    .select()
    .from(usersHierarchyClosure)
    .where(inArray(usersHierarchyClosure.descendantId, ids))
    .orderBy(usersHierarchyClosure.ancestorId, usersHierarchyClosure.descendantId);
  return rows.map((row) => `${row.ancestorId}>${row.descendantId}@${row.depth}`);
}

describe('hierarchy closure table', () => {
  it('stays exact through inserts, moves with children and moves of children to the former parent', async () => {
    const root = await createUser(ctx.db, { withoutLogin: true });
    const a = await createUser(ctx.db, { parentId: root.id, withoutLogin: true });
    const b = await createUser(ctx.db, { parentId: root.id, withoutLogin: true });
    const a1 = await createUser(ctx.db, { parentId: a.id, withoutLogin: true });
    const a2 = await createUser(ctx.db, { parentId: a1.id, withoutLogin: true });
    const ids = [root.id, a.id, b.id, a1.id, a2.id];
    expect(await closureRows(ids)).toEqual(await closureFromParents([root.id]));
    expect(await closureRows([a2.id])).toEqual(
      [`${root.id}>${a2.id}@3`, `${a.id}>${a2.id}@2`, `${a1.id}>${a2.id}@1`, `${a2.id}>${a2.id}@0`].sort(),
    );

    // Move a (with its children) under b.
    await ctx.db.update(usersMaster).set({ parentId: b.id }).where(eq(usersMaster.id, a.id));
    expect(await closureRows(ids)).toEqual(await closureFromParents([root.id]));

    // Move a1 without children: its child goes to a1's former parent first, then a1 moves to root.
    await ctx.db.transaction(async (tx) => {
      await tx.update(usersMaster).set({ parentId: a.id }).where(eq(usersMaster.parentId, a1.id));
      await tx.update(usersMaster).set({ parentId: root.id }).where(eq(usersMaster.id, a1.id));
    });
    expect(await closureRows(ids)).toEqual(await closureFromParents([root.id]));
    const [row] = await ctx.db
      .select()
      .from(usersHierarchyClosure)
      .where(sql`ancestor_id = ${b.id} and descendant_id = ${a2.id}`);
    expect(row?.depth).toBe(2);
  });

  it('refuses to move a user under their own downstream', async () => {
    const top = await createUser(ctx.db, { withoutLogin: true });
    const child = await createUser(ctx.db, { parentId: top.id, withoutLogin: true });
    expect(
      await databaseError(ctx.db.update(usersMaster).set({ parentId: child.id }).where(eq(usersMaster.id, top.id))),
    ).toMatch(/own downstream/);
  });
});

describe('uniqueness of contact details and ID numbers', () => {
  it('refuses the same e-mail in another letter case', async () => {
    await createUser(ctx.db, { email: 'Thandi.M@Example.test', withoutLogin: true });
    expect(await databaseError(createUser(ctx.db, { email: 'thandi.m@example.TEST', withoutLogin: true }))).toMatch(
      /users_master_email_unique/,
    );
  });

  it('refuses a phone already in use', async () => {
    await createUser(ctx.db, { phone: '+27831112222', withoutLogin: true });
    expect(await databaseError(createUser(ctx.db, { phone: '+27831112222', withoutLogin: true }))).toMatch(
      /users_master_phone_unique/,
    );
  });

  it('refuses a passport number in another letter case', async () => {
    await createUser(ctx.db, {
      identificationNo: 'a1234567',
      refsIdentityDocType: 'PASSPORT',
      passportIssueDate: '2020-01-01',
      passportExpiryDate: '2030-01-01',
      withoutLogin: true,
    });
    expect(
      await databaseError(
        createUser(ctx.db, {
          identificationNo: 'A1234567',
          refsIdentityDocType: 'PASSPORT',
          passportIssueDate: '2020-01-01',
          passportExpiryDate: '2030-01-01',
          withoutLogin: true,
        }),
      ),
    ).toMatch(/users_master_identification_no_unique/);
  });

  it('refuses a phone that is not +27 and nine digits', async () => {
    expect(await databaseError(createUser(ctx.db, { phone: '0821234567', withoutLogin: true }))).toMatch(
      /users_master_phone_format/,
    );
  });
});

describe('reference lists', () => {
  it('lists South Africa first among the countries and the twelve banks with branch codes', async () => {
    const { rows: countries } = await ctx.db.$client.query(
      'SELECT code FROM refs_country ORDER BY sort_order, name LIMIT 1',
    );
    expect(countries[0].code).toBe('ZAF');
    const { rows: banks } = await ctx.db.$client.query("SELECT branch_code FROM refs_bank WHERE name = 'Capitec'");
    expect(banks[0].branch_code).toBe('470010');
    const { rows: count } = await ctx.db.$client.query('SELECT count(*)::int AS n FROM refs_bank');
    expect(count[0].n).toBe(12);
  });
});
