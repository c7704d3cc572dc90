import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_ORIGIN, type TestContext } from '../../../test/test-app.ts';
import { createUser, grantFeatures, type UserRow } from '../../db/seed/factories.ts';

// A property over random trees: every list endpoint that lists people returns exactly the people
// its per-record rule allows. The rule is worked out here, independently of the closure table, by
// walking parent links (reach: an admin reaches everyone, a leader themself and their downstream,
// anyone else themself). Bounded: a fixed seed and NUM_RUNS trees; ends with one line
// `property: N trees, M list calls, K mismatches`.

const NUM_RUNS = Number(process.env.PROPERTY_RUNS ?? 20);
const SEED = Number(process.env.PROPERTY_SEED ?? 20261123);

let ctx: TestContext;

interface GeneratedUser {
  /** Index of the parent among the users before this one, or null for a top-level user. */
  parent: number | null;
  status: 1 | 2 | 3 | 4 | 5;
  isLeader: boolean;
  verified: boolean;
  /** Index of the submitter among the users before this one, or null. */
  submitter: number | null;
}

interface GeneratedTree {
  users: GeneratedUser[];
  actor: number;
  role: 'admin' | 'leader' | 'agent';
}

const treeArbitrary: fc.Arbitrary<GeneratedTree> = fc.integer({ min: 5, max: 40 }).chain((size) =>
  fc.record({
    users: fc.tuple(
      ...Array.from({ length: size }, (_, index) =>
        fc.record({
          parent: index === 0 ? fc.constant(null) : fc.option(fc.nat({ max: index - 1 }), { freq: 6 }),
          status: fc.constantFrom<GeneratedUser['status']>(2, 2, 2, 1, 3, 4, 5),
          isLeader: fc.boolean(),
          verified: fc.boolean(),
          submitter: index === 0 ? fc.constant(null) : fc.option(fc.nat({ max: index - 1 }), { freq: 2 }),
        }),
      ),
    ),
    actor: fc.nat({ max: size - 1 }),
    role: fc.constantFrom<GeneratedTree['role']>('admin', 'leader', 'agent'),
  }),
);

/** The users as inserted, with the reach rule worked out from parent links. */
interface Model {
  rows: UserRow[];
  actor: UserRow;
  role: GeneratedTree['role'];
  byId: Map<number, UserRow>;
}

function isAncestorOrSelf(model: Model, ancestorId: number, userId: number): boolean {
  let current: UserRow | undefined = model.byId.get(userId);
  const seen = new Set<number>();
  while (current && !seen.has(current.id)) {
    if (current.id === ancestorId) return true;
    seen.add(current.id);
    current = current.parentId === null ? undefined : model.byId.get(current.parentId);
  }
  return false;
}

/** The per-record rule: may the actor see this user (GET /api/people/{id})? */
function reaches(model: Model, userId: number): boolean {
  if (model.role === 'admin') return true;
  if (model.role === 'leader') return isAncestorOrSelf(model, model.actor.id, userId);
  return userId === model.actor.id;
}

async function insertTree(tree: GeneratedTree): Promise<Model> {
  // A fresh state for each tree: no users but these (everything hanging off users goes too).
  // Deleting is much cheaper than TRUNCATE … CASCADE over the ~40 tables that refer to users; the
  // checks write nothing that refers to them, so these are all the rows there are.
  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`DELETE FROM users_access_index`);
    await tx.execute(sql`DELETE FROM users_hierarchy_closure`);
    await tx.execute(sql`DELETE FROM users_master`);
  });
  const rows: UserRow[] = [];
  for (const [index, user] of tree.users.entries()) {
    const isActor = index === tree.actor;
    const row = await createUser(ctx.db, {
      parentId: user.parent === null ? null : rows[user.parent]!.id,
      submittedBy: user.submitter === null ? null : rows[user.submitter]!.id,
      // The actor is active and verified (else every list answers 403 for the waiting state).
      refsUserLifecycleStatusId: isActor ? 2 : user.status,
      emailVerified: isActor || user.verified,
      phoneVerified: isActor || user.verified,
      isLeader: isActor ? tree.role === 'leader' : user.isLeader,
      isAdmin: isActor && tree.role === 'admin',
      // The actor is the one signed-in identity of the file, whoever it is in this tree.
      ...(isActor ? { authId: session.authId } : { withoutLogin: true }),
    });
    rows.push(row);
  }
  const actor = rows[tree.actor]!;
  if (tree.role === 'admin') await grantFeatures(ctx.db, actor.id);
  return { rows, actor, role: tree.role, byId: new Map(rows.map((row) => [row.id, row])) };
}

