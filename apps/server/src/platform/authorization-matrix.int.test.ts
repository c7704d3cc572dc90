import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_ORIGIN, type TestContext } from '../../test/test-app.ts';
import { featuresMaster, jobProgress, storedFiles } from '../db/schema/index.ts';
import { DEMO_PASSWORD } from '../db/seed/demo.ts';
import { createUser, grantFeatures, type NewUser, type UserRow } from '../db/seed/factories.ts';
import { COMMISSION_IMPORT_QUEUE } from '../modules/commissions/commission-import.service.ts';
import {
  AUTHORIZATION_MATRIX,
  type Cell,
  MATRIX_EXCEPTIONS,
  type MatrixRow,
  PERSONAS,
  type Persona,
  RELATIONS,
  type Relation,
  type SampleContext,
  type SampleRequest,
  SPECIAL_CASES,
  type SpecialCase,
  type Verdict,
} from './authorization-matrix.ts';

// Drives every cell of the authorisation matrix (authorization-matrix.ts) over HTTP: each route of
// the OpenAPI document × persona × relation of the target to the persona. Ends with one line:
// `authorisation matrix: R routes, C cells, A allowed, D denied, E escapes`.

let ctx: TestContext;
let baseUrl: string;
let root: UserRow;
let sequence = 0;
const unique = () => {
  sequence += 1;
  return Number(`${Date.now() % 100_000}${String(sequence).padStart(4, '0')}`);
};

/** A persona and the users around it: one of each relation. */
interface Neighbourhood {
  persona: UserRow;
  cookie?: string;
  ancestor: UserRow;
  sibling: UserRow;
  child: UserRow;
  deep: UserRow;
  otherRoot: UserRow;
  other: UserRow;
}

async function neighbourhood(fields: NewUser, flags?: string[]): Promise<Neighbourhood> {
  const db = ctx.db;
  const ancestor = await createUser(db, { parentId: root.id, isLeader: true, refsUserTierId: 3 });
  const persona = await createUser(db, { parentId: ancestor.id, submittedBy: ancestor.id, ...fields });
  if (flags?.length) await grantFeatures(db, persona.id, flags);
  const sibling = await createUser(db, { parentId: ancestor.id });
  // The persona submitted its child and deep descendant (approvals: a submitter reads and resubmits).
  const child = await createUser(db, { parentId: persona.id, isLeader: true, submittedBy: persona.id });
  const deep = await createUser(db, { parentId: child.id, submittedBy: persona.id });
  const otherRoot = await createUser(db, { parentId: root.id, isLeader: true, refsUserTierId: 3 });
  const other = await createUser(db, { parentId: otherRoot.id });
  return { persona, ancestor, sibling, child, deep, otherRoot, other };
}

/** A new disposable user in the given relation to the persona (the ancestor and self are fixed). */
async function freshTarget(n: Neighbourhood, relation: Relation): Promise<UserRow> {
  const db = ctx.db;
  switch (relation) {
    case 'self':
      return n.persona;
    case 'ancestor':
      return n.ancestor;
    case 'child':
      return createUser(db, { parentId: n.persona.id, submittedBy: n.persona.id });
    case 'deep':
      return createUser(db, { parentId: n.child.id, submittedBy: n.persona.id });
    case 'sibling':
      return createUser(db, { parentId: n.ancestor.id });
    case 'other':
      return createUser(db, { parentId: n.otherRoot.id });
  }
}

let allFlags: string[] = [];
const personas = new Map<string, Neighbourhood>();
let anonymousUser: UserRow;

