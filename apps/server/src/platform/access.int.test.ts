import { eq, sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_ORIGIN, type TestContext } from '../../test/test-app.ts';
import { createGuards } from '../app.ts';
import type { Executor } from '../db/client.ts';
import { authSession, trainingUserAttemptIndex, usersMaster } from '../db/schema/index.ts';
import { createTrainingModule } from '../db/seed/activity-factories.ts';
import { createSupplier, createUser, grantFeatures, linkUser } from '../db/seed/factories.ts';
import { ACCESS_DENIED, type ActorFact, factOf } from './access.ts';
import { prepareSessionActorQuery } from './actor.queries.ts';
import { forbidden, registerErrorHandling } from './errors.ts';

/** A route's fact read in the actor's statement (decision 044): the user's id plus a parameter. */
const ID_PLUS: ActorFact = {
  name: 'session_actor_test_id_plus',
  sql: sql`users_master.id + ${sql.placeholder('add')}::int`,
};

let ctx: TestContext;
/** A tiny app with one route behind each guard, over the same database and auth. */
let guarded: FastifyInstance;

beforeAll(async () => {
  ctx = await createTestContext();
  guarded = Fastify();
  registerErrorHandling(guarded);
  const guards = createGuards(ctx.services);
  guarded.get('/selling', { preHandler: guards.notWaiting }, async () => ({ ok: true }));
  guarded.get('/team', { preHandler: guards.allowed('register', 'rica') }, async () => ({ ok: true }));
  // The actor is loaded by the first guard, without the university facts; the second works them out.
  guarded.get('/team-selling', { preHandler: [guards.allowed('register', 'rica'), guards.notWaiting] }, async () => ({
    ok: true,
  }));
  guarded.get(
    '/selling-with-fact',
    {
      // No route reads a fact beside the university facts yet: the statement that carries both is
      // checked here, under the waiting check as notWaiting runs it.
      preHandler: async (request) => {
        const actor = await guards.requireActor(request, true, { fact: ID_PLUS, params: { add: 1000 } });
        if ((await guards.waitingOf(actor)).isWaiting) throw forbidden(ACCESS_DENIED, 'WAITING');
      },
    },
    async (request) => ({ fact: factOf(request, ID_PLUS) ?? null }),
  );
  await guarded.ready();
});
afterAll(async () => {
  await guarded?.close();
  await ctx?.close();
});

const PASSWORD = 'Secret123';

async function signedIn(fields: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(ctx.db, { password: PASSWORD, ...fields });
  return { user, cookie: await ctx.signIn(user.email!, PASSWORD) };
}

