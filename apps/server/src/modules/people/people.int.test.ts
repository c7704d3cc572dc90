import { EDIT_USER_MESSAGES as M } from '@portal/domain/people/edit-user';
import { FLAG_REFUSALS, MANAGER_REFUSALS, NO_PERMISSION, STATUS_REFUSALS } from '@portal/domain/people/manage-user';
import { buildSaId } from '@portal/domain/people/sa-id';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdOpen, untilLockWaiters } from '../../../test/lock-waits.ts';
import { lastMessageTo } from '../../../test/outbox-reader.ts';
import { createTestContext, TEST_ORIGIN, type TestContext } from '../../../test/test-app.ts';
import { appSettings, auditLog, authSignInFailure, bankingDetails, usersMaster } from '../../db/schema/index.ts';
import { createTrainingModule } from '../../db/seed/activity-factories.ts';
import {
  addBankingDetails,
  createDeal,
  createProductType,
  createSupplier,
  createUser,
  grantFeatures,
  linkUser,
  type NewUser,
  type UserRow,
} from '../../db/seed/factories.ts';

const PASSWORD = 'Secret123';

let ctx: TestContext;
// admin ─┬─ leader ─┬─ member ── deep
//        │          └─ blockedMember
//        └─ otherLeader ── outsider
let admin: UserRow;
let adminWithoutFlag: UserRow;
let leader: UserRow;
let member: UserRow;
let deep: UserRow;
let otherLeader: UserRow;
let outsider: UserRow;
const cookies: Record<string, string> = {};

async function person(key: string, input: NewUser): Promise<UserRow> {
  const user = await createUser(ctx.db, { password: PASSWORD, ...input });
  cookies[key] = await ctx.signIn(user.email!, PASSWORD);
  return user;
}

function call(cookie: string | undefined, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) {
  return ctx.app.inject({
    method,
    url,
    headers: { ...(cookie ? { cookie } : {}), origin: TEST_ORIGIN },
    ...(payload ? { payload } : {}),
  });
}

async function row(id: number) {
  const [found] = await ctx.db.select().from(usersMaster).where(eq(usersMaster.id, id));
  return found!;
}

async function auditOf(id: number, action: string) {
  return ctx.db
    .select()
    .from(auditLog)
    .where(
      sql`${auditLog.entity} = 'users_master' AND ${auditLog.entityId} = ${String(id)} AND ${auditLog.action} = ${action}`,
    );
}

/** Pairs that differ between the closure table and a recursive walk over parent_id (none when exact). */
async function closureDifferences(): Promise<number> {
  const { rows } = await ctx.db.$client.query(`
    WITH RECURSIVE tree AS (
      SELECT id AS ancestor_id, id AS descendant_id, 0 AS depth FROM users_master
      UNION ALL
      SELECT t.ancestor_id, u.id, t.depth + 1 FROM tree t JOIN users_master u ON u.parent_id = t.descendant_id
    ), closure AS (SELECT ancestor_id, descendant_id, depth FROM users_hierarchy_closure)
    SELECT count(*)::int AS n FROM ((SELECT * FROM tree EXCEPT SELECT * FROM closure)
                                    UNION ALL (SELECT * FROM closure EXCEPT SELECT * FROM tree)) d`);
  return rows[0].n;
}

function editForm(user: UserRow, overrides: { personal?: object; address?: object } = {}) {
  return {
    personal: {
      firstName: user.firstName,
      middleName: 'Middle',
      surname: user.surname,
      companyName: null,
      refsGender: user.refsGender,
      email: user.email,
      phone: `0${user.phone!.slice(3)}`,
      altPhone: null,
      operatorId: null,
      refsShirtSize: 'LARGE',
      ...overrides.personal,
    },
    address: {
      street: '1 Main Road',
      suburb: 'Soweto',
      city: 'Johannesburg',
      province: 'GP',
      postalCode: '1804',
      country: 'ZAF',
      ...overrides.address,
    },
  };
}

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await person('admin', { isAdmin: true, refsTypeId: 2 });
  await grantFeatures(ctx.db, admin.id, ['Users Management']);
  adminWithoutFlag = await person('adminWithoutFlag', { isAdmin: true });
  leader = await person('leader', { parentId: admin.id, isLeader: true, refsUserTierId: 3 });
  member = await person('member', {
    parentId: leader.id,
    dateOfBirth: '1990-05-17',
    refsGender: 'M',
    identificationNo: buildSaId('1990-05-17', 'M', true, 41),
  });
  deep = await createUser(ctx.db, { parentId: member.id, withoutLogin: true });
  otherLeader = await person('otherLeader', { parentId: admin.id, isLeader: true });
  outsider = await person('outsider', { parentId: otherLeader.id });
  await addBankingDetails(ctx.db, member.id, { accountNumber: '1111111111' });
  await addBankingDetails(ctx.db, member.id, { bank: 'Nedbank', branchCode: '198765', accountNumber: '2222222222' });
});
afterAll(() => ctx?.close());

describe('GET /api/people/{id}', () => {
  it('shows an admin everything: banking (latest row), parent, private fields, verification and university', async () => {
    const response = await call(cookies.admin, 'GET', `/api/people/${member.id}`);
    expect(response.statusCode).toBe(200);
    const { user } = response.json();
    expect(user).toMatchObject({
      id: member.id,
      zCode: `Z-${member.id}`,
      parent: { id: leader.id, zCode: `Z-${leader.id}`, firstName: leader.firstName },
      emailVerified: true,
      phoneVerified: true,
      lifecycleStatusId: 2,
      university: { status: 0, relevant: { passed: 0, total: 0 }, compulsory: { passed: 0, total: 0 } },
    });
    // ID and account numbers are masked even for admins (the reveal is separate and audited).
    expect(user.private).toMatchObject({
      identificationNo: `${'•'.repeat(9)}${member.identificationNo!.slice(-4)}`,
      dateOfBirth: '1990-05-17',
      banking: { bank: 'Nedbank', branchCode: '198765', accountNumber: '••••••2222' },
    });
    expect(user.permissions.canManage).toBe(true);
  });

  it('hides ID number, date of birth, passport dates and payment information from a leader', async () => {
    const response = await call(cookies.leader, 'GET', `/api/people/${member.id}`);
    expect(response.statusCode).toBe(200);
    const { user } = response.json();
    expect(user.private).toBeNull();
    expect(JSON.stringify(user)).not.toContain('2222222222');
    expect(JSON.stringify(user)).not.toContain(member.identificationNo);
    expect(user.permissions).toMatchObject({ canEdit: true, canManage: false, canToggleTrainer: true });
  });

  it('lets an agent read only themself', async () => {
    const own = await call(cookies.member, 'GET', `/api/people/${member.id}`);
    expect(own.statusCode).toBe(200);
    expect(own.json().user.private.banking.accountNumber).toBe('••••••2222');
    const other = await call(cookies.member, 'GET', `/api/people/${leader.id}`);
    expect(other.statusCode).toBe(403);
  });

  it('refuses a leader outside their branch, and an admin without the Users Management flag', async () => {
    expect((await call(cookies.leader, 'GET', `/api/people/${outsider.id}`)).statusCode).toBe(403);
    expect((await call(cookies.leader, 'GET', `/api/people/${admin.id}`)).statusCode).toBe(403);
    expect((await call(cookies.adminWithoutFlag, 'GET', `/api/people/${member.id}`)).statusCode).toBe(403);
    expect((await call(cookies.adminWithoutFlag, 'GET', `/api/people/${adminWithoutFlag.id}`)).statusCode).toBe(200);
  });

  it("answers 'Invalid user ID' for a non-numeric id and 'Dealer with ID {id} not found' for none", async () => {
    const invalid = await call(cookies.admin, 'GET', '/api/people/abc');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().detail).toBe('Invalid user ID');
    const missing = await call(cookies.admin, 'GET', '/api/people/987654');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().detail).toBe('Dealer with ID 987654 not found');
    expect((await call(undefined, 'GET', `/api/people/${member.id}`)).statusCode).toBe(401);
  });

  it('computes the university status from the training tables', async () => {
    const student = await createUser(ctx.db, { parentId: leader.id, withoutLogin: true });
    // Every user would be held by these modules: they are switched off again whatever happens.
    try {
      await createTrainingModule(ctx.db, { moduleName: 'Compulsory basics', isCompulsory: true });
      await createTrainingModule(ctx.db, { moduleName: 'Optional extras' });
      const { user } = (await call(cookies.admin, 'GET', `/api/people/${student.id}`)).json();
      expect(user.university).toEqual({
        status: 102,
        relevant: { passed: 0, total: 2 },
        compulsory: { passed: 0, total: 1 },
      });
    } finally {
      await ctx.db.execute(sql`UPDATE training_master SET active = false`);
    }
  });
});

