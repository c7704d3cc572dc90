import type { TeamMember, TeamPage } from '@portal/domain/teams/team-list';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdOpen, untilLockWaiters } from '../../../test/lock-waits.ts';
import { createTestContext, TEST_ORIGIN, type TestContext } from '../../../test/test-app.ts';
import { createUser, grantFeatures, type UserRow } from '../../db/seed/factories.ts';

let ctx: TestContext;
let admin: UserRow;
let adminCookie: string;
let adminWithoutFlagCookie: string;
let leader: UserRow;
let leaderCookie: string;
let agent: UserRow;
let agentCookie: string;
let member: UserRow;
let grandchild: UserRow;
let inactive: UserRow;
let deleted: UserRow;
let pending: UserRow;
let otherLeader: UserRow;
let outsider: UserRow;
let waitingLeaderCookie: string;
/** 30 extra members under `member`, for paging. */
let crowd: UserRow[];

const PASSWORD = 'Secret123';

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.db;
  admin = await createUser(db, { isAdmin: true, password: PASSWORD, firstName: 'Amara', surname: 'Admin' });
  await grantFeatures(db, admin.id, ['Users Management']);
  const adminWithoutFlag = await createUser(db, { isAdmin: true, password: PASSWORD });
  leader = await createUser(db, {
    parentId: admin.id,
    isLeader: true,
    password: PASSWORD,
    firstName: 'Lwazi',
    surname: 'Leader',
  });
  agent = await createUser(db, { parentId: leader.id, password: PASSWORD, firstName: 'Ayanda', surname: 'Agent' });
  member = await createUser(db, {
    parentId: leader.id,
    withoutLogin: true,
    firstName: 'Thabo',
    surname: 'Nkosi',
    email: 'thabo.nkosi@mail.test',
    phone: '+27829990001',
  });
  grandchild = await createUser(db, { parentId: member.id, withoutLogin: true, firstName: 'Naledi', surname: 'Deep' });
  inactive = await createUser(db, {
    parentId: leader.id,
    withoutLogin: true,
    firstName: 'Ina',
    surname: 'Inactive',
    refsUserLifecycleStatusId: 3,
  });
  deleted = await createUser(db, {
    parentId: leader.id,
    withoutLogin: true,
    firstName: 'Dora',
    surname: 'Deleted',
    refsUserLifecycleStatusId: 4,
  });
  pending = await createUser(db, {
    parentId: leader.id,
    withoutLogin: true,
    firstName: 'Palesa',
    surname: 'Pending',
    refsUserLifecycleStatusId: 1,
  });
  otherLeader = await createUser(db, { parentId: admin.id, isLeader: true, password: PASSWORD });
  outsider = await createUser(db, { parentId: otherLeader.id, withoutLogin: true, firstName: 'Olga', surname: 'Out' });
  await createUser(db, { parentId: admin.id, isLeader: true, password: PASSWORD, emailVerified: false }).then(
    async (waiting) => {
      waitingLeaderCookie = await ctx.signIn(waiting.email!, PASSWORD);
    },
  );
  crowd = [];
  for (let i = 0; i < 30; i++) {
    crowd.push(
      await createUser(db, { parentId: member.id, withoutLogin: true, firstName: `Crowd${i}`, surname: 'Member' }),
    );
  }
  adminCookie = await ctx.signIn(admin.email!, PASSWORD);
  adminWithoutFlagCookie = await ctx.signIn(adminWithoutFlag.email!, PASSWORD);
  leaderCookie = await ctx.signIn(leader.email!, PASSWORD);
  agentCookie = await ctx.signIn(agent.email!, PASSWORD);
});
afterAll(() => ctx?.close());

const get = (cookie: string, url: string) => ctx.app.inject({ method: 'GET', url, headers: { cookie } });
const ids = (page: TeamPage) => page.data.map((row: TeamMember) => row.id);
const sorted = (values: number[]) => [...values].sort((a, b) => a - b);