let listCalls = 0;
let recordChecks = 0;
const mismatches: string[] = [];

let currentTree = 0;

async function get(cookie: string, url: string, expectOk = true) {
  if (/^\/api\/(people|approvals|teams\/dealers)\/\d+$/.test(url)) recordChecks += 1;
  else listCalls += 1;
  const response = await ctx.app.inject({ method: 'GET', url, headers: { cookie, origin: TEST_ORIGIN } });
  if (expectOk && response.statusCode !== 200)
    mismatches.push(`tree ${currentTree} GET ${url}: ${response.statusCode} ${response.body.slice(0, 200)}`);
  return response;
}

function compare(tree: number, what: string, got: number[], expected: number[]) {
  const want = [...new Set(expected)].sort((a, b) => a - b);
  const have = [...new Set(got)].sort((a, b) => a - b);
  const extra = have.filter((id) => !want.includes(id));
  const missing = want.filter((id) => !have.includes(id));
  if (extra.length || missing.length)
    mismatches.push(`tree ${tree} ${what}: extra [${extra.join(', ')}], missing [${missing.join(', ')}]`);
}

const ids = (items: Array<{ id: number }>) => items.map((item) => item.id);

/** The listed people of an answer (`field` of its JSON, or the JSON itself); a missing list fails loudly. */
function listed(response: { json(): unknown; statusCode: number }, field?: string): number[] {
  const body = response.json() as Record<string, unknown>;
  const items = field ? body[field] : body;
  if (!Array.isArray(items)) throw new Error(`no list${field ? ` in "${field}"` : ''}: ${response.statusCode}`);
  return ids(items as Array<{ id: number }>);
}