describe('reach on every write', () => {
  const writes = (id: number) =>
    [
      ['PUT', `/api/people/${id}`, { personal: {}, address: {} }],
      ['POST', `/api/people/${id}/edit-user/check`, { phone: '0820000000' }],
      ['PUT', `/api/people/${id}/links`, { supplierIds: [], productTypeIds: [] }],
      ['GET', `/api/people/${id}/link-options`, undefined],
      ['PUT', `/api/people/${id}/flags`, { isLeader: true }],
      ['PUT', `/api/people/${id}/password`, { password: 'Another123' }],
      ['PUT', `/api/people/${id}/manager`, { managerId: 1, moveWithChildren: true }],
      ['GET', `/api/people/${id}/eligible-managers`, undefined],
      ['PUT', `/api/people/${id}/user-type`, { refsTypeId: 1 }],
      ['POST', `/api/people/${id}/status`, { action: 'deactivate' }],
    ] as const;

  it('refuses a leader acting outside their branch (403) and changes nothing', async () => {
    const before = await row(outsider.id);
    for (const [method, url, payload] of writes(outsider.id)) {
      const body = url.endsWith(`/${outsider.id}`) ? editForm(outsider) : payload;
      const response = await call(cookies.leader, method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
    expect(await row(outsider.id)).toEqual(before);
  });

  it('refuses an agent acting on another user (403)', async () => {
    for (const [method, url, payload] of writes(deep.id)) {
      const body = url.endsWith(`/${deep.id}`) ? editForm(deep) : payload;
      expect((await call(cookies.member, method, url, body)).statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('refuses admin-only actions to a leader inside their branch', async () => {
    const adminOnly = writes(member.id).filter(([, url]) => /password|manager|user-type|status$/.test(url));
    expect(adminOnly).toHaveLength(5);
    for (const [method, url, payload] of adminOnly) {
      const response = await call(cookies.leader, method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json().detail).toBe(NO_PERMISSION);
    }
    for (const flags of [{ growthLeader: true }, { isLeaderBlocked: true }]) {
      const response = await call(cookies.leader, 'PUT', `/api/people/${member.id}/flags`, flags);
      expect(response.statusCode).toBe(403);
      expect(response.json().detail).toBe(FLAG_REFUSALS.adminOnly);
    }
  });
});

describe('leader flags', () => {
  it('lets a non-admin leader switch Trainer on for a reachable user once, stamping is_leader_date', async () => {
    const trainee = await createUser(ctx.db, { parentId: leader.id, withoutLogin: true });
    const started = Date.now();
    const on = await call(cookies.leader, 'PUT', `/api/people/${trainee.id}/flags`, {
      isLeader: true,
      currentPassword: PASSWORD,
    });
    expect(on.statusCode).toBe(200);
    const after = await row(trainee.id);
    expect(after.isLeader).toBe(true);
    expect(after.isLeaderDate!.getTime()).toBeGreaterThanOrEqual(started - 1000);
    expect(after.lastUpdatedBy).toBe(leader.id);
    expect(await auditOf(trainee.id, 'user.flags.change')).toHaveLength(1);

    const again = await call(cookies.leader, 'PUT', `/api/people/${trainee.id}/flags`, { isLeader: true });
    expect(again.statusCode).toBe(403);
    expect(again.json().detail).toBe(FLAG_REFUSALS.already);
    const off = await call(cookies.leader, 'PUT', `/api/people/${trainee.id}/flags`, { isLeader: false });
    expect(off.statusCode).toBe(403);
    expect(off.json().detail).toBe(FLAG_REFUSALS.turnOff);
    expect((await row(trainee.id)).isLeader).toBe(true);
  });

  it('refuses a leader switching Trainer on for a blocked user, or for themself', async () => {
    const blocked = await createUser(ctx.db, { parentId: leader.id, isLeaderBlocked: true, withoutLogin: true });
    const response = await call(cookies.leader, 'PUT', `/api/people/${blocked.id}/flags`, { isLeader: true });
    expect(response.statusCode).toBe(403);
    expect(response.json().detail).toBe(FLAG_REFUSALS.blocked);
    expect((await row(blocked.id)).isLeader).toBe(false);
    expect((await call(cookies.member, 'PUT', `/api/people/${member.id}/flags`, { isLeader: true })).statusCode).toBe(
      403,
    );
  });

  it('lets an admin toggle all three; growth leader stamps growth_leader_time', async () => {
    const target = await createUser(ctx.db, { parentId: leader.id, withoutLogin: true });
    const started = Date.now();
    expect(
      (await call(cookies.admin, 'PUT', `/api/people/${target.id}/flags`, { growthLeader: true })).statusCode,
    ).toBe(200);
    let after = await row(target.id);
    expect(after.growthLeader).toBe(true);
    expect(after.growthLeaderTime!.getTime()).toBeGreaterThanOrEqual(started - 1000);

    await call(cookies.admin, 'PUT', `/api/people/${target.id}/flags`, {
      isLeader: true,
      isLeaderBlocked: true,
      currentPassword: PASSWORD,
    });
    after = await row(target.id);
    expect(after).toMatchObject({ isLeader: true, isLeaderBlocked: true });
    expect(after.isLeaderDate).not.toBeNull();

    await call(cookies.admin, 'PUT', `/api/people/${target.id}/flags`, {
      isLeader: false,
      growthLeader: false,
      currentPassword: PASSWORD,
    });
    after = await row(target.id);
    expect(after).toMatchObject({ isLeader: false, growthLeader: false, growthLeaderTime: null });

    const audits = await auditOf(target.id, 'user.flags.change');
    expect(audits).toHaveLength(3);
    expect(audits[0]!.after).toMatchObject({ growthLeader: true });
    expect(audits[0]!.actorUserId).toBe(admin.id);
  });

  it('refuses fields the client must not set', async () => {
    const response = await call(cookies.admin, 'PUT', `/api/people/${member.id}/flags`, { isAdmin: true });
    expect(response.statusCode).toBe(400);
    expect((await row(member.id)).isAdmin).toBe(false);
  });
});

describe('change manager', () => {
  let top: UserRow;
  let middle: UserRow;
  let child: UserRow;
  let grandchild: UserRow;
  let target: UserRow;
  let deletedLeader: UserRow;

  beforeAll(async () => {
    // otherLeader ── top ── middle ─┬─ child ── grandchild
    //                               └─ (more children)
    top = await createUser(ctx.db, { parentId: otherLeader.id, isLeader: true, withoutLogin: true });
    middle = await createUser(ctx.db, { parentId: top.id, isLeader: true, withoutLogin: true });
    child = await createUser(ctx.db, { parentId: middle.id, isLeader: true, withoutLogin: true });
    grandchild = await createUser(ctx.db, { parentId: child.id, withoutLogin: true });
    target = await createUser(ctx.db, { parentId: admin.id, isLeader: true, withoutLogin: true });
    deletedLeader = await createUser(ctx.db, {
      parentId: admin.id,
      isLeader: true,
      refsUserLifecycleStatusId: 4,
      withoutLogin: true,
    });
  });

  it('lists eligible managers: leaders and admins, not the user, not below them, not deleted', async () => {
    const response = await call(cookies.admin, 'GET', `/api/people/${middle.id}/eligible-managers?limit=50`);
    expect(response.statusCode).toBe(200);
    const ids = response.json().items.map((item: { id: number }) => item.id);
    expect(ids).toEqual(expect.arrayContaining([admin.id, leader.id, otherLeader.id, top.id, target.id]));
    for (const excluded of [middle.id, child.id, grandchild.id, deletedLeader.id, member.id]) {
      expect(ids).not.toContain(excluded);
    }
    const searched = await call(
      cookies.admin,
      'GET',
      `/api/people/${middle.id}/eligible-managers?search=Z-${target.id}`,
    );
    expect(searched.json()).toMatchObject({ total: 1, items: [{ id: target.id }] });
  });

  it('moves a user with their children; the closure table stays exact', async () => {
    const response = await call(cookies.admin, 'PUT', `/api/people/${middle.id}/manager`, {
      managerId: target.id,
      moveWithChildren: true,
      currentPassword: PASSWORD,
    });
    expect(response.statusCode).toBe(200);
    expect((await row(middle.id)).parentId).toBe(target.id);
    expect((await row(middle.id)).lastUpdatedBy).toBe(admin.id);
    expect((await row(child.id)).parentId).toBe(middle.id);
    expect(await closureDifferences()).toBe(0);
    const { rows } = await ctx.db.$client.query(
      'SELECT depth FROM users_hierarchy_closure WHERE ancestor_id = $1 AND descendant_id = $2',
      [target.id, grandchild.id],
    );
    expect(rows).toEqual([{ depth: 3 }]);
    const [audit] = await auditOf(middle.id, 'user.parent.change');
    expect(audit).toMatchObject({ before: { parentId: top.id }, after: { parentId: target.id } });
  });

  it('without children, first hands the children to the former parent', async () => {
    const response = await call(cookies.admin, 'PUT', `/api/people/${middle.id}/manager`, {
      managerId: otherLeader.id,
      moveWithChildren: false,
      currentPassword: PASSWORD,
    });
    expect(response.statusCode).toBe(200);
    expect((await row(middle.id)).parentId).toBe(otherLeader.id);
    expect((await row(child.id)).parentId).toBe(target.id);
    expect((await row(grandchild.id)).parentId).toBe(child.id);
    expect(await closureDifferences()).toBe(0);
    const childAudits = await auditOf(child.id, 'user.parent.change');
    expect(childAudits).toHaveLength(1);
    expect(childAudits[0]).toMatchObject({
      actorUserId: admin.id,
      before: { parentId: middle.id },
      after: { parentId: target.id },
    });
  });

  it('refuses, whole, a move without children that would hand on an admin holding a flag the actor lacks', async () => {
    // An admin's manager is changed only by whoever may act on that admin: handing them to the
    // former parent is a manager change too, so the move is refused and nothing changes.
    const head = await createUser(ctx.db, { parentId: otherLeader.id, isLeader: true, withoutLogin: true });
    const flagged = await createUser(ctx.db, { parentId: head.id, isAdmin: true, withoutLogin: true });
    await grantFeatures(ctx.db, flagged.id, ['Users Management', 'Access Control']);
    const direct = await call(cookies.admin, 'PUT', `/api/people/${flagged.id}/manager`, {
      managerId: target.id,
      moveWithChildren: true,
      currentPassword: PASSWORD,
    });
    expect(direct.statusCode).toBe(403);
    const handedOn = await call(cookies.admin, 'PUT', `/api/people/${head.id}/manager`, {
      managerId: target.id,
      moveWithChildren: false,
      currentPassword: PASSWORD,
    });
    expect(handedOn.statusCode).toBe(403);
    expect((await row(flagged.id)).parentId).toBe(head.id);
    expect((await row(head.id)).parentId).toBe(otherLeader.id);
    // With the children, the admin keeps their manager: allowed.
    const withChildren = await call(cookies.admin, 'PUT', `/api/people/${head.id}/manager`, {
      managerId: target.id,
      moveWithChildren: true,
      currentPassword: PASSWORD,
    });
    expect(withChildren.statusCode).toBe(200);
    expect((await row(flagged.id)).parentId).toBe(head.id);
    expect(await closureDifferences()).toBe(0);
  });

  it('hands on a leader’s many children without reading them: no statement answers with a row per child', async () => {
    const head = await createUser(ctx.db, { parentId: otherLeader.id, isLeader: true, withoutLogin: true });
    const children: number[] = [];
    for (let i = 0; i < 30; i++) {
      children.push((await createUser(ctx.db, { parentId: head.id, withoutLogin: true })).id);
    }
    let widest = 0;
    const query = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const result = (query as (...a: unknown[]) => unknown).apply(this, args);
      if (result instanceof Promise) {
        void result.then(
          (answer: { rows?: unknown[] } | undefined) => {
            widest = Math.max(widest, answer?.rows?.length ?? 0);
          },
          () => {},
        );
      }
      return result;
    } as typeof query;
    let response: Awaited<ReturnType<typeof call>>;
    try {
      response = await call(cookies.admin, 'PUT', `/api/people/${head.id}/manager`, {
        managerId: target.id,
        moveWithChildren: false,
        currentPassword: PASSWORD,
      });
    } finally {
      pg.Client.prototype.query = query;
    }
    expect(response.statusCode).toBe(200);
    for (const id of children) expect((await row(id)).parentId).toBe(otherLeader.id);
    expect(await closureDifferences()).toBe(0);
    expect(widest).toBeLessThan(30);
  });

  it('refuses a move under the user themself or their own downstream, a deleted or non-leader manager', async () => {
    const cases = [
      [target.id, child.id, MANAGER_REFUSALS.downstream],
      [target.id, target.id, MANAGER_REFUSALS.self],
      [child.id, deletedLeader.id, MANAGER_REFUSALS.deleted],
      [child.id, member.id, MANAGER_REFUSALS.notLeader],
    ] as const;
    for (const [userId, managerId, message] of cases) {
      const response = await call(cookies.admin, 'PUT', `/api/people/${userId}/manager`, {
        managerId,
        moveWithChildren: true,
        currentPassword: PASSWORD,
      });
      expect(response.statusCode, message).toBe(409);
      expect(response.json().detail).toBe(message);
    }
    expect((await row(target.id)).parentId).toBe(admin.id);
    expect(await closureDifferences()).toBe(0);
  });
});

describe('status', () => {
  it('marks inactive (2 → 3), reactivates (3 → 2) and deletes (→ 4), each with an audit row', async () => {
    const target = await createUser(ctx.db, { parentId: leader.id, withoutLogin: true });
    const act = (action: string) =>
      call(cookies.admin, 'POST', `/api/people/${target.id}/status`, { action, currentPassword: PASSWORD });
    expect((await act('reactivate')).json().detail).toBe(STATUS_REFUSALS.reactivate);
    expect((await act('deactivate')).statusCode).toBe(200);
    expect((await row(target.id)).refsUserLifecycleStatusId).toBe(3);
    expect((await act('deactivate')).statusCode).toBe(409);
    expect((await act('reactivate')).statusCode).toBe(200);
    expect((await row(target.id)).refsUserLifecycleStatusId).toBe(2);
    expect((await act('delete')).statusCode).toBe(200);
    expect((await row(target.id)).refsUserLifecycleStatusId).toBe(4);
    expect((await act('delete')).json().detail).toBe(STATUS_REFUSALS.delete);
    const [deactivated] = await auditOf(target.id, 'user.status.deactivate');
    expect(deactivated).toMatchObject({ before: { lifecycleStatusId: 2 }, after: { lifecycleStatusId: 3 } });
    expect(await auditOf(target.id, 'user.status.reactivate')).toHaveLength(1);
    expect(await auditOf(target.id, 'user.status.delete')).toHaveLength(1);
  });

  it('sees a flag granted while it waited for the row, and refuses (decision 074)', async () => {
    const otherAdmin = await createUser(ctx.db, { isAdmin: true, withoutLogin: true });
    await grantFeatures(ctx.db, otherAdmin.id, ['Users Management']);
    // Another admin grants Commissions (a flag the caller lacks) in a transaction held open: its
    // insert holds the target's row (the foreign key), so the status change waits for its commit.
    const { release, done: grant } = holdOpen(ctx.db, (tx) => grantFeatures(tx, otherAdmin.id, ['Commissions']));
    try {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const response = call(cookies.admin, 'POST', `/api/people/${otherAdmin.id}/status`, {
        action: 'deactivate',
        currentPassword: PASSWORD,
      });
      await untilLockWaiters(ctx.db);
      release();
      await grant;
      expect((await response).statusCode).toBe(403);
    } finally {
      release();
    }
    expect((await row(otherAdmin.id)).refsUserLifecycleStatusId).toBe(2);
  });

  it("refuses an admin's own status and an unknown action", async () => {
    expect(
      (await call(cookies.admin, 'POST', `/api/people/${admin.id}/status`, { action: 'delete' })).json().detail,
    ).toBe(STATUS_REFUSALS.self);
    expect(
      (await call(cookies.admin, 'POST', `/api/people/${member.id}/status`, { action: 'approve' })).statusCode,
    ).toBe(400);
  });
});

describe('user type', () => {
  it("needs a selection ('Please select a user type.') and writes an audit row", async () => {
    const target = await createUser(ctx.db, { parentId: leader.id, withoutLogin: true });
    const missing = await call(cookies.admin, 'PUT', `/api/people/${target.id}/user-type`, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().detail).toBe('Please select a user type.');
    expect(
      (await call(cookies.admin, 'PUT', `/api/people/${target.id}/user-type`, { refsTypeId: 99 })).json().detail,
    ).toBe('Please select a user type.');
    expect((await call(cookies.admin, 'PUT', `/api/people/${target.id}/user-type`, { refsTypeId: 3 })).statusCode).toBe(
      200,
    );
    expect((await row(target.id)).refsTypeId).toBe(3);
    const [audit] = await auditOf(target.id, 'user.type.change');
    expect(audit).toMatchObject({ before: { refsTypeId: 1 }, after: { refsTypeId: 3 } });
  });
});

describe('password', () => {
  it('lets an admin set a password of at least 6 characters and ends the user sessions', async () => {
    const target = await person('passwordTarget', { parentId: leader.id });
    const short = await call(cookies.admin, 'PUT', `/api/people/${target.id}/password`, { password: '12345' });
    expect(short.statusCode).toBe(400);
    expect(short.json().detail).toBe('Password must be at least 6 characters.');
    expect(
      (await call(cookies.admin, 'PUT', `/api/people/${target.id}/password`, { password: '' })).json().detail,
    ).toBe('Please enter a valid password.');

    const response = await call(cookies.admin, 'PUT', `/api/people/${target.id}/password`, {
      password: 'Fresh7',
      currentPassword: PASSWORD,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Password updated successfully');
    expect((await call(cookies.passwordTarget, 'GET', '/api/me')).statusCode).toBe(401);
    await expect(ctx.signIn(target.email!, PASSWORD)).rejects.toThrow();
    expect(await ctx.signIn(target.email!, 'Fresh7')).toContain('session_token=');
    expect(await auditOf(target.id, 'user.password.reset')).toHaveLength(1);
  });
});

describe('edit user', () => {
  it('answers a racing edit to a taken e-mail with its own message (decision 074)', async () => {
    const first = await createUser(ctx.db, { parentId: leader.id, withoutLogin: true });
    const second = await createUser(ctx.db, { parentId: leader.id, withoutLogin: true });
    const email = `racing.${first.id}@mail.test`;
    // Another edit gives the address to `first` in a transaction held open: the duplicate check
    // does not see it yet, and the unique index makes this edit wait for it to commit.
    const holder = await ctx.db.$client.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('UPDATE users_master SET email = $1 WHERE id = $2', [email, first.id]);
      const response = call(cookies.admin, 'PUT', `/api/people/${second.id}`, {
        ...editForm(second, { personal: { email } }),
        currentPassword: PASSWORD,
      });
      await untilLockWaiters(ctx.db);
      await holder.query('COMMIT');
      const answer = await response;
      expect(answer.statusCode).toBe(409);
      expect(answer.json().errors).toEqual([{ field: 'personal.email', message: M.emailInUse }]);
      expect(answer.json().detail).toBe(M.emailInUse);
    } finally {
      holder.release();
    }
    expect((await row(second.id)).email).toBe(second.email);
  });

  it('lets a leader edit personal and address within reach; phones are stored +27', async () => {
    const target = await createUser(ctx.db, { parentId: leader.id, withoutLogin: true });
    const response = await call(
      cookies.leader,
      'PUT',
      `/api/people/${target.id}`,
      editForm(target, { personal: { firstName: 'Renamed', altPhone: '0831112222' } }),
    );
    expect(response.statusCode).toBe(200);
    const after = await row(target.id);
    expect(after).toMatchObject({
      firstName: 'Renamed',
      middleName: 'Middle',
      altPhone: '+27831112222',
      city: 'Johannesburg',
    });
    expect(after.lastUpdatedBy).toBe(leader.id);
    const [audit] = await auditOf(target.id, 'user.update');
    expect(audit!.after).toMatchObject({ firstName: 'Renamed', city: 'Johannesburg' });
  });

  it('refuses identity, documents and banking from a leader', async () => {
    const identity = {
      refsIdentityDocType: 'PASSPORT',
      identificationNo: 'X1234567',
      dateOfBirth: '1990-01-01',
      nationality: 'ZWE',
      passportIssueDate: '2020-01-01',
      passportExpiryDate: '2030-01-01',
    };
    const banking = { refsPaymentType: 'bank', bank: 'ABSA', bankAccountNumber: '9999999999', refsBankAccountType: 1 };
    for (const extra of [{ identity }, { banking }, { documents: { idPhotoUrl: null, personPhotoUrl: null } }]) {
      const response = await call(cookies.leader, 'PUT', `/api/people/${member.id}`, { ...editForm(member), ...extra });
      expect(response.statusCode).toBe(403);
    }
    const latest = await ctx.db.select().from(bankingDetails).where(eq(bankingDetails.userId, member.id));
    expect(latest.map((b) => b.accountNumber)).not.toContain('9999999999');
    expect((await row(member.id)).identificationNo).toBe(member.identificationNo);
  });

  it('answers the spec messages for bad input', async () => {
    const bad = await call(cookies.admin, 'PUT', `/api/people/${member.id}`, {
      ...editForm(member, { personal: { phone: '821234567' } }),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toBe(M.phoneNotZero);
    const shortId = await call(cookies.admin, 'PUT', `/api/people/${member.id}`, {
      ...editForm(member),
      identity: {
        refsIdentityDocType: 'RSAID',
        identificationNo: '123',
        dateOfBirth: '1990-05-17',
        nationality: 'ZAF',
      },
    });
    expect(shortId.json().detail).toBe(M.idInvalid);
    const mismatch = await call(cookies.admin, 'PUT', `/api/people/${member.id}`, {
      ...editForm(member),
      identity: {
        refsIdentityDocType: 'RSAID',
        identificationNo: member.identificationNo,
        dateOfBirth: '1991-05-17',
        nationality: 'ZAF',
      },
    });
    expect(mismatch.json().detail).toBe('ID Number does not match Date of Birth.');
    const noStreet = await call(
      cookies.admin,
      'PUT',
      `/api/people/${member.id}`,
      editForm(member, { address: { street: '' } }),
    );
    expect(noStreet.json().detail).toBe(M.street);
  });

  it('refuses a phone, e-mail or ID number another user has (whatever the case), skipping unchanged ones', async () => {
    const passportHolder = await createUser(ctx.db, {
      parentId: leader.id,
      refsIdentityDocType: 'PASSPORT',
      identificationNo: 'AB123456',
      passportIssueDate: '2020-01-01',
      passportExpiryDate: '2030-01-01',
      withoutLogin: true,
    });
    const identity = (identificationNo: string) => ({
      refsIdentityDocType: 'PASSPORT',
      identificationNo,
      dateOfBirth: '1990-05-17',
      nationality: 'ZWE',
      passportIssueDate: '2020-01-01',
      passportExpiryDate: '2030-01-01',
    });
    const duplicate = await call(cookies.admin, 'PUT', `/api/people/${member.id}`, {
      ...editForm(member),
      identity: identity('ab123456'),
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().errors).toEqual([{ field: 'identity.identificationNo', message: M.idInUse }]);
    // Spaces inside the number (as the wizard and the resubmission ignore them) hide no duplicate.
    const spaced = await call(cookies.admin, 'PUT', `/api/people/${member.id}`, {
      ...editForm(member),
      identity: identity('AB 123 456'),
    });
    expect(spaced.statusCode).toBe(409);
    expect(spaced.json().errors).toEqual([{ field: 'identity.identificationNo', message: M.idInUse }]);
    const spacedCheck = await call(cookies.admin, 'POST', `/api/people/${member.id}/edit-user/check`, {
      identificationNo: 'ab 1234 56',
    });
    expect(spacedCheck.json()).toEqual({ errors: [{ field: 'identity.identificationNo', message: M.idInUse }] });

    const phone = await call(cookies.admin, 'PUT', `/api/people/${member.id}`, {
      ...editForm(member, { personal: { phone: `0${leader.phone!.slice(3)}`, email: leader.email!.toUpperCase() } }),
    });
    expect(phone.json().errors).toEqual([
      { field: 'personal.phone', message: M.phoneInUse },
      { field: 'personal.email', message: M.emailInUse },
    ]);

    const unchanged = await call(cookies.admin, 'PUT', `/api/people/${passportHolder.id}`, {
      ...editForm(passportHolder),
      identity: identity('ab123456'),
    });
    expect(unchanged.statusCode).toBe(200);
    const ownSpaced = await call(cookies.admin, 'PUT', `/api/people/${passportHolder.id}`, {
      ...editForm(passportHolder),
      identity: identity('AB 1234 56'),
    });
    expect(ownSpaced.statusCode).toBe(200);
    expect((await row(passportHolder.id)).identificationNo).toBe('AB123456');

    const check = await call(cookies.admin, 'POST', `/api/people/${member.id}/edit-user/check`, {
      identificationNo: 'AB123456',
      phone: `0${member.phone!.slice(3)}`,
    });
    expect(check.json()).toEqual({ errors: [{ field: 'identity.identificationNo', message: M.idInUse }] });
  });

  it("lets an admin change banking: a new latest row with the bank's branch code, refused during the freeze", async () => {
    const target = await createUser(ctx.db, { parentId: leader.id, withoutLogin: true });
    const banking = {
      refsPaymentType: 'bank',
      bank: 'Capitec',
      bankAccountNumber: '123456789',
      refsBankAccountType: 2,
      branchCode: '000000',
    };
    const response = await call(cookies.admin, 'PUT', `/api/people/${target.id}`, {
      ...editForm(target),
      banking,
      currentPassword: PASSWORD,
    });
    expect(response.statusCode).toBe(200);
    const rows = await ctx.db.select().from(bankingDetails).where(eq(bankingDetails.userId, target.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      bank: 'Capitec',
      branchCode: '470010',
      accountNumber: '123456789',
      accountType: 2,
    });

    const noBank = await call(cookies.admin, 'PUT', `/api/people/${target.id}`, {
      ...editForm(target),
      banking: { ...banking, bank: '' },
    });
    expect(noBank.json().detail).toBe(M.bank);

    await ctx.db.update(appSettings).set({ value: true }).where(eq(appSettings.key, 'commission_freeze'));
    try {
      const frozen = await call(cookies.admin, 'PUT', `/api/people/${target.id}`, {
        ...editForm(target),
        banking: { ...banking, bankAccountNumber: '5555555555' },
      });
      expect(frozen.statusCode).toBe(409);
      expect(frozen.json().code).toBe('PROFILE_FROZEN');
    } finally {
      await ctx.db.update(appSettings).set({ value: false }).where(eq(appSettings.key, 'commission_freeze'));
    }
  });

  it("treats a switch to eWallet, a new eWallet link or an eWallet payee's new phone as a banking change", async () => {
    const target = await createUser(ctx.db, { parentId: leader.id, withoutLogin: true });
    const toWallet = { refsPaymentType: 'eWallet', eWalletLink: 'https://wallet.example.test/elsewhere' };
    const switched = await call(cookies.admin, 'PUT', `/api/people/${target.id}`, {
      ...editForm(target),
      banking: toWallet,
      currentPassword: PASSWORD,
    });
    expect(switched.statusCode).toBe(200);
    expect(await row(target.id)).toMatchObject({ refsPaymentType: 'eWallet', eWalletLink: toWallet.eWalletLink });
    // The owner hears of it, as of a new bank account.
    const notice = await lastMessageTo(ctx.db, target.email!, 'email');
    expect(notice.subject).toBe('Your banking details were changed');
    expect(notice.body).toContain('eWallet');

    await ctx.db.update(appSettings).set({ value: true }).where(eq(appSettings.key, 'commission_freeze'));
    try {
      for (const change of [
        { banking: { ...toWallet, eWalletLink: 'https://wallet.example.test/other' } },
        {
          banking: { refsPaymentType: 'bank', bank: 'Capitec', bankAccountNumber: '123456789', refsBankAccountType: 2 },
        },
        { personal: { phone: '0829990001' } },
      ]) {
        const frozen = await call(cookies.admin, 'PUT', `/api/people/${target.id}`, {
          ...editForm(target, change.personal ? { personal: change.personal } : {}),
          banking: change.banking ?? toWallet,
        });
        expect(frozen.statusCode, JSON.stringify(change)).toBe(409);
        expect(frozen.json().code).toBe('PROFILE_FROZEN');
      }
      expect(await row(target.id)).toMatchObject({ eWalletLink: toWallet.eWalletLink, phone: target.phone });
    } finally {
      await ctx.db.update(appSettings).set({ value: false }).where(eq(appSettings.key, 'commission_freeze'));
    }
  });

  it('asks for re-verification of a changed e-mail and moves the sign-in identity with it', async () => {
    const target = await person('emailTarget', { parentId: leader.id });
    const response = await call(cookies.admin, 'PUT', `/api/people/${target.id}`, {
      ...editForm(target, { personal: { email: `new.${target.email}` } }),
      currentPassword: PASSWORD,
    });
    expect(response.statusCode).toBe(200);
    expect(await row(target.id)).toMatchObject({
      email: `new.${target.email}`,
      emailVerified: false,
      phoneVerified: true,
    });
    expect(await ctx.signIn(`new.${target.email}`, PASSWORD)).toContain('session_token=');
  });
});

// Decision 071: a SIM-swapped admin session (pin sign-in) must not divert another person's pay,
// take over their sign-in or keep access: these changes need the acting admin's password again.
describe("step-up: the acting admin's password on another person's pay, contacts and password", () => {
  const bank = { refsPaymentType: 'bank', bank: 'Capitec', bankAccountNumber: '123456789', refsBankAccountType: 2 };

  async function stepUpAdmin(key: string) {
    const acting = await person(key, { isAdmin: true });
    await grantFeatures(ctx.db, acting.id, ['Users Management']);
    return acting;
  }

  async function wrongCount(user: UserRow) {
    const rows = await ctx.db
      .select()
      .from(authSignInFailure)
      .where(eq(authSignInFailure.account, `step-up:${user.authId}`));
    return rows.length;
  }

  it('refuses new banking details without the password or with a wrong one, saves them with it', async () => {
    const acting = await stepUpAdmin('stepUpBanking');
    const target = await createUser(ctx.db, { parentId: leader.id, withoutLogin: true });
    await addBankingDetails(ctx.db, target.id, { accountNumber: '1111111111' });
    const url = `/api/people/${target.id}`;

    const none = await call(cookies.stepUpBanking, 'PUT', url, { ...editForm(target), banking: bank });
    expect(none.statusCode).toBe(403);
    expect(none.json()).toMatchObject({
      code: 'STEP_UP_REQUIRED',
      errors: [{ field: 'currentPassword', message: 'Please enter your current password.' }],
    });
    const wrong = await call(cookies.stepUpBanking, 'PUT', url, {
      ...editForm(target),
      banking: bank,
      currentPassword: 'NotMine99',
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ code: 'STEP_UP_FAILED', detail: 'Your current password is incorrect.' });
    expect(await wrongCount(acting)).toBe(1);
    const unchanged = await ctx.db.select().from(bankingDetails).where(eq(bankingDetails.userId, target.id));
    expect(unchanged.map((b) => b.accountNumber)).toEqual(['1111111111']);

    const ok = await call(cookies.stepUpBanking, 'PUT', url, {
      ...editForm(target),
      banking: bank,
      currentPassword: PASSWORD,
    });
    expect(ok.statusCode).toBe(200);
    const rows = await ctx.db.select().from(bankingDetails).where(eq(bankingDetails.userId, target.id));
    expect(rows.map((b) => b.accountNumber)).toContain('123456789');

    // Saving the same banking again (full or masked, as the page shows it) asks for nothing.
    const same = await call(cookies.stepUpBanking, 'PUT', url, { ...editForm(target), banking: bank });
    expect(same.statusCode).toBe(200);
    const masked = await call(cookies.stepUpBanking, 'PUT', url, {
      ...editForm(target),
      banking: { ...bank, bankAccountNumber: '•••••6789' },
    });
    expect(masked.statusCode).toBe(200);
    expect(await ctx.db.select().from(bankingDetails).where(eq(bankingDetails.userId, target.id))).toHaveLength(2);
  });

  it('asks the same for a new payment type or eWallet link, not for the same ones', async () => {
    await stepUpAdmin('stepUpWallet');
    const target = await createUser(ctx.db, { parentId: leader.id, withoutLogin: true });
    const url = `/api/people/${target.id}`;
    const toWallet = { refsPaymentType: 'eWallet', eWalletLink: 'https://wallet.example.test/a' };

    const none = await call(cookies.stepUpWallet, 'PUT', url, { ...editForm(target), banking: toWallet });
    expect(none.statusCode).toBe(403);
    expect(none.json().code).toBe('STEP_UP_REQUIRED');
    const wrong = await call(cookies.stepUpWallet, 'PUT', url, {
      ...editForm(target),
      banking: toWallet,
      currentPassword: 'NotMine99',
    });
    expect(wrong.json().code).toBe('STEP_UP_FAILED');
    expect((await row(target.id)).refsPaymentType).not.toBe('eWallet');

    const ok = await call(cookies.stepUpWallet, 'PUT', url, {
      ...editForm(target),
      banking: toWallet,
      currentPassword: PASSWORD,
    });
    expect(ok.statusCode).toBe(200);
    expect(await row(target.id)).toMatchObject({ refsPaymentType: 'eWallet', eWalletLink: toWallet.eWalletLink });

    const relinked = await call(cookies.stepUpWallet, 'PUT', url, {
      ...editForm(target),
      banking: { ...toWallet, eWalletLink: 'https://wallet.example.test/b' },
    });
    expect(relinked.statusCode).toBe(403);
    expect(relinked.json().code).toBe('STEP_UP_REQUIRED');
    const same = await call(cookies.stepUpWallet, 'PUT', url, { ...editForm(target), banking: toWallet });
    expect(same.statusCode).toBe(200);
    // A personal-only save (no banking in it) asks for nothing either.
    const named = await call(cookies.stepUpWallet, 'PUT', url, editForm(target, { personal: { firstName: 'Lerato' } }));
    expect(named.statusCode).toBe(200);
  });

  it("refuses a change of another person's phone or e-mail without the password or with a wrong one", async () => {
    await stepUpAdmin('stepUpContact');
    const target = await person('stepUpContactTarget', { parentId: leader.id });
    const url = `/api/people/${target.id}`;
    for (const personal of [{ phone: '0831234001' }, { email: `moved.${target.email}` }]) {
      const none = await call(cookies.stepUpContact, 'PUT', url, editForm(target, { personal }));
      expect(none.statusCode, JSON.stringify(personal)).toBe(403);
      expect(none.json().code).toBe('STEP_UP_REQUIRED');
      const wrong = await call(cookies.stepUpContact, 'PUT', url, {
        ...editForm(target, { personal }),
        currentPassword: 'NotMine99',
      });
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json().code).toBe('STEP_UP_FAILED');
    }
    expect(await row(target.id)).toMatchObject({ phone: target.phone, email: target.email });

    const ok = await call(cookies.stepUpContact, 'PUT', url, {
      ...editForm(target, { personal: { phone: '0831234001', email: `moved.${target.email}` } }),
      currentPassword: PASSWORD,
    });
    expect(ok.statusCode).toBe(200);
    expect(await row(target.id)).toMatchObject({ phone: '+27831234001', email: `moved.${target.email}` });
  });

  it("refuses an admin's reset of another person's password without their own password or with a wrong one", async () => {
    await stepUpAdmin('stepUpReset');
    const target = await person('stepUpResetTarget', { parentId: leader.id });
    const url = `/api/people/${target.id}/password`;
    const none = await call(cookies.stepUpReset, 'PUT', url, { password: 'Taken123' });
    expect(none.statusCode).toBe(403);
    expect(none.json()).toMatchObject({
      code: 'STEP_UP_REQUIRED',
      errors: [{ field: 'currentPassword', message: 'Please enter your current password.' }],
    });
    const wrong = await call(cookies.stepUpReset, 'PUT', url, { password: 'Taken123', currentPassword: 'NotMine99' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().code).toBe('STEP_UP_FAILED');
    // Nothing changed: the owner still signs in with their own password, their session lives.
    expect((await call(cookies.stepUpResetTarget, 'GET', '/api/me')).statusCode).toBe(200);
    expect(await ctx.signIn(target.email!, PASSWORD)).toContain('session_token=');

    const ok = await call(cookies.stepUpReset, 'PUT', url, { password: 'Taken123', currentPassword: PASSWORD });
    expect(ok.statusCode).toBe(200);
    expect(await ctx.signIn(target.email!, 'Taken123')).toContain('session_token=');
  });

  it('counts wrong passwords of these actions toward the step-up lock (5 within 15 minutes)', async () => {
    const acting = await stepUpAdmin('stepUpLock');
    const target = await person('stepUpLockTarget', { parentId: leader.id });
    const edit = `/api/people/${target.id}`;
    const guesses = [
      () => call(cookies.stepUpLock, 'PUT', edit, { ...editForm(target), banking: bank, currentPassword: 'Guess1' }),
      () =>
        call(cookies.stepUpLock, 'PUT', edit, {
          ...editForm(target, { personal: { phone: '0831234002' } }),
          currentPassword: 'Guess2',
        }),
      () => call(cookies.stepUpLock, 'PUT', `${edit}/password`, { password: 'Taken123', currentPassword: 'Guess3' }),
      () => call(cookies.stepUpLock, 'PUT', `${edit}/password`, { password: 'Taken123', currentPassword: 'Guess4' }),
      () => call(cookies.stepUpLock, 'PUT', edit, { ...editForm(target), banking: bank, currentPassword: 'Guess5' }),
    ];
    for (const guess of guesses) expect((await guess()).statusCode).toBe(403);
    expect(await wrongCount(acting)).toBe(5);
    const locked = await call(cookies.stepUpLock, 'PUT', `${edit}/password`, {
      password: 'Taken123',
      currentPassword: PASSWORD,
    });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('STEP_UP_LOCKED');
    // The lock is the account's: the own profile's step-up is locked too.
    const profile = await call(cookies.stepUpLock, 'POST', '/api/profile/contact', {
      email: `other.${acting.email}`,
      currentPassword: PASSWORD,
    });
    expect(profile.statusCode).toBe(429);
    expect(await ctx.signIn(target.email!, PASSWORD)).toContain('session_token=');
  });
});

// Decision 075: a move changes who is paid the leader override on the person's (and, moved with
// children, their whole branch's) sales: a SIM-swapped admin session must not move pay by itself.
describe("step-up: the acting admin's password on Change Manager", () => {
  async function closureOf(ids: number[]) {
    const { rows } = await ctx.db.$client.query(
      `SELECT ancestor_id, descendant_id, depth FROM users_hierarchy_closure
        WHERE descendant_id = ANY($1::int[]) ORDER BY ancestor_id, descendant_id`,
      [ids],
    );
    return rows;
  }

  async function wrongCount(user: UserRow) {
    const rows = await ctx.db
      .select()
      .from(authSignInFailure)
      .where(eq(authSignInFailure.account, `step-up:${user.authId}`));
    return rows.length;
  }

  it('refuses a move without the password or with a wrong one (nothing moves), makes it with it', async () => {
    const acting = await person('stepUpMove', { isAdmin: true });
    await grantFeatures(ctx.db, acting.id, ['Users Management']);
    const head = await createUser(ctx.db, { parentId: otherLeader.id, isLeader: true, withoutLogin: true });
    const kid = await createUser(ctx.db, { parentId: head.id, withoutLogin: true });
    const upline = await createUser(ctx.db, { parentId: admin.id, isLeader: true, withoutLogin: true });
    const url = `/api/people/${head.id}/manager`;
    const tree = await closureOf([head.id, kid.id]);

    for (const moveWithChildren of [true, false]) {
      const none = await call(cookies.stepUpMove, 'PUT', url, { managerId: upline.id, moveWithChildren });
      expect(none.statusCode, `moveWithChildren ${moveWithChildren}`).toBe(403);
      expect(none.json()).toMatchObject({
        code: 'STEP_UP_REQUIRED',
        errors: [{ field: 'currentPassword', message: 'Please enter your current password.' }],
      });
      const wrong = await call(cookies.stepUpMove, 'PUT', url, {
        managerId: upline.id,
        moveWithChildren,
        currentPassword: 'NotMine99',
      });
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json()).toMatchObject({
        code: 'STEP_UP_FAILED',
        errors: [{ field: 'currentPassword', message: 'Your current password is incorrect.' }],
      });
    }
    expect(await wrongCount(acting)).toBe(2);
    expect((await row(head.id)).parentId).toBe(otherLeader.id);
    expect((await row(kid.id)).parentId).toBe(head.id);
    expect(await closureOf([head.id, kid.id])).toEqual(tree);
    expect(await auditOf(head.id, 'user.parent.change')).toHaveLength(0);

    const ok = await call(cookies.stepUpMove, 'PUT', url, {
      managerId: upline.id,
      moveWithChildren: true,
      currentPassword: PASSWORD,
    });
    expect(ok.statusCode).toBe(200);
    expect((await row(head.id)).parentId).toBe(upline.id);
    expect(await closureOf([kid.id])).toContainEqual({ ancestor_id: upline.id, descendant_id: kid.id, depth: 2 });
    expect(await closureDifferences()).toBe(0);

    // The current manager again changes nothing: refused as before (409), no password asked or counted.
    const same = await call(cookies.stepUpMove, 'PUT', url, {
      managerId: upline.id,
      moveWithChildren: true,
      currentPassword: 'NotMine99',
    });
    expect(same.statusCode).toBe(409);
    expect(same.json().detail).toBe(MANAGER_REFUSALS.same);
    expect(await wrongCount(acting)).toBe(2);
  });

  it('counts wrong passwords of a move toward the step-up lock', async () => {
    const acting = await person('stepUpMoveLock', { isAdmin: true });
    await grantFeatures(ctx.db, acting.id, ['Users Management']);
    const head = await createUser(ctx.db, { parentId: otherLeader.id, isLeader: true, withoutLogin: true });
    const upline = await createUser(ctx.db, { parentId: admin.id, isLeader: true, withoutLogin: true });
    const url = `/api/people/${head.id}/manager`;
    for (let i = 1; i <= 5; i++) {
      const guess = await call(cookies.stepUpMoveLock, 'PUT', url, {
        managerId: upline.id,
        moveWithChildren: true,
        currentPassword: `Guess${i}`,
      });
      expect(guess.statusCode).toBe(403);
    }
    expect(await wrongCount(acting)).toBe(5);
    const locked = await call(cookies.stepUpMoveLock, 'PUT', url, {
      managerId: upline.id,
      moveWithChildren: true,
      currentPassword: PASSWORD,
    });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('STEP_UP_LOCKED');
    expect(locked.headers['retry-after']).toBeDefined();
    expect((await row(head.id)).parentId).toBe(otherLeader.id);
  });
});

// Decision 076: the leader lines of a branch's sales go to the ancestors that are Trainers (is_leader)
// and active (status 2), numbered by depth: turning Trainer on or off, or changing a status, changes
// who is paid them. A session alone (everyone signs in by phone and pin) must not do it.
describe("step-up: the acting person's password on Trainer status and lifecycle status", () => {
  const REQUIRED = {
    code: 'STEP_UP_REQUIRED',
    errors: [{ field: 'currentPassword', message: 'Please enter your current password.' }],
  };
  const FAILED = {
    code: 'STEP_UP_FAILED',
    errors: [{ field: 'currentPassword', message: 'Your current password is incorrect.' }],
  };

  async function wrongCount(user: UserRow) {
    const rows = await ctx.db
      .select()
      .from(authSignInFailure)
      .where(eq(authSignInFailure.account, `step-up:${user.authId}`));
    return rows.length;
  }

  async function usersManager(key: string) {
    const acting = await person(key, { isAdmin: true });
    await grantFeatures(ctx.db, acting.id, ['Users Management']);
    return acting;
  }

  it('an admin turning Trainer on or off: refused without the password or with a wrong one, made with it', async () => {
    const acting = await usersManager('stepUpTrainer');
    const target = await createUser(ctx.db, { parentId: leader.id, withoutLogin: true });
    const url = `/api/people/${target.id}/flags`;

    const none = await call(cookies.stepUpTrainer, 'PUT', url, { isLeader: true });
    expect(none.statusCode).toBe(403);
    expect(none.json()).toMatchObject(REQUIRED);
    const wrong = await call(cookies.stepUpTrainer, 'PUT', url, { isLeader: true, currentPassword: 'NotMine99' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject(FAILED);
    // With another flag in the same request: refused whole, the other flag unchanged too.
    const both = await call(cookies.stepUpTrainer, 'PUT', url, { isLeader: true, growthLeader: true });
    expect(both.json()).toMatchObject(REQUIRED);
    expect(await row(target.id)).toMatchObject({ isLeader: false, isLeaderDate: null, growthLeader: false });
    expect(await auditOf(target.id, 'user.flags.change')).toHaveLength(0);
    expect(await wrongCount(acting)).toBe(1);

    const on = await call(cookies.stepUpTrainer, 'PUT', url, { isLeader: true, currentPassword: PASSWORD });
    expect(on.statusCode).toBe(200);
    expect(on.json().message).toBe('Trainer status turned on');
    expect((await row(target.id)).isLeader).toBe(true);
    const [audit] = await auditOf(target.id, 'user.flags.change');
    expect(audit).toMatchObject({ actorUserId: acting.id, after: { isLeader: true } });
    expect(JSON.stringify(audit)).not.toContain(PASSWORD);

    // Trainer on again changes nothing: no password asked, none counted, no audit.
    const same = await call(cookies.stepUpTrainer, 'PUT', url, { isLeader: true, currentPassword: 'NotMine99' });
    expect(same.statusCode).toBe(200);
    // Growth Leader and Block Trainer Status select no payee: a session alone changes them.
    const growth = await call(cookies.stepUpTrainer, 'PUT', url, { growthLeader: true });
    expect(growth.statusCode).toBe(200);
    const block = await call(cookies.stepUpTrainer, 'PUT', url, { isLeaderBlocked: true });
    expect(block.statusCode).toBe(200);
    expect(await row(target.id)).toMatchObject({ isLeader: true, growthLeader: true, isLeaderBlocked: true });
    expect(await auditOf(target.id, 'user.flags.change')).toHaveLength(3);
    expect(await wrongCount(acting)).toBe(1);

    // Off hands the leader lines on to the next Trainer up: the same step-up.
    const offNone = await call(cookies.stepUpTrainer, 'PUT', url, { isLeader: false });
    expect(offNone.statusCode).toBe(403);
    expect(offNone.json()).toMatchObject(REQUIRED);
    const offWrong = await call(cookies.stepUpTrainer, 'PUT', url, { isLeader: false, currentPassword: 'NotMine99' });
    expect(offWrong.statusCode).toBe(403);
    expect(offWrong.json()).toMatchObject(FAILED);
    expect((await row(target.id)).isLeader).toBe(true);
    expect(await auditOf(target.id, 'user.flags.change')).toHaveLength(3);
    expect(await wrongCount(acting)).toBe(2);

    const off = await call(cookies.stepUpTrainer, 'PUT', url, { isLeader: false, currentPassword: PASSWORD });
    expect(off.statusCode).toBe(200);
    expect(await row(target.id)).toMatchObject({ isLeader: false, isLeaderDate: null });
    expect(await auditOf(target.id, 'user.flags.change')).toHaveLength(4);
  });

  it('a leader turning Trainer on for a downline: the same, and the refusals before it ask nothing', async () => {
    const acting = await person('stepUpLeader', { parentId: admin.id, isLeader: true, refsUserTierId: 3 });
    const trainee = await createUser(ctx.db, { parentId: acting.id, withoutLogin: true });
    const blocked = await createUser(ctx.db, { parentId: acting.id, isLeaderBlocked: true, withoutLogin: true });
    const url = `/api/people/${trainee.id}/flags`;

    const none = await call(cookies.stepUpLeader, 'PUT', url, { isLeader: true });
    expect(none.statusCode).toBe(403);
    expect(none.json()).toMatchObject(REQUIRED);
    const wrong = await call(cookies.stepUpLeader, 'PUT', url, { isLeader: true, currentPassword: 'NotMine99' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject(FAILED);
    expect(await row(trainee.id)).toMatchObject({ isLeader: false, isLeaderDate: null });
    expect(await auditOf(trainee.id, 'user.flags.change')).toHaveLength(0);
    expect(await wrongCount(acting)).toBe(1);

    const on = await call(cookies.stepUpLeader, 'PUT', url, { isLeader: true, currentPassword: PASSWORD });
    expect(on.statusCode).toBe(200);
    expect((await row(trainee.id)).isLeader).toBe(true);
    expect(await auditOf(trainee.id, 'user.flags.change')).toHaveLength(1);

    // What a leader may not do is refused as before, with a wrong password asked or counted for none of it.
    const refusals: Array<[string, object, string]> = [
      [url, { isLeader: true, currentPassword: 'NotMine99' }, FLAG_REFUSALS.already],
      [url, { isLeader: false, currentPassword: 'NotMine99' }, FLAG_REFUSALS.turnOff],
      [`/api/people/${blocked.id}/flags`, { isLeader: true, currentPassword: 'NotMine99' }, FLAG_REFUSALS.blocked],
      [`/api/people/${acting.id}/flags`, { isLeader: true, currentPassword: 'NotMine99' }, FLAG_REFUSALS.self],
      [`/api/people/${outsider.id}/flags`, { isLeader: true, currentPassword: 'NotMine99' }, NO_PERMISSION],
    ];
    for (const [target, payload, detail] of refusals) {
      const response = await call(cookies.stepUpLeader, 'PUT', target, payload);
      expect(response.statusCode, detail).toBe(403);
      expect(response.json()).toMatchObject({ code: 'NO_PERMISSION', detail });
    }
    expect(await wrongCount(acting)).toBe(1);
    expect((await row(blocked.id)).isLeader).toBe(false);
  });

  it('Mark As Inactive, Reactivate User and Delete: refused without the password or with a wrong one', async () => {
    const acting = await usersManager('stepUpStatus');
    const target = await createUser(ctx.db, { parentId: leader.id, isLeader: true, withoutLogin: true });
    const url = `/api/people/${target.id}/status`;
    const steps: Array<[string, number, number]> = [
      ['deactivate', 2, 3],
      ['reactivate', 3, 2],
      ['delete', 2, 4],
    ];
    let wrongs = 0;
    for (const [action, from, to] of steps) {
      const none = await call(cookies.stepUpStatus, 'POST', url, { action });
      expect(none.statusCode, action).toBe(403);
      expect(none.json()).toMatchObject(REQUIRED);
      const wrong = await call(cookies.stepUpStatus, 'POST', url, { action, currentPassword: 'NotMine99' });
      expect(wrong.statusCode, action).toBe(403);
      expect(wrong.json()).toMatchObject(FAILED);
      wrongs += 1;
      expect((await row(target.id)).refsUserLifecycleStatusId, action).toBe(from);
      expect(await auditOf(target.id, `user.status.${action}`), action).toHaveLength(0);
      expect(await wrongCount(acting)).toBe(wrongs);

      const ok = await call(cookies.stepUpStatus, 'POST', url, { action, currentPassword: PASSWORD });
      expect(ok.statusCode, action).toBe(200);
      expect((await row(target.id)).refsUserLifecycleStatusId, action).toBe(to);
      const [audit] = await auditOf(target.id, `user.status.${action}`);
      expect(audit, action).toMatchObject({
        actorUserId: acting.id,
        before: { lifecycleStatusId: from },
        after: { lifecycleStatusId: to },
      });
      expect(JSON.stringify(audit)).not.toContain(PASSWORD);
    }

    // A change the status rules refuse changes nothing and asks nothing (no wrong password counted).
    const again = await call(cookies.stepUpStatus, 'POST', url, { action: 'delete', currentPassword: 'NotMine99' });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(STATUS_REFUSALS.delete);
    const own = await call(cookies.stepUpStatus, 'POST', `/api/people/${acting.id}/status`, {
      action: 'deactivate',
      currentPassword: 'NotMine99',
    });
    expect(own.statusCode).toBe(409);
    expect(own.json().detail).toBe(STATUS_REFUSALS.self);
    expect(await wrongCount(acting)).toBe(wrongs);
  });

  it('counts wrong passwords of Trainer and status changes toward the step-up lock', async () => {
    const acting = await usersManager('stepUpPayeeLock');
    const target = await createUser(ctx.db, { parentId: leader.id, withoutLogin: true });
    for (let i = 1; i <= 5; i++) {
      const guess =
        i % 2
          ? await call(cookies.stepUpPayeeLock, 'PUT', `/api/people/${target.id}/flags`, {
              isLeader: true,
              currentPassword: `Guess${i}`,
            })
          : await call(cookies.stepUpPayeeLock, 'POST', `/api/people/${target.id}/status`, {
              action: 'deactivate',
              currentPassword: `Guess${i}`,
            });
      expect(guess.statusCode).toBe(403);
    }
    expect(await wrongCount(acting)).toBe(5);
    for (const [method, url, payload] of [
      ['PUT', `/api/people/${target.id}/flags`, { isLeader: true, currentPassword: PASSWORD }],
      ['POST', `/api/people/${target.id}/status`, { action: 'deactivate', currentPassword: PASSWORD }],
    ] as const) {
      const locked = await call(cookies.stepUpPayeeLock, method, url, payload);
      expect(locked.statusCode, url).toBe(429);
      expect(locked.json()).toMatchObject({ code: 'STEP_UP_LOCKED', errors: [{ field: 'currentPassword' }] });
      expect(locked.headers['retry-after']).toBeDefined();
    }
    expect(await row(target.id)).toMatchObject({ isLeader: false, refsUserLifecycleStatusId: 2 });
  });
});

describe('suppliers, product types and deals', () => {
  it('lets a leader set suppliers and product types of a team member, not deals', async () => {
    const fibre = await createProductType(ctx.db, 'Fibre links');
    const mobile = await createProductType(ctx.db, 'Mobile links');
    const fibreCo = await createSupplier(ctx.db, { productTypeIds: [fibre.id] });
    const mobileCo = await createSupplier(ctx.db, { productTypeIds: [mobile.id] });
    const deal = await createDeal(ctx.db, { suppliersMasterId: fibreCo.id, refsProductTypeId: fibre.id });
    const target = await createUser(ctx.db, { parentId: leader.id, withoutLogin: true });
    await linkUser(ctx.db, target.id, { supplierIds: [mobileCo.id], productTypeIds: [mobile.id] });

    const options = await call(cookies.leader, 'GET', `/api/people/${target.id}/link-options`);
    expect(options.statusCode).toBe(200);
    expect(options.json().deals).toEqual([]);
    expect(options.json().suppliers).toEqual(
      expect.arrayContaining([{ id: fibreCo.id, name: fibreCo.supplierName, productTypeIds: [fibre.id] }]),
    );

    const set = await call(cookies.leader, 'PUT', `/api/people/${target.id}/links`, {
      productTypeIds: [fibre.id],
      supplierIds: [fibreCo.id],
    });
    expect(set.statusCode).toBe(200);
    const { user } = (await call(cookies.leader, 'GET', `/api/people/${target.id}`)).json();
    expect(user.suppliers).toEqual([{ id: fibreCo.id, name: fibreCo.supplierName }]);
    expect(user.productTypes).toEqual([{ id: fibre.id, name: 'Fibre links' }]);

    const withDeals = await call(cookies.leader, 'PUT', `/api/people/${target.id}/links`, {
      productTypeIds: [fibre.id],
      supplierIds: [fibreCo.id],
      dealIds: [deal.id],
    });
    expect(withDeals.statusCode).toBe(403);

    const notOffered = await call(cookies.admin, 'PUT', `/api/people/${target.id}/links`, {
      productTypeIds: [fibre.id],
      supplierIds: [mobileCo.id],
    });
    expect(notOffered.statusCode).toBe(400);
    expect(notOffered.json().detail).toBe('A chosen supplier does not offer any of the chosen product types.');

    const admins = await call(cookies.admin, 'PUT', `/api/people/${target.id}/links`, {
      productTypeIds: [fibre.id],
      supplierIds: [fibreCo.id],
      dealIds: [deal.id],
    });
    expect(admins.statusCode).toBe(200);
    const detail = (await call(cookies.admin, 'GET', `/api/people/${target.id}`)).json().user;
    expect(detail.deals).toEqual([{ id: deal.id, name: deal.dealName }]);
    expect(await auditOf(target.id, 'user.links.update')).toHaveLength(2);
  });
});