/** The neighbourhood acting as `persona` on `row` (admins without the row's flags are built per flag set). */
async function personaFor(
  persona: Exclude<Persona, 'anonymous'>,
  row: Pick<MatrixRow, 'flags'>,
): Promise<Neighbourhood> {
  const key = persona === 'adminWithout' ? `adminWithout:${(row.flags ?? []).join('+')}` : persona;
  let found = personas.get(key);
  if (!found) {
    switch (persona) {
      case 'waiting':
        // Awaiting approval: verified, lifecycle status 1 (packages/domain accounts/waiting.ts).
        found = await neighbourhood({ refsUserLifecycleStatusId: 1, refsUserTierId: 3 });
        break;
      case 'agent':
        found = await neighbourhood({ refsUserTierId: 3 });
        break;
      case 'leader':
        found = await neighbourhood({ isLeader: true, refsUserTierId: 3 });
        break;
      case 'adminWith':
        found = await neighbourhood({ isAdmin: true }, allFlags);
        break;
      case 'adminWithout': {
        const lacking = row.flags ?? allFlags;
        found = await neighbourhood(
          { isAdmin: true },
          allFlags.filter((flag) => !lacking.includes(flag)),
        );
        break;
      }
    }
    found.cookie = await ctx.signIn(found.persona.email!);
    await assertPersona(persona, found);
    personas.set(key, found);
  }
  return found;
}

/** The persona is what its name says (else every cell would test something else). */
async function assertPersona(persona: Exclude<Persona, 'anonymous'>, n: Neighbourhood) {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: n.cookie! } });
  const me = response.json().user as { role: string; waiting: { isWaiting: boolean; reason: string | null } };
  const role = persona.startsWith('admin') ? 'admin' : persona === 'leader' ? 'leader' : 'agent';
  const ok =
    response.statusCode === 200 &&
    me.role === role &&
    me.waiting.isWaiting === (persona === 'waiting') &&
    (persona !== 'waiting' || me.waiting.reason === 'awaiting_approval');
  if (!ok) throw new Error(`persona ${persona} is not what it should be: ${response.statusCode} ${response.body}`);
}

async function signInAgain(n: Neighbourhood) {
  n.cookie = await ctx.signIn(n.persona.email!);
}

const files = new Map<number, string>();
const jobs = new Map<number, string>();

/** A stored file uploaded by and owned by the user (its bytes are not needed to test access). */
async function fileOf(userId: number): Promise<string> {
  let id = files.get(userId);
  if (!id) {
    id = randomUUID();
    await ctx.db.insert(storedFiles).values({
      id,
      storageKey: `matrix/${id}.pdf`,
      originalName: 'matrix.pdf',
      contentType: 'application/pdf',
      sizeBytes: 1,
      sha256: '0'.repeat(64),
      purpose: 'id_photo',
      ownerUserId: userId,
      uploadedByUserId: userId,
    });
    files.set(userId, id);
  }
  return id;
}

/** A job started by the user (a commission import: the Commissions flag follows others'). */
async function jobOf(userId: number): Promise<string> {
  let id = jobs.get(userId);
  if (!id) {
    id = randomUUID();
    await ctx.db.insert(jobProgress).values({ jobId: id, queue: COMMISSION_IMPORT_QUEUE, startedByUserId: userId });
    jobs.set(userId, id);
  }
  return id;
}

const sampleUser = (user: UserRow) => ({
  id: user.id,
  email: user.email,
  phone: user.phone,
  firstName: user.firstName,
  surname: user.surname,
  refsGender: user.refsGender,
  refsTypeId: user.refsTypeId,
  parentId: user.parentId,
});

interface Answer {
  status: number;
  code?: string;
}

