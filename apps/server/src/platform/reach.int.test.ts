import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { usersMaster } from '../db/schema/index.ts';
import { createUser, type UserRow } from '../db/seed/factories.ts';
import { type Actor, roleOf } from './access.ts';
import { canReach, reachFilter } from './reach.queries.ts';

let ctx: TestContext;
let admin: UserRow;
let leader: UserRow;
let member: UserRow;
let deep: UserRow;
let otherLeader: UserRow;
let outsider: UserRow;

// Admins here hold Users Management: reach is the 'read person' rule of the permissions.
const actorFor = (user: UserRow): Actor => ({
  user,
  authId: '',
  sessionId: '',
  role: roleOf(user),
  features: user.isAdmin ? ['Users Management'] : [],
});

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createUser(ctx.db, { isAdmin: true, withoutLogin: true });
  leader = await createUser(ctx.db, { parentId: admin.id, isLeader: true, withoutLogin: true });
  member = await createUser(ctx.db, { parentId: leader.id, withoutLogin: true });
  deep = await createUser(ctx.db, { parentId: member.id, withoutLogin: true });
  otherLeader = await createUser(ctx.db, { parentId: admin.id, isLeader: true, withoutLogin: true });
  outsider = await createUser(ctx.db, { parentId: otherLeader.id, withoutLogin: true });
});
afterAll(() => ctx?.close());

describe('hierarchy reach', () => {
  it('lets an admin reach everyone', async () => {
    for (const user of [leader, deep, outsider]) expect(await canReach(ctx.db, actorFor(admin), user.id)).toBe(true);
  });

  it('lets a leader reach themself and their whole downstream, not another branch', async () => {
    expect(await canReach(ctx.db, actorFor(leader), leader.id)).toBe(true);
    expect(await canReach(ctx.db, actorFor(leader), deep.id)).toBe(true);
    expect(await canReach(ctx.db, actorFor(leader), outsider.id)).toBe(false);
    expect(await canReach(ctx.db, actorFor(leader), admin.id)).toBe(false);
  });

  it('lets an agent reach only themself', async () => {
    expect(await canReach(ctx.db, actorFor(member), member.id)).toBe(true);
    expect(await canReach(ctx.db, actorFor(member), deep.id)).toBe(false);
  });

  it('filters a list to the leader downstream', async () => {
    const rows = await ctx.db
      .select({ id: usersMaster.id })
      .from(usersMaster)
      .where(reachFilter(actorFor(leader), usersMaster.id));
    expect(rows.map((r) => r.id).sort((a, b) => a - b)).toEqual([leader.id, member.id, deep.id].sort((a, b) => a - b));
    const own = await ctx.db
      .select({ id: usersMaster.id })
      .from(usersMaster)
      .where(reachFilter(actorFor(member), usersMaster.id));
    expect(own).toEqual([{ id: member.id }]);
    expect(
      await ctx.db.select({ id: usersMaster.id }).from(usersMaster).where(eq(usersMaster.id, outsider.id)),
    ).toHaveLength(1);
  });
});