describe('GET /api/teams/dealers (Manage Teams)', () => {
  it('shows a leader their own downstream only, without deleted users and without themself', async () => {
    const response = await get(leaderCookie, '/api/teams/dealers?pageSize=100');
    expect(response.statusCode).toBe(200);
    const page: TeamPage = response.json();
    expect(sorted(ids(page))).toEqual(
      sorted([agent.id, member.id, grandchild.id, inactive.id, pending.id, ...crowd.map((user) => user.id)]),
    );
    expect(ids(page)).not.toContain(outsider.id);
    expect(ids(page)).not.toContain(deleted.id);
    expect(page.pagination).toMatchObject({
      page: 1,
      limit: 100,
      totalCount: 35,
      filteredCount: 35,
      totalPages: 1,
      hasNextPage: false,
      hasPrevPage: false,
      startRecord: 1,
      endRecord: 35,
      nextCursor: null,
    });
    const row = page.data.find((item) => item.id === member.id)!;
    expect(row).toMatchObject({
      zCode: `Z-${member.id}`,
      firstName: 'Thabo',
      surname: 'Nkosi',
      phone: '+27829990001',
      lifecycleStatusId: 2,
      parent: { id: leader.id, zCode: `Z-${leader.id}`, name: 'Lwazi Leader' },
      emailVerified: true,
      phoneVerified: true,
    });
  });

  it('shows an admin with Users Management everyone, with Top Level for a root', async () => {
    const page: TeamPage = (await get(adminCookie, '/api/teams/dealers?pageSize=100')).json();
    expect(ids(page)).toEqual(expect.arrayContaining([admin.id, leader.id, outsider.id, otherLeader.id]));
    expect(ids(page)).not.toContain(deleted.id);
    expect(page.data.find((row) => row.id === admin.id)!.parent).toBeNull();
  });

  it('answers a page far past the end with a clear 400, not a server error', async () => {
    for (const url of ['/api/teams/dealers', `/api/teams/downstream/${leader.id}`]) {
      const response = await get(adminCookie, `${url}?page=9007199254740991&pageSize=100`);
      expect(response.statusCode, url).toBe(400);
    }
    const last = await get(adminCookie, '/api/teams/dealers?page=1000000&pageSize=100');
    expect(last.statusCode).toBe(200);
    expect((last.json() as TeamPage).data).toEqual([]);
  });

  it('refuses agents, admins without Users Management and waiting users', async () => {
    const agentAnswer = await get(agentCookie, '/api/teams/dealers');
    expect(agentAnswer.statusCode).toBe(403);
    expect(agentAnswer.json().detail).toBe("You don't have access to this page");
    const noFlag = await get(adminWithoutFlagCookie, '/api/teams/dealers');
    expect(noFlag.statusCode).toBe(403);
    expect(noFlag.json().detail).toBe('Oops! Page Not Found or Access Denied');
    expect((await get(waitingLeaderCookie, '/api/teams/dealers')).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/teams/dealers' })).statusCode).toBe(401);
  });

  it("limits 'View Pending Users' to status 1", async () => {
    const page: TeamPage = (await get(leaderCookie, '/api/teams/dealers?pendingOnly=true')).json();
    expect(ids(page)).toEqual([pending.id]);
    expect(page.pagination).toMatchObject({ totalCount: 35, filteredCount: 1 });
  });

  it('lists the direct children of a dealer in reach, and refuses one out of reach', async () => {
    const page: TeamPage = (await get(leaderCookie, `/api/teams/dealers?parentId=${member.id}&pageSize=100`)).json();
    expect(sorted(ids(page))).toEqual(sorted([grandchild.id, ...crowd.map((user) => user.id)]));
    expect((await get(leaderCookie, `/api/teams/dealers?parentId=${otherLeader.id}`)).statusCode).toBe(403);
    const adminView: TeamPage = (await get(adminCookie, `/api/teams/dealers?parentId=${otherLeader.id}`)).json();
    expect(ids(adminView)).toEqual([outsider.id]);
  });
});

describe('GET /api/teams/downstream/{dealerId}', () => {
  const downstream = (cookie: string, dealerId: number, query = '') =>
    get(cookie, `/api/teams/downstream/${dealerId}?${query}`);

  it("answers a member's descendants with the dealer and the totals", async () => {
    const response = await downstream(leaderCookie, member.id, 'pageSize=100');
    expect(response.statusCode).toBe(200);
    const page = response.json();
    expect(page.dealer).toEqual({ id: member.id, zCode: `Z-${member.id}`, firstName: 'Thabo', surname: 'Nkosi' });
    expect(sorted(ids(page))).toEqual(sorted([grandchild.id, ...crowd.map((user) => user.id)]));
    expect(page.pagination).toMatchObject({ totalCount: 31, filteredCount: 31 });
  });

  it("refuses a leader another branch's downstream, and agents", async () => {
    const response = await downstream(leaderCookie, otherLeader.id);
    expect(response.statusCode).toBe(403);
    expect(response.json().detail).toBe(
      "You don't have permission to perform this action. Please contact your administrator.",
    );
    expect((await downstream(leaderCookie, outsider.id)).statusCode).toBe(403);
    expect((await downstream(leaderCookie, admin.id)).statusCode).toBe(403);
    expect((await downstream(agentCookie, agent.id)).statusCode).toBe(403);
  });

  it('lets an admin read any downstream, and says when the dealer does not exist', async () => {
    const page: TeamPage = (await downstream(adminCookie, otherLeader.id)).json();
    expect(ids(page)).toEqual([outsider.id]);
    const missing = await downstream(adminCookie, 99_999_999);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().detail).toBe('Dealer with ID 99999999 not found');
    expect((await downstream(adminCookie, 0)).statusCode).toBe(400);
  });

  it('finds by Z-ID', async () => {
    for (const term of [`Z-${grandchild.id}`, `z${grandchild.id}`]) {
      const page: TeamPage = (await downstream(leaderCookie, leader.id, `search=${encodeURIComponent(term)}`)).json();
      expect(ids(page)).toEqual([grandchild.id]);
      expect(page.pagination).toMatchObject({ filteredCount: 1, totalCount: 35 });
    }
    // In reach only: another branch's code finds nothing.
    const page: TeamPage = (await downstream(leaderCookie, leader.id, `search=Z-${outsider.id}`)).json();
    expect(page.data).toEqual([]);
  });

  it.each(['0829990001', '+27829990001', '27829990001', '082 999 0001', '08299900'])(
    'finds by the phone typed as %s',
    async (term) => {
      const page: TeamPage = (await downstream(leaderCookie, leader.id, `search=${encodeURIComponent(term)}`)).json();
      expect(ids(page)).toEqual([member.id]);
    },
  );

  it('finds by name and e-mail, whatever the case', async () => {
    const byName: TeamPage = (await downstream(leaderCookie, leader.id, 'search=thabo%20NKOSI')).json();
    expect(ids(byName)).toEqual([member.id]);
    const byEmail: TeamPage = (await downstream(leaderCookie, leader.id, 'search=Thabo.Nkosi@MAIL')).json();
    expect(ids(byEmail)).toEqual([member.id]);
    const wildcard: TeamPage = (await downstream(leaderCookie, leader.id, 'search=%25')).json();
    expect(wildcard.data).toEqual([]);
  });

  it('filters by lifecycle status and shows deleted users only when asked for', async () => {
    const inactiveOnly: TeamPage = (await downstream(leaderCookie, leader.id, 'statusFilter=3')).json();
    expect(ids(inactiveOnly)).toEqual([inactive.id]);
    expect(inactiveOnly.pagination).toMatchObject({ filteredCount: 1, totalCount: 35 });
    const deletedOnly: TeamPage = (await downstream(leaderCookie, leader.id, 'statusFilter=4')).json();
    expect(ids(deletedOnly)).toEqual([deleted.id]);
    const activeOnly: TeamPage = (await downstream(leaderCookie, leader.id, 'statusFilter=2&pageSize=100')).json();
    expect(activeOnly.pagination.filteredCount).toBe(33);
    expect(ids(activeOnly)).not.toContain(inactive.id);
    expect(ids(activeOnly)).not.toContain(pending.id);
    const none: TeamPage = (await downstream(leaderCookie, leader.id, 'pageSize=100')).json();
    expect(ids(none)).not.toContain(deleted.id);
    const searchDeleted: TeamPage = (await downstream(leaderCookie, leader.id, 'search=Dora')).json();
    expect(searchDeleted.data).toEqual([]);
  });

  it('reads deep pages by key, matching the offset pages, with the spec numbers', async () => {
    const everyone = sorted([grandchild.id, ...crowd.map((user) => user.id)]);
    const seen: number[] = [];
    let cursor: string | null = null;
    for (let page = 1; page <= 7; page++) {
      const query: string = `page=${page}&pageSize=5${cursor ? `&cursor=${cursor}` : ''}`;
      const answer: TeamPage = (await downstream(leaderCookie, member.id, query)).json();
      const byOffset: TeamPage = (await downstream(leaderCookie, member.id, `page=${page}&pageSize=5`)).json();
      expect(ids(answer)).toEqual(ids(byOffset));
      expect(answer.pagination).toMatchObject({
        page,
        totalCount: 31,
        filteredCount: 31,
        totalPages: 7,
        hasPrevPage: page > 1,
        hasNextPage: page < 7,
        startRecord: (page - 1) * 5 + 1,
        endRecord: Math.min(page * 5, 31),
      });
      seen.push(...ids(answer));
      cursor = answer.pagination.nextCursor;
    }
    expect(seen).toEqual(everyone);
    expect(cursor).toBeNull();
  });

  it('keeps a cursor within reach: a page read by key still answers only the leader’s downstream', async () => {
    const first: TeamPage = (await downstream(leaderCookie, member.id, 'pageSize=5')).json();
    // The same cursor on another branch is not this list's cursor: it is ignored, not obeyed.
    const other = await downstream(
      leaderCookie,
      otherLeader.id,
      `page=2&pageSize=5&cursor=${first.pagination.nextCursor}`,
    );
    expect(other.statusCode).toBe(403);
    const garbage: TeamPage = (await downstream(leaderCookie, member.id, 'page=2&pageSize=5&cursor=xyz')).json();
    expect(garbage.data).toHaveLength(5);
  });

  it('pages a search by key too', async () => {
    const first: TeamPage = (await downstream(leaderCookie, leader.id, 'search=crowd&pageSize=20')).json();
    expect(first.pagination).toMatchObject({ filteredCount: 30, totalCount: 35, totalPages: 2, hasNextPage: true });
    const second: TeamPage = (
      await downstream(leaderCookie, leader.id, `search=crowd&pageSize=20&page=2&cursor=${first.pagination.nextCursor}`)
    ).json();
    expect(second.pagination).toMatchObject({ startRecord: 21, endRecord: 30, hasNextPage: false });
    expect(sorted([...ids(first), ...ids(second)])).toEqual(sorted(crowd.map((user) => user.id)));
  });
});