async function send(
  row: Pick<MatrixRow, 'route' | 'target' | 'sample' | 'stream'>,
  actor: UserRow,
  cookie: string | undefined,
  target: UserRow,
): Promise<Answer> {
  const [method, path] = row.route.split(' ') as ['GET' | 'POST' | 'PUT', string];
  const context: SampleContext = {
    actor: sampleUser(actor),
    target: sampleUser(target),
    password: DEMO_PASSWORD,
    unique,
  };
  const sample: SampleRequest = row.sample?.(context) ?? {};
  const params: Record<string, string | number> = { ...sample.params };
  const query: Record<string, string> = Object.fromEntries(
    Object.entries(sample.query ?? {}).map(([key, value]) => [key, String(value)]),
  );
  let body = sample.body;
  if (row.target) {
    const { record = 'user', name } = row.target;
    const value = record === 'file' ? await fileOf(target.id) : record === 'job' ? await jobOf(target.id) : target.id;
    if (row.target.in === 'path') params[name] = value;
    else if (row.target.in === 'query') query[name] = String(value);
    else body = { ...(body as object), [name]: /ids$/i.test(name) ? [value] : value };
  }
  const url = path.replace(/\{(\w+)\}/g, (_, key: string) => {
    if (params[key] === undefined) throw new Error(`${row.route}: the sample gives no {${key}}`);
    return encodeURIComponent(String(params[key]));
  });
  const headers: Record<string, string> = { origin: TEST_ORIGIN };
  if (cookie) headers.cookie = cookie;

  if (row.stream) {
    // Server-Sent Events never end: read the status and hang up.
    const abort = new AbortController();
    const response = await fetch(`${baseUrl}${url}`, { headers, signal: abort.signal });
    abort.abort();
    return { status: response.status };
  }

  let payload: string | Buffer | undefined;
  if (sample.raw) {
    headers['content-type'] = sample.raw.contentType;
    payload = sample.raw.payload;
  } else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  } else if (method !== 'GET') {
    headers['content-type'] = 'application/json';
    payload = '{}';
  }
  const response = await ctx.app.inject({ method, url, query, headers, payload });
  let code: string | undefined;
  try {
    code = (response.json() as { code?: string }).code;
  } catch {
    code = undefined;
  }
  return { status: response.statusCode, code };
}

const verdictOf = (answer: Answer, hides = false): Verdict =>
  answer.status === 401 || answer.status === 403 || (hides && answer.status === 404) ? 'deny' : 'allow';

// --- The run --------------------------------------------------------------------------------

interface Outcome {
  route: string;
  persona: string;
  relation: string;
  expected: Verdict;
  got: Verdict;
  status: number;
}

const outcomes: Outcome[] = [];
const invalidSamples: string[] = [];
const notRun = new Set<string>();
let appRoutes = new Set<string>();

function openApiRoutes(): Set<string> {
  const doc = ctx.app.swagger() as { paths?: Record<string, Record<string, unknown>> };
  const routes = new Set<string>();
  for (const [path, operations] of Object.entries(doc.paths ?? {})) {
    for (const method of Object.keys(operations)) {
      const route = `${method.toUpperCase()} ${path}`;
      if (!MATRIX_EXCEPTIONS.some((pattern) => pattern.test(route))) routes.add(route);
    }
  }
  return routes;
}

async function runRow(row: MatrixRow) {
  for (const persona of PERSONAS) {
    const cell: Cell = row.expect[persona];
    const neighbourhood = persona === 'anonymous' ? undefined : await personaFor(persona, row);
    const actor = neighbourhood?.persona ?? anonymousUser;
    const relations: Array<Relation | '-'> = row.target ? [...RELATIONS] : ['-'];
    for (const relation of relations) {
      const expected: Verdict = typeof cell === 'string' ? cell : cell[relation as Relation];
      let target = actor;
      if (relation !== '-') {
        const place = neighbourhood ?? (await personaFor('agent', row));
        target =
          row.fresh && neighbourhood
            ? await freshTarget(neighbourhood, relation)
            : relation === 'self'
              ? actor
              : place[relation];
      }
      const answer = await send(row, actor, neighbourhood?.cookie, target);
      const got = verdictOf(answer, row.hides);
      if (
        persona === 'anonymous' &&
        expected === 'deny' &&
        answer.status === 400 &&
        answer.code === 'VALIDATION_FAILED'
      )
        invalidSamples.push(row.route);
      outcomes.push({ route: row.route, persona, relation, expected, got, status: answer.status });
      if (row.endsSession && neighbourhood) await signInAgain(neighbourhood);
    }
  }
}