const me = async (cookie: string) =>
  (await ctx.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json().user;
const get = (url: string, cookie?: string) => guarded.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

async function pass(db: Executor, usersMasterId: number, moduleId: number, passed = true) {
  await db.insert(trainingUserAttemptIndex).values({
    moduleId,
    usersMasterId,
    pass: passed,
    percentage: passed ? '100' : '20',
    marks: passed ? 5 : 1,
    maxMarks: 5,
    moduleContentSnapshot: {},
  });
}

/** Modules only users linked to a fresh supplier see, so tests in this file do not meet. */
async function trainingWorld() {
  const supplier = await createSupplier(ctx.db);
  const compulsory = await createTrainingModule(ctx.db, {
    moduleName: 'Compulsory',
    isCompulsory: true,
    supplierIds: [supplier.id],
  });
  const optional = await createTrainingModule(ctx.db, { moduleName: 'Optional', supplierIds: [supplier.id] });
  const leaders = await createTrainingModule(ctx.db, {
    moduleName: 'Leaders',
    trainingTypes: 3,
    refsStructureLevelId: 5,
    supplierIds: [supplier.id],
  });
  return { supplier, compulsory, optional, leaders };
}

describe('university status on /api/me (spec 1 §4, decision 004)', () => {
  it('holds a type-1 user with a compulsory module not passed (102), warns at 101 and clears at 0', async () => {
    const world = await trainingWorld();
    const { user, cookie } = await signedIn({ refsTypeId: 1 });
    await linkUser(ctx.db, user.id, { supplierIds: [world.supplier.id] });

    let current = await me(cookie);
    expect(current.universityStatus).toBe(102);
    expect(current.waiting).toEqual({ isWaiting: true, reason: 'training' });
    expect((await get('/selling', cookie)).statusCode).toBe(403);

    await pass(ctx.db, user.id, world.compulsory.id, false);
    expect((await me(cookie)).universityStatus).toBe(102);

    await pass(ctx.db, user.id, world.compulsory.id);
    current = await me(cookie);
    expect(current.universityStatus).toBe(101);
    expect(current.waiting).toEqual({ isWaiting: false, reason: null });
    expect((await get('/selling', cookie)).statusCode).toBe(200);

    // The leader module is not for agents: passing the optional one clears everything.
    await pass(ctx.db, user.id, world.optional.id);
    expect((await me(cookie)).universityStatus).toBe(0);
  });

  it('holds a training leader on a route whose first guard loaded them without the facts', async () => {
    const world = await trainingWorld();
    const { user, cookie } = await signedIn({ isLeader: true, refsTypeId: 1 });
    await linkUser(ctx.db, user.id, { supplierIds: [world.supplier.id] });
    const refused = await get('/team-selling', cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'WAITING' });
    await pass(ctx.db, user.id, world.compulsory.id);
    expect((await get('/team-selling', cookie)).statusCode).toBe(200);
  });

  it('counts leader modules for leaders at or below their structure level', async () => {
    const world = await trainingWorld();
    const { user, cookie } = await signedIn({ isLeader: true, refsTypeId: 1, refsMaxStructureLevelId: 6 });
    await linkUser(ctx.db, user.id, { supplierIds: [world.supplier.id] });
    await pass(ctx.db, user.id, world.compulsory.id);
    await pass(ctx.db, user.id, world.optional.id);
    expect((await me(cookie)).universityStatus).toBe(101);
    await pass(ctx.db, user.id, world.leaders.id);
    expect((await me(cookie)).universityStatus).toBe(0);
  });

  it('ignores modules of suppliers the user does not have', async () => {
    await trainingWorld();
    const { cookie } = await signedIn({ refsTypeId: 1 });
    expect((await me(cookie)).universityStatus).toBe(0);
  });

  it('does not hold users of other types for training', async () => {
    const world = await trainingWorld();
    const { user, cookie } = await signedIn({ refsTypeId: 2 });
    await linkUser(ctx.db, user.id, { supplierIds: [world.supplier.id] });
    const current = await me(cookie);
    expect(current.universityStatus).toBe(102);
    expect(current.waiting.isWaiting).toBe(false);
  });

  it('gives admins 0', async () => {
    const world = await trainingWorld();
    const { user, cookie } = await signedIn({ isAdmin: true, refsTypeId: 1 });
    await linkUser(ctx.db, user.id, { supplierIds: [world.supplier.id] });
    expect((await me(cookie)).universityStatus).toBe(0);
  });
});

describe('guards', () => {
  it('notWaiting refuses users in the waiting state with the access-denied text', async () => {
    const pending = await signedIn({ refsUserLifecycleStatusId: 1 });
    const unverified = await signedIn({ emailVerified: false });
    const inactive = await signedIn({ refsUserLifecycleStatusId: 3 });
    for (const { cookie } of [pending, unverified, inactive]) {
      const response = await get('/selling', cookie);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'WAITING', detail: 'Oops! Page Not Found or Access Denied' });
    }
    const active = await signedIn();
    expect((await get('/selling', active.cookie)).statusCode).toBe(200);
    expect((await get('/selling')).statusCode).toBe(401);
  });

  it('leaderOrAdmin lets leaders and admins through and refuses agents', async () => {
    const agent = await signedIn();
    const leader = await signedIn({ isLeader: true });
    const admin = await signedIn({ isAdmin: true });
    expect((await get('/team', agent.cookie)).statusCode).toBe(403);
    expect((await get('/team', leader.cookie)).statusCode).toBe(200);
    expect((await get('/team', admin.cookie)).statusCode).toBe(200);
    expect((await get('/team')).statusCode).toBe(401);
  });
});