describe('GET /api/teams/dealers/{dealerId} (dealer detail)', () => {
  it('summarises a dealer in reach with their counts', async () => {
    const response = await get(leaderCookie, `/api/teams/dealers/${member.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: member.id,
      zCode: `Z-${member.id}`,
      parent: { id: leader.id, name: 'Lwazi Leader' },
      directCount: 31,
      downstreamCount: 31,
    });
    const own = (await get(leaderCookie, `/api/teams/dealers/${leader.id}`)).json();
    expect(own).toMatchObject({ directCount: 4, downstreamCount: 35 });
    expect((await get(leaderCookie, `/api/teams/dealers/${outsider.id}`)).statusCode).toBe(403);
  });
});

/** Until a statement waits on a lock in this database (the request has read its snapshot). */
describe('POST /api/teams/bulk-status', () => {
  const bulk = (cookie: string, payload: object) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/teams/bulk-status',
      headers: { cookie, origin: TEST_ORIGIN },
      payload,
    });

  it('refuses more than 500 rows', async () => {
    const userIds = Array.from({ length: 501 }, (_, i) => i + 1);
    const response = await bulk(adminCookie, { action: 'deactivate', userIds });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe('Maximum of 500 rows selectable.');
  });

  it('is for admins with Users Management only', async () => {
    expect((await bulk(leaderCookie, { action: 'deactivate', userIds: [member.id] })).statusCode).toBe(403);
    expect((await bulk(agentCookie, { action: 'deactivate', userIds: [member.id] })).statusCode).toBe(403);
    expect((await bulk(adminWithoutFlagCookie, { action: 'deactivate', userIds: [member.id] })).statusCode).toBe(403);
    const { rows } = await ctx.db.$client.query(
      'SELECT refs_user_lifecycle_status_id AS s FROM users_master WHERE id = $1',
      [member.id],
    );
    expect(rows[0].s).toBe(2);
  });

  it('changes the rows in the right status in one go, with an audit row for each', async () => {
    const targets = crowd.slice(0, 3).map((user) => user.id);
    const response = await bulk(adminCookie, {
      action: 'deactivate',
      userIds: [...targets, inactive.id, admin.id, targets[0]],
      currentPassword: PASSWORD,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      updated: targets,
      skipped: expect.arrayContaining([
        { id: inactive.id, reason: 'wrong_status' },
        { id: admin.id, reason: 'self' },
      ]),
    });
    const { rows } = await ctx.db.$client.query(
      `SELECT id, refs_user_lifecycle_status_id AS s, last_updated_by FROM users_master WHERE id = ANY($1) ORDER BY id`,
      [targets],
    );
    expect(rows.map((row) => [row.s, row.last_updated_by])).toEqual(targets.map(() => [3, admin.id]));
    const audits = await ctx.db.$client.query(
      `SELECT entity_id, action, actor_user_id, before, after, request_id FROM audit_log
        WHERE entity = 'users_master' AND entity_id = ANY($1) ORDER BY entity_id::int`,
      [targets.map(String)],
    );
    expect(audits.rows).toHaveLength(3);
    for (const audit of audits.rows) {
      expect(audit).toMatchObject({
        action: 'user.status.bulk_deactivate',
        actor_user_id: admin.id,
        before: { refsUserLifecycleStatusId: 2 },
        after: { refsUserLifecycleStatusId: 3 },
      });
      expect(audit.request_id).toBeTruthy();
    }

    const back = await bulk(adminCookie, { action: 'reactivate', userIds: targets, currentPassword: PASSWORD });
    expect(back.json()).toEqual({ updated: targets, skipped: [] });
  });

  it('refuses, changing nothing, when the selection holds an admin with a flag the caller lacks', async () => {
    const commissionsAdmin = await createUser(ctx.db, { isAdmin: true, withoutLogin: true });
    await grantFeatures(ctx.db, commissionsAdmin.id, ['Users Management', 'Commissions']);
    const response = await bulk(adminCookie, {
      action: 'deactivate',
      userIds: [crowd[6]!.id, commissionsAdmin.id],
      currentPassword: PASSWORD,
    });
    expect(response.statusCode).toBe(403);
    const { rows } = await ctx.db.$client.query(
      'SELECT refs_user_lifecycle_status_id AS s FROM users_master WHERE id = ANY($1) ORDER BY id',
      [[crowd[6]!.id, commissionsAdmin.id]],
    );
    expect(rows.map((row) => row.s)).toEqual([2, 2]);
    // The single action refuses it too.
    const single = await ctx.app.inject({
      method: 'POST',
      url: `/api/people/${commissionsAdmin.id}/status`,
      headers: { cookie: adminCookie, origin: TEST_ORIGIN },
      payload: { action: 'deactivate', currentPassword: PASSWORD },
    });
    expect(single.statusCode).toBe(403);
  });

  it('sees a flag granted while it waited for the row, and refuses (decision 074)', async () => {
    const otherAdmin = await createUser(ctx.db, { isAdmin: true, withoutLogin: true });
    await grantFeatures(ctx.db, otherAdmin.id, ['Users Management']);
    // Another admin grants Commissions (a flag the caller lacks) in a transaction held open: its
    // insert holds the target's row (the foreign key), so the bulk change waits for it to commit.
    const { release, done: grant } = holdOpen(ctx.db, (tx) => grantFeatures(tx, otherAdmin.id, ['Commissions']));
    try {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const response = bulk(adminCookie, { action: 'deactivate', userIds: [otherAdmin.id], currentPassword: PASSWORD });
      await untilLockWaiters(ctx.db);
      release();
      await grant;
      expect((await response).statusCode).toBe(403);
    } finally {
      release();
    }
    const { rows } = await ctx.db.$client.query(
      'SELECT refs_user_lifecycle_status_id AS s FROM users_master WHERE id = $1',
      [otherAdmin.id],
    );
    expect(rows[0].s).toBe(2);
  });

  it('changes nothing when a selected user does not exist', async () => {
    const response = await bulk(adminCookie, { action: 'deactivate', userIds: [crowd[5]!.id, 99_999_999] });
    expect(response.statusCode).toBe(404);
    expect(response.json().detail).toBe('Dealer with ID 99999999 not found');
    const { rows } = await ctx.db.$client.query(
      'SELECT refs_user_lifecycle_status_id AS s FROM users_master WHERE id = $1',
      [crowd[5]!.id],
    );
    expect(rows[0].s).toBe(2);
  });

  it('refuses an empty selection', async () => {
    expect((await bulk(adminCookie, { action: 'deactivate', userIds: [] })).statusCode).toBe(400);
  });

  // Decision 076: a status decides whether a leader is paid the leader lines on their branch's
  // sales, so a bulk change needs the acting admin's own password, once per request.
  it("needs the acting admin's password when a selected user would change: none or a wrong one changes nobody", async () => {
    const acting = await createUser(ctx.db, { isAdmin: true, password: PASSWORD });
    await grantFeatures(ctx.db, acting.id, ['Users Management']);
    const cookie = await ctx.signIn(acting.email!, PASSWORD);
    const wrongs = async () => {
      const { rows } = await ctx.db.$client.query(
        'SELECT count(*)::int AS n FROM auth_sign_in_failure WHERE account = $1',
        [`step-up:${acting.authId}`],
      );
      return rows[0].n as number;
    };
    const selected = await Promise.all(
      [true, false].map((isLeader) => createUser(ctx.db, { parentId: leader.id, isLeader, withoutLogin: true })),
    );
    const ids = selected.map((user) => user.id).sort((a, b) => a - b);
    const state = async () => {
      const statuses = await ctx.db.$client.query(
        'SELECT refs_user_lifecycle_status_id AS s FROM users_master WHERE id = ANY($1) ORDER BY id',
        [ids],
      );
      const audits = await ctx.db.$client.query(
        "SELECT count(*)::int AS n FROM audit_log WHERE entity = 'users_master' AND entity_id = ANY($1)",
        [ids.map(String)],
      );
      return { statuses: statuses.rows.map((row) => row.s), audits: audits.rows[0].n };
    };

    const none = await bulk(cookie, { action: 'deactivate', userIds: ids });
    expect(none.statusCode).toBe(403);
    expect(none.json()).toMatchObject({
      code: 'STEP_UP_REQUIRED',
      errors: [{ field: 'currentPassword', message: 'Please enter your current password.' }],
    });
    const wrong = await bulk(cookie, { action: 'deactivate', userIds: ids, currentPassword: 'NotMine99' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({
      code: 'STEP_UP_FAILED',
      errors: [{ field: 'currentPassword', message: 'Your current password is incorrect.' }],
    });
    expect(await state()).toEqual({ statuses: [2, 2], audits: 0 });
    expect(await wrongs()).toBe(1);

    const ok = await bulk(cookie, { action: 'deactivate', userIds: ids, currentPassword: PASSWORD });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ updated: ids, skipped: [] });
    expect(await state()).toEqual({ statuses: [3, 3], audits: 2 });

    // Nobody eligible (all already inactive, or only oneself): nothing changes, nothing is asked.
    const noneEligible = await bulk(cookie, {
      action: 'deactivate',
      userIds: [...ids, acting.id],
      currentPassword: 'NotMine99',
    });
    expect(noneEligible.statusCode).toBe(200);
    expect(noneEligible.json().updated).toEqual([]);
    // Refused by the permission first: no password asked or counted.
    const refused = await bulk(leaderCookie, { action: 'reactivate', userIds: ids });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('FORBIDDEN');
    expect(await wrongs()).toBe(1);
    expect(await state()).toEqual({ statuses: [3, 3], audits: 2 });
  });
});

describe('GET /api/teams/export (all users)', () => {
  it('gives admins every user, deleted ones included, page by page', async () => {
    const { rows } = await ctx.db.$client.query('SELECT count(*)::int AS n FROM users_master');
    const total = rows[0].n as number;
    const seen: number[] = [];
    let cursor: string | null = null;
    let page = 1;
    do {
      const answer = await get(
        adminCookie,
        `/api/teams/export?page=${page}&pageSize=10${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(answer.statusCode).toBe(200);
      const body = answer.json();
      expect(body.pagination.totalCount).toBe(total);
      seen.push(...body.data.map((row: { id: number }) => row.id));
      cursor = body.pagination.nextCursor;
      page += 1;
    } while (cursor);
    expect(seen).toHaveLength(total);
    expect(seen).toContain(deleted.id);
    expect(new Set(seen).size).toBe(total);
  });

  it('answers the columns of the file', async () => {
    const body = (await get(adminCookie, '/api/teams/export?pageSize=1000')).json();
    const row = body.data.find((item: { id: number }) => item.id === member.id);
    expect(row).toMatchObject({
      firstName: 'Thabo',
      surname: 'Nkosi',
      phone: '+27829990001',
      lifecycleStatus: expect.any(String),
      parentId: leader.id,
      parentName: 'Lwazi Leader',
      userType: expect.any(String),
    });
  });

  it('leaves an audit row for every page read, with who read it', async () => {
    await ctx.db.$client.query("DELETE FROM audit_log WHERE action = 'users.export'");
    const response = await get(adminCookie, '/api/teams/export?page=2&pageSize=5');
    expect(response.statusCode).toBe(200);
    const { rows } = await ctx.db.$client.query(
      "SELECT actor_user_id, after, request_id FROM audit_log WHERE action = 'users.export'",
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actor_user_id: admin.id, after: { page: 2, rows: 5 } });
    expect(rows[0].request_id).toBeTruthy();
  });

  it('is for admins only, at most 1000 a page', async () => {
    expect((await get(leaderCookie, '/api/teams/export')).statusCode).toBe(403);
    expect((await get(agentCookie, '/api/teams/export')).statusCode).toBe(403);
    expect((await get(adminCookie, '/api/teams/export?pageSize=1001')).statusCode).toBe(400);
  });
});