const specialActors = new Map<SpecialCase['actor'], { user: UserRow; cookie: string }>();

async function specialActor(name: SpecialCase['actor']) {
  let found = specialActors.get(name);
  if (!found) {
    let user: UserRow;
    if (name === 'leader') {
      const leader = await personaFor('leader', {});
      found = { user: leader.persona, cookie: leader.cookie! };
      specialActors.set(name, found);
      return found;
    }
    if (name === 'freshAgentTier3') user = await createUser(ctx.db, { parentId: root.id, refsUserTierId: 3 });
    else {
      user = await createUser(ctx.db, { parentId: root.id, isAdmin: true });
      const flags = {
        adminUsersManagementOnly: ['Users Management'],
        adminCommissionsOnly: ['Commissions'],
        adminLackingCommissions: allFlags.filter((flag) => flag !== 'Commissions'),
      }[name];
      await grantFeatures(ctx.db, user.id, flags);
    }
    found = { user, cookie: await ctx.signIn(user.email!) };
    specialActors.set(name, found);
  }
  return found;
}

async function specialTarget(name: SpecialCase['target'], actor: UserRow): Promise<UserRow> {
  switch (name) {
    case 'self':
      return actor;
    case 'child':
      return createUser(ctx.db, { parentId: actor.id, submittedBy: actor.id });
    case 'adminWithCommissions': {
      const admin = await createUser(ctx.db, { parentId: root.id, isAdmin: true });
      await grantFeatures(ctx.db, admin.id, ['Commissions', 'Sales Assist']);
      return admin;
    }
    case 'adminWithFewerFlags': {
      const admin = await createUser(ctx.db, { parentId: root.id, isAdmin: true });
      await grantFeatures(ctx.db, admin.id, ['Sales Assist']);
      return admin;
    }
  }
}

async function runSpecialCase(special: SpecialCase) {
  const actor = await specialActor(special.actor);
  const target = await specialTarget(special.target, actor.user);
  const targetIn = special.route.includes('{userId}') ? 'userId' : 'id';
  const row = {
    route: special.route,
    target: special.route.includes('{') ? { in: 'path' as const, name: targetIn } : undefined,
    sample: special.sample,
  };
  const answer = await send(row, actor.user, actor.cookie, target);
  outcomes.push({
    route: special.route,
    persona: `${special.actor} (${special.name})`,
    relation: special.target,
    expected: special.expect,
    got: verdictOf(answer),
    status: answer.status,
  });
}

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const address = ctx.app.server.address();
  baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  allFlags = (await ctx.db.select({ name: featuresMaster.name }).from(featuresMaster)).map((row) => row.name);
  root = await createUser(ctx.db, { isAdmin: true, withoutLogin: true });
  // The anonymous persona's sample user (its own credentials for the sign-in row).
  anonymousUser = await createUser(ctx.db, { parentId: root.id });
  appRoutes = openApiRoutes();

  const runnable = AUTHORIZATION_MATRIX.filter((row) => {
    const present = row.hidden || appRoutes.has(row.route);
    if (!present) notRun.add(row.route);
    return present;
  });
  for (const row of runnable.filter((row) => !row.last)) await runRow(row);
  for (const special of SPECIAL_CASES) {
    if (appRoutes.has(special.route)) await runSpecialCase(special);
    else notRun.add(`${special.route} (special case: ${special.name})`);
  }
  for (const row of runnable.filter((row) => row.last)) await runRow(row);

  const escapes = outcomes.filter((o) => o.expected === 'deny' && o.got === 'allow');
  const overDenied = outcomes.filter((o) => o.expected === 'allow' && o.got === 'deny');
  const describeCell = (o: Outcome) =>
    `  ${o.route} | ${o.persona} | ${o.relation} | expected ${o.expected}, got ${o.got} (${o.status})`;
  if (notRun.size)
    console.log(`authorisation matrix: not run (no such route in the app):\n  ${[...notRun].join('\n  ')}`);
  if (escapes.length)
    console.log(`authorisation matrix: escapes (deny expected, allowed):\n${escapes.map(describeCell).join('\n')}`);
  if (overDenied.length)
    console.log(`authorisation matrix: wrongly denied (allow expected):\n${overDenied.map(describeCell).join('\n')}`);
  if (process.env.MATRIX_STATUSES) {
    // The answers per route (e.g. to see that an allow is a 200 or a business 409, not a 404 of a wrong path).
    const byRoute = new Map<string, Map<number, number>>();
    for (const o of outcomes) {
      const counts = byRoute.get(o.route) ?? new Map<number, number>();
      counts.set(o.status, (counts.get(o.status) ?? 0) + 1);
      byRoute.set(o.route, counts);
    }
    for (const [route, counts] of byRoute)
      console.log(`  ${route}: ${[...counts].map(([status, n]) => `${status}×${n}`).join(' ')}`);
  }
  const routes = new Set(outcomes.map((o) => o.route)).size;
  const allowed = outcomes.filter((o) => o.got === 'allow').length;
  console.log(
    `authorisation matrix: ${routes} routes, ${outcomes.length} cells, ${allowed} allowed, ${outcomes.length - allowed} denied, ${escapes.length} escapes, ${overDenied.length} wrongly denied`,
  );
}, 600_000); // ~35 s on a quiet 2-core machine; generous for a loaded one.

