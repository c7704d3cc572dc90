import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdOpen, untilLockWaiters } from '../../../test/lock-waits.ts';
import { createTestContext, TEST_ORIGIN, type TestContext } from '../../../test/test-app.ts';
import { createUser, grantFeatures, type UserRow } from '../../db/seed/factories.ts';

let ctx: TestContext;
let controller: UserRow;
let controllerCookie: string;
let otherAdmin: UserRow;
let agent: UserRow;

beforeAll(async () => {
  ctx = await createTestContext();
  controller = await createUser(ctx.db, { isAdmin: true, password: 'Secret123' });
  await grantFeatures(ctx.db, controller.id, ['Access Control']);
  controllerCookie = await ctx.signIn(controller.email!, 'Secret123');
  otherAdmin = await createUser(ctx.db, { isAdmin: true, password: 'Secret123' });
  agent = await createUser(ctx.db, { password: 'Secret123' });
});
afterAll(() => ctx?.close());

const put = (cookie: string, userId: number, payload: object) =>
  ctx.app.inject({
    method: 'PUT',
    url: `/api/access-control/${userId}`,
    headers: { cookie, origin: TEST_ORIGIN },
    payload,
  });

describe('access control', () => {
  it('lists dealers with a True/False per feature, admins first', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/access-control?pageSize=100',
      headers: { cookie: controllerCookie },
    });
    expect(response.statusCode).toBe(200);
    const page = response.json();
    const me = page.items.find((row: { id: number }) => row.id === controller.id);
    expect(me.features).toEqual(['Access Control']);
    expect(page.items[0].isAdmin).toBe(true);
    expect(page.items.some((row: { id: number }) => row.id === agent.id)).toBe(true);
  });

  it('adds an access record with who added it, takes effect on the next request, and removes it', async () => {
    const before = await ctx.signIn(otherAdmin.email!, 'Secret123');
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/access-control', headers: { cookie: before } })).statusCode,
    ).toBe(403);

    const granted = await put(controllerCookie, otherAdmin.id, {
      feature: 'Access Control',
      enabled: true,
      currentPassword: 'Secret123',
    });
    expect(granted.json()).toEqual({ features: ['Access Control'], changed: true });
    const { rows } = await ctx.db.$client.query(
      'SELECT added_by_users_master_id FROM users_access_index WHERE user_master_id = $1',
      [otherAdmin.id],
    );
    expect(rows[0].added_by_users_master_id).toBe(controller.id);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/access-control', headers: { cookie: before } })).statusCode,
    ).toBe(200);

    const removed = await put(controllerCookie, otherAdmin.id, { feature: 'Access Control', enabled: false });
    expect(removed.json()).toEqual({ features: [], changed: true });
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/access-control', headers: { cookie: before } })).statusCode,
    ).toBe(403);

    const audit = await ctx.db.$client.query(
      "SELECT action FROM audit_log WHERE entity = 'users_access_index' AND entity_id = $1 ORDER BY id",
      [`${otherAdmin.id}:Access Control`],
    );
    expect(audit.rows.map((row) => row.action)).toEqual(['access.grant', 'access.revoke']);
  });

  it('refuses an admin with Access Control once marked inactive or deleted, on the session they still hold', async () => {
    for (const status of [3, 4]) {
      const leaver = await createUser(ctx.db, { isAdmin: true, password: 'Secret123' });
      await grantFeatures(ctx.db, leaver.id, ['Access Control']);
      const cookie = await ctx.signIn(leaver.email!, 'Secret123');
      await ctx.db.$client.query('UPDATE users_master SET refs_user_lifecycle_status_id = $1 WHERE id = $2', [
        status,
        leaver.id,
      ]);
      // Granting flags to an accomplice (or back to themselves) would outlive the leaver's status.
      expect((await put(cookie, otherAdmin.id, { feature: 'Commissions', enabled: true })).statusCode).toBe(403);
      const listed = await ctx.app.inject({ method: 'GET', url: '/api/access-control', headers: { cookie } });
      expect(listed.statusCode).toBe(403);
    }
    const { rows } = await ctx.db.$client.query(
      `SELECT 1 FROM users_access_index a JOIN features_master f ON f.id = a.features_master_id
        WHERE a.user_master_id = $1 AND f.name = 'Commissions'`,
      [otherAdmin.id],
    );
    expect(rows).toEqual([]);
  });

  it('refuses feature flags for users who are not admins', async () => {
    const response = await put(controllerCookie, agent.id, { feature: 'Commissions', enabled: true });
    expect(response.statusCode).toBe(409);
    expect(response.json().detail).toBe('Feature access can only be given to admins.');
  });

  it('refuses admins without the Access Control flag and everyone else', async () => {
    const agentCookie = await ctx.signIn(agent.email!, 'Secret123');
    expect((await put(agentCookie, agent.id, { feature: 'Commissions', enabled: true })).statusCode).toBe(403);
    const admin = await createUser(ctx.db, { isAdmin: true, password: 'Secret123' });
    const adminCookie = await ctx.signIn(admin.email!, 'Secret123');
    expect((await put(adminCookie, admin.id, { feature: 'Access Control', enabled: true })).statusCode).toBe(403);
  });

  // Decision 071: a SIM-swapped admin session (pin sign-in) must not hand out flags, to an
  // accomplice or to keep access: granting needs the acting admin's password again.
  it("refuses a grant without the acting admin's password or with a wrong one; a revoke needs none", async () => {
    const granter = await createUser(ctx.db, { isAdmin: true, password: 'Secret123' });
    await grantFeatures(ctx.db, granter.id, ['Access Control', 'Commissions']);
    const cookie = await ctx.signIn(granter.email!, 'Secret123');
    const grantee = await createUser(ctx.db, { isAdmin: true, password: 'Secret123' });
    const held = async () => {
      const { rows } = await ctx.db.$client.query(
        `SELECT f.name FROM users_access_index a JOIN features_master f ON f.id = a.features_master_id
          WHERE a.user_master_id = $1`,
        [grantee.id],
      );
      return rows.map((row) => row.name);
    };

    const none = await put(cookie, grantee.id, { feature: 'Commissions', enabled: true });
    expect(none.statusCode).toBe(403);
    expect(none.json()).toMatchObject({
      code: 'STEP_UP_REQUIRED',
      errors: [{ field: 'currentPassword', message: 'Please enter your current password.' }],
    });
    const wrong = await put(cookie, grantee.id, { feature: 'Commissions', enabled: true, currentPassword: 'Guess123' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ code: 'STEP_UP_FAILED', detail: 'Your current password is incorrect.' });
    expect(await held()).toEqual([]);
    const { rows: failures } = await ctx.db.$client.query('SELECT 1 FROM auth_sign_in_failure WHERE account = $1', [
      `step-up:${granter.authId}`,
    ]);
    expect(failures).toHaveLength(1);

    const ok = await put(cookie, grantee.id, { feature: 'Commissions', enabled: true, currentPassword: 'Secret123' });
    expect(ok.statusCode).toBe(200);
    expect(await held()).toEqual(['Commissions']);

    const revoked = await put(cookie, grantee.id, { feature: 'Commissions', enabled: false });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toEqual({ features: [], changed: true });
  });

  it('counts wrong grant passwords toward the step-up lock: the 6th try is refused, the right one included', async () => {
    const granter = await createUser(ctx.db, { isAdmin: true, password: 'Secret123' });
    await grantFeatures(ctx.db, granter.id, ['Access Control', 'Commissions']);
    const cookie = await ctx.signIn(granter.email!, 'Secret123');
    const grantee = await createUser(ctx.db, { isAdmin: true, password: 'Secret123' });
    for (let i = 0; i < 5; i++) {
      const wrong = await put(cookie, grantee.id, {
        feature: 'Commissions',
        enabled: true,
        currentPassword: `Guess${i}`,
      });
      expect(wrong.statusCode).toBe(403);
    }
    const locked = await put(cookie, grantee.id, {
      feature: 'Commissions',
      enabled: true,
      currentPassword: 'Secret123',
    });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('STEP_UP_LOCKED');
  });

  it('sees a flag granted while it waited for the admin, and refuses (decision 074)', async () => {
    const target = await createUser(ctx.db, { isAdmin: true, withoutLogin: true });
    await grantFeatures(ctx.db, target.id, ['Access Control']);
    // Another admin grants Commissions (a flag the caller lacks) in a transaction held open.
    const { release, done: grant } = holdOpen(ctx.db, (tx) => grantFeatures(tx, target.id, ['Commissions']));
    try {
      await new Promise((resolve) => setTimeout(resolve, 100));
      let settled = false;
      const response = put(controllerCookie, target.id, { feature: 'Access Control', enabled: false }).finally(() => {
        settled = true;
      });
      // Until the change has answered (judged without waiting) or waits on a lock (for the grant).
      await untilLockWaiters(ctx.db, { answered: () => settled });
      release();
      await grant;
      expect((await response).statusCode).toBe(403);
    } finally {
      release();
    }
    const { rows } = await ctx.db.$client.query(
      `SELECT f.name FROM users_access_index a JOIN features_master f ON f.id = a.features_master_id
        WHERE a.user_master_id = $1 ORDER BY f.name`,
      [target.id],
    );
    expect(rows.map((row) => row.name)).toEqual(['Access Control', 'Commissions']);
  });

  it('answers an unknown feature name with a 400', async () => {
    const response = await put(controllerCookie, otherAdmin.id, { feature: 'Everything', enabled: true });
    expect(response.statusCode).toBe(400);
  });
});