describe('the session behind a request (one statement; docs/decisions/009)', () => {
  /** The cookie's `<token>.<signature>` parts, decoded. */
  const partsOf = (cookie: string) => {
    const [name, value] = cookie.split('=') as [string, string];
    const [token, signature] = decodeURIComponent(value).split('.') as [string, string];
    return { name, token, signature };
  };

  it('refuses a cookie whose signature does not match its token', async () => {
    const { cookie } = await signedIn();
    const other = await signedIn();
    const mine = partsOf(cookie);
    const theirs = partsOf(other.cookie);
    const forged = `${mine.name}=${encodeURIComponent(`${mine.token}.${theirs.signature}`)}`;
    expect((await get('/team', forged)).statusCode).toBe(401);
    expect((await get('/team', `${mine.name}=${mine.token}`)).statusCode).toBe(401);
    expect((await get('/selling', cookie)).statusCode).toBe(200);
  });

  it('refuses a signed-out session and one past its expiry', async () => {
    const { user, cookie } = await signedIn();
    await ctx.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie, origin: TEST_ORIGIN } });
    expect((await get('/selling', cookie)).statusCode).toBe(401);

    const again = await ctx.signIn(user.email!, PASSWORD);
    expect((await get('/selling', again)).statusCode).toBe(200);
    await ctx.db
      .update(authSession)
      .set({ expiresAt: new Date(ctx.clock.now().getTime() - 1000) })
      .where(eq(authSession.userId, user.authId!));
    expect((await get('/selling', again)).statusCode).toBe(401);
  });

  it('refuses a session whose login no longer belongs to a dealer', async () => {
    const { user, cookie } = await signedIn();
    await ctx.db.update(usersMaster).set({ authId: null }).where(eq(usersMaster.id, user.id));
    expect((await get('/selling', cookie)).statusCode).toBe(401);
  });

  it('reads a route’s fact in the actor’s statement, under the same session, flags and waiting checks', async () => {
    const { user, cookie } = await signedIn();
    const answer = await get('/selling-with-fact', cookie);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ fact: user.id + 1000 });
    await ctx.db.update(usersMaster).set({ refsUserLifecycleStatusId: 3 }).where(eq(usersMaster.id, user.id));
    expect((await get('/selling-with-fact', cookie)).statusCode).toBe(403);
    await ctx.db.update(usersMaster).set({ refsUserLifecycleStatusId: 2 }).where(eq(usersMaster.id, user.id));
    expect((await get('/selling-with-fact', cookie)).statusCode).toBe(200);
    await ctx.db.delete(authSession).where(eq(authSession.userId, user.authId!));
    expect((await get('/selling-with-fact', cookie)).statusCode).toBe(401);
    expect((await get('/selling-with-fact')).statusCode).toBe(401);
  });

  it('carries the dealer row as a select of the table gives it (decision 049: one JSON column)', async () => {
    const { user, cookie } = await signedIn({ middleName: 'Thabo', companyName: 'Bench & Co "Ltd"' });
    await ctx.db
      .update(usersMaster)
      .set({
        dateOfBirth: '1990-02-03',
        isLeader: true,
        isLeaderDate: new Date('2026-01-02T03:04:05.678Z'),
        growthLeaderTime: new Date('2025-12-31T23:59:59.999Z'),
        resubmittedAt: new Date('2026-03-04T05:06:07Z'),
        declineReason: 'Line one\nline two — ünïcode',
        structureLevel: 3,
        submittedByAuthId: user.authId,
      })
      .where(eq(usersMaster.id, user.id));
    const found = await prepareSessionActorQuery(ctx.db)(partsOf(cookie).token, new Date());
    const [row] = await ctx.db.select().from(usersMaster).where(eq(usersMaster.id, user.id));
    expect(found?.user).toStrictEqual(row);
    expect(found?.user.isLeaderDate).toEqual(new Date('2026-01-02T03:04:05.678Z'));
    expect(found?.user.dateOfBirth).toBe('1990-02-03');
  });

  it('reads the flags and the waiting state fresh on every request', async () => {
    const { user, cookie } = await signedIn();
    expect((await me(cookie)).features).toEqual([]);
    await grantFeatures(ctx.db, user.id, ['Users Management']);
    expect((await me(cookie)).features).toEqual(['Users Management']);
    await ctx.db.update(usersMaster).set({ refsUserLifecycleStatusId: 3 }).where(eq(usersMaster.id, user.id));
    expect((await get('/selling', cookie)).statusCode).toBe(403);
  });
});

describe('an admin who is no longer active (decision 058)', () => {
  it('keeps the session but none of an admin’s powers: not on routes that ask `can`, nor on ones that read isAdmin', async () => {
    const { user, cookie } = await signedIn({ isAdmin: true });
    await grantFeatures(ctx.db, user.id);
    const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: { cookie, origin: TEST_ORIGIN } });
    // Settings asks `can` only; the console's unread count reads the role in its service.
    const routes = ['/api/settings/services', '/api/admin/tickets/agent_support/unread-count'];
    for (const url of routes) expect({ url, status: (await get(url)).statusCode }).toEqual({ url, status: 200 });
    expect((await get('/api/me')).json().user).toMatchObject({ role: 'admin' });

    for (const status of [3, 4, 1]) {
      await ctx.db.update(usersMaster).set({ refsUserLifecycleStatusId: status }).where(eq(usersMaster.id, user.id));
      for (const url of routes)
        expect({ status, url, code: (await get(url)).statusCode }).toEqual({ status, url, code: 403 });
      const me = (await get('/api/me')).json().user;
      expect(me).toMatchObject({ role: 'agent', features: [] });
    }
    // Active again: the powers come back with the next request (nothing was cached).
    await ctx.db.update(usersMaster).set({ refsUserLifecycleStatusId: 2 }).where(eq(usersMaster.id, user.id));
    for (const url of routes) expect((await get(url)).statusCode).toBe(200);
  });
});