afterAll(async () => {
  await ctx?.close();
});

describe('the authorisation matrix', () => {
  it('has a row for every route of the OpenAPI document', () => {
    const rows = new Set(AUTHORIZATION_MATRIX.filter((row) => !row.hidden).map((row) => row.route));
    const withoutRow = [...appRoutes].filter((route) => !rows.has(route)).sort();
    expect(withoutRow, 'routes without a row in authorization-matrix.ts: add their rows').toEqual([]);
  });

  it('has well-formed rows: one per route, a verdict per relation exactly where a row names a target', () => {
    const problems: string[] = [];
    const seen = new Set<string>();
    for (const row of AUTHORIZATION_MATRIX) {
      if (seen.has(row.route)) problems.push(`${row.route}: two rows`);
      seen.add(row.route);
      if (!/^(GET|POST|PUT|PATCH|DELETE) \/api\//.test(row.route)) problems.push(`${row.route}: not METHOD /api/…`);
      for (const persona of PERSONAS) {
        const cell = row.expect[persona];
        if (row.target ? typeof cell === 'string' : typeof cell !== 'string')
          problems.push(`${row.route} ${persona}: ${row.target ? 'needs a verdict per relation' : 'has no target'}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('has a route for every row', () => {
    expect(
      [...notRun].sort(),
      'rows (or special cases) for routes the app does not have: the route is missing, or the row is stale',
    ).toEqual([]);
  });

  it('has samples the route schemas accept (validation runs before the guards)', () => {
    expect([...new Set(invalidSamples)]).toEqual([]);
  });

  it('lets nobody through where the table says deny (0 escapes)', () => {
    const escapes = outcomes.filter((o) => o.expected === 'deny' && o.got === 'allow');
    expect(escapes.map((o) => `${o.route} | ${o.persona} | ${o.relation} (${o.status})`)).toEqual([]);
  });

  it('answers 401 to every anonymous call it denies (403 is for the signed in)', () => {
    const wrong = outcomes.filter((o) => o.persona === 'anonymous' && o.got === 'deny' && o.status !== 401);
    expect(wrong.map((o) => `${o.route} | ${o.relation} (${o.status})`)).toEqual([]);
  });

  it('lets everyone through where the table says allow', () => {
    const denied = outcomes.filter((o) => o.expected === 'allow' && o.got === 'deny');
    expect(denied.map((o) => `${o.route} | ${o.persona} | ${o.relation} (${o.status})`)).toEqual([]);
  });
});
