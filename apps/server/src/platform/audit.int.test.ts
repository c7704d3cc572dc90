import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { auditLog, usersMaster } from '../db/schema/index.ts';
import { createUser } from '../db/seed/factories.ts';
import { writeAudit } from './audit.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const request = { id: 'req-audit-0001', ip: '196.25.1.10' };

async function auditRowsFor(entityId: number) {
  return ctx.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.entityId, String(entityId)));
}

describe('writeAudit', () => {
  it('records who changed what, only the changed fields, with the request id and client address', async () => {
    const admin = await createUser(ctx.db, { isAdmin: true });
    const target = await createUser(ctx.db, { city: 'Cape Town' });
    await ctx.db.transaction(async (tx) => {
      const [after] = await tx
        .update(usersMaster)
        .set({ city: 'Durban', isLeader: true, updatedAt: new Date() })
        .where(eq(usersMaster.id, target.id))
        .returning();
      await writeAudit(tx, {
        actor: { userId: admin.id, authId: admin.authId },
        action: 'user.update',
        entity: 'users_master',
        entityId: target.id,
        before: target,
        after,
        request,
      });
    });
    const [row] = await auditRowsFor(target.id);
    expect(row).toMatchObject({
      actorUserId: admin.id,
      actorAuthId: admin.authId,
      action: 'user.update',
      entity: 'users_master',
      entityId: String(target.id),
      before: { city: 'Cape Town', isLeader: false },
      after: { city: 'Durban', isLeader: true },
      requestId: 'req-audit-0001',
      ipAddress: '196.25.1.10',
    });
  });

  it('vanishes with a transaction that rolls back, together with the change', async () => {
    const target = await createUser(ctx.db, { city: 'Cape Town' });
    await expect(
      ctx.db.transaction(async (tx) => {
        await tx.update(usersMaster).set({ city: 'Polokwane' }).where(eq(usersMaster.id, target.id));
        await writeAudit(tx, {
          action: 'user.update',
          entity: 'users_master',
          entityId: target.id,
          before: { city: 'Cape Town' },
          after: { city: 'Polokwane' },
        });
        expect(
          await tx
            .select()
            .from(auditLog)
            .where(eq(auditLog.entityId, String(target.id))),
        ).toHaveLength(1);
        throw new Error('a later step failed');
      }),
    ).rejects.toThrow('a later step failed');
    expect(await auditRowsFor(target.id)).toHaveLength(0);
    const [unchanged] = await ctx.db.select().from(usersMaster).where(eq(usersMaster.id, target.id));
    expect(unchanged!.city).toBe('Cape Town');
  });

  it('takes the actor from the request when none is given, and keeps a created record whole', async () => {
    const actor = await createUser(ctx.db);
    const id = await writeAudit(ctx.db, {
      action: 'note.create',
      entity: 'notes',
      entityId: 'n-1',
      after: { text: 'Called the client', createdAt: new Date('2025-03-01T08:00:00Z'), password: 'x' },
      request: {
        ...request,
        actor: { user: actor, authId: actor.authId!, sessionId: 's', role: 'agent', features: [] },
      },
    });
    const [row] = await ctx.db.select().from(auditLog).where(eq(auditLog.id, id));
    expect(row).toMatchObject({
      actorUserId: actor.id,
      before: null,
      after: { text: 'Called the client', createdAt: '2025-03-01T08:00:00.000Z', password: '[redacted]' },
    });
  });
});