async function checkTree(tree: number, model: Model, cookie: string, pick: number) {
  const { rows, actor, role } = model;
  const live = (user: UserRow) => user.refsUserLifecycleStatusId !== 4;
  const reachable = rows.filter((user) => reaches(model, user.id));

  // The per-record checks themselves, for every user of the tree: the user detail, and for a leader
  // the dealer summary (an admin's is 200 for everyone, which the lists below already show).
  for (const user of rows) {
    const urls = [`/api/people/${user.id}`, ...(role === 'leader' ? [`/api/teams/dealers/${user.id}`] : [])];
    for (const url of urls) {
      const response = await get(cookie, url, false);
      if ((response.statusCode === 200) !== reaches(model, user.id))
        mismatches.push(`tree ${tree} GET ${url}: ${response.statusCode}, reach says ${reaches(model, user.id)}`);
    }
  }

  // Alerts recipients (?ids= in chunks of 20, the list's size): reachable, not deleted.
  if (role !== 'agent') {
    for (let start = 0; start < rows.length; start += 20) {
      const chunk = rows.slice(start, start + 20);
      const response = await get(cookie, `/api/alerts/recipients?ids=${chunk.map((user) => user.id).join(',')}`);
      compare(
        tree,
        'GET /api/alerts/recipients',
        listed(response),
        ids(chunk.filter((user) => live(user) && reaches(model, user.id))),
      );
    }
  }

  if (role === 'agent') {
    // Agents list nobody: Manage Teams and the downstream views answer 403.
    for (const url of ['/api/teams/dealers', `/api/teams/downstream/${actor.id}`]) {
      const response = await get(cookie, url, false);
      if (response.statusCode !== 403) mismatches.push(`tree ${tree} agent ${url}: ${response.statusCode}`);
    }
    return;
  }

  // Manage Teams: the leader's downstream (themself left out) or everyone; deleted users hidden.
  const dealers = await get(cookie, '/api/teams/dealers?pageSize=100');
  compare(
    tree,
    'GET /api/teams/dealers',
    listed(dealers, 'data'),
    rows
      .filter((user) => live(user) && (role === 'admin' || user.id !== actor.id) && reaches(model, user.id))
      .map((user) => user.id),
  );

  // One dealer's downstream and direct children, for a dealer picked at random.
  const dealer = rows[pick % rows.length]!;
  const below = rows.filter(
    (user) => user.id !== dealer.id && live(user) && isAncestorOrSelf(model, dealer.id, user.id),
  );
  const inReach = reaches(model, dealer.id);
  const downstream = await get(cookie, `/api/teams/downstream/${dealer.id}?pageSize=100`, inReach);
  const children = await get(cookie, `/api/teams/dealers?pageSize=100&parentId=${dealer.id}`, inReach);
  if (inReach) {
    compare(tree, `GET /api/teams/downstream/${dealer.id}`, listed(downstream, 'data'), ids(below));
    compare(
      tree,
      `GET /api/teams/dealers?parentId=${dealer.id}`,
      listed(children, 'data'),
      ids(below.filter((user) => user.parentId === dealer.id)),
    );
  } else {
    for (const [what, response] of [
      ['downstream', downstream],
      ['children', children],
    ] as const) {
      if (response.statusCode !== 403)
        mismatches.push(`tree ${tree} ${what} of Z-${dealer.id} out of reach: ${response.statusCode}`);
    }
  }

  // Managers for the wizard: active users in reach, the actor included.
  const managers = await get(cookie, '/api/onboarding/managers?limit=50');
  compare(
    tree,
    'GET /api/onboarding/managers',
    listed(managers, 'items'),
    ids(reachable.filter((user) => user.refsUserLifecycleStatusId === 2)),
  );

  // 'Your Pending Requests': what the actor submitted (pending, approved, declined) and may still
  // open (GET /api/approvals/{id}: an admin, or the submitter within reach).
  const mine = await get(cookie, '/api/approvals/mine?pageSize=100');
  compare(
    tree,
    'GET /api/approvals/mine',
    listed(mine, 'items'),
    ids(
      rows.filter(
        (user) =>
          user.submittedBy === actor.id &&
          [1, 2, 5].includes(user.refsUserLifecycleStatusId) &&
          reaches(model, user.id),
      ),
    ),
  );

  // The per-record check of those requests: GET /api/approvals/{id} answers 200 exactly for the
  // requests the list shows (of the users the actor submitted).
  const shown = new Set(listed(mine, 'items'));
  for (const user of rows.filter((row) => row.submittedBy === actor.id)) {
    const detail = await get(cookie, `/api/approvals/${user.id}`, false);
    if ((detail.statusCode === 200) !== shown.has(user.id))
      mismatches.push(
        `tree ${tree} GET /api/approvals/${user.id}: ${detail.statusCode}, but 'Your Pending Requests' ${shown.has(user.id) ? 'lists' : 'does not list'} it`,
      );
  }

  if (role === 'admin') {
    // Approvals: the given status, both verified, with a submitter.
    for (const status of [1, 5]) {
      const approvals = await get(cookie, `/api/approvals?status=${status}&pageSize=100`);
      compare(
        tree,
        `GET /api/approvals?status=${status}`,
        listed(approvals, 'items'),
        ids(
          rows.filter(
            (user) =>
              user.refsUserLifecycleStatusId === status &&
              user.emailVerified &&
              user.phoneVerified &&
              user.submittedBy !== null,
          ),
        ),
      );
    }
    // Eligible managers of the picked dealer: leaders and admins, not them, not below them, not deleted.
    const eligible = await get(cookie, `/api/people/${dealer.id}/eligible-managers?limit=50`);
    compare(
      tree,
      `GET /api/people/${dealer.id}/eligible-managers`,
      listed(eligible, 'items'),
      ids(
        rows.filter(
          (user) => (user.isLeader || user.isAdmin) && live(user) && !isAncestorOrSelf(model, dealer.id, user.id),
        ),
      ),
    );
  }
}

/** One sign-in for the whole file: each tree's actor row takes over this identity. */
const session = { authId: '', cookie: '' };

beforeAll(async () => {
  ctx = await createTestContext();
  const identity = await createUser(ctx.db, {});
  session.authId = identity.authId!;
  session.cookie = await ctx.signIn(identity.email!);
});

afterAll(async () => {
  await ctx?.close();
});

describe('team visibility over random trees', () => {
  it('every people list returns exactly the rows its per-record check allows', async () => {
    let trees = 0;
    await fc.assert(
      fc.asyncProperty(treeArbitrary, fc.nat(), async (tree, pick) => {
        trees += 1;
        currentTree = trees;
        const model = await insertTree(tree);
        await checkTree(trees, model, session.cookie, pick);
        // Mismatches are collected over every tree (and printed), not shrunk: each tree is dozens of requests.
        return true;
      }),
      { numRuns: NUM_RUNS, seed: SEED, endOnFailure: true },
    );
    console.log(
      `property: ${trees} trees, ${listCalls} list calls, ${mismatches.length} mismatches (and ${recordChecks} per-record checks)`,
    );
    if (mismatches.length) console.log(`property mismatches (first 20):\n  ${mismatches.slice(0, 20).join('\n  ')}`);
    expect(mismatches).toEqual([]);
  }, 240_000);
});
