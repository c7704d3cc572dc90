import { OUTBOX_COUNT_CAP } from '@portal/domain/outbox/outbox';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import { outboxMessages } from '../../db/schema/index.ts';
import { createUser, grantFeatures } from '../../db/seed/factories.ts';
import type { Jobs } from '../../platform/jobs.ts';
import { createOutbox, type Delivery, MASKED_SECRET } from '../../platform/outbox.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

describe('GET /api/outbox', () => {
  it('lists what the outbox transport sent, newest first, to admins only', async () => {
    const admin = await createUser(ctx.db, { isAdmin: true, password: 'Secret123' });
    await grantFeatures(ctx.db, admin.id, ['Outbox']);
    const agent = await createUser(ctx.db, { password: 'Secret123' });
    const { mailer: mail, sms } = ctx.services;
    await mail.send({ to: 'first@example.test', subject: 'First', text: 'one' });
    await sms.send({ to: '+27820000009', text: 'Your code is 123456' });

    const adminCookie = await ctx.signIn(admin.email!, 'Secret123');
    const page = (
      await ctx.app.inject({ method: 'GET', url: '/api/outbox?pageSize=10', headers: { cookie: adminCookie } })
    ).json();
    expect(page.total).toBe(2);
    expect(page.items.map((m: { channel: string; recipient: string }) => [m.channel, m.recipient])).toEqual([
      ['sms', '+27820000009'],
      ['email', 'first@example.test'],
    ]);
    expect(page.items[0].body).toBe('Your code is 123456');
    expect(page.items[0]).toMatchObject({ status: 'sent', attempts: 1, lastError: null, transport: 'outbox' });
    expect(page.items[0]).not.toHaveProperty('pending');

    const onlySms = (
      await ctx.app.inject({ method: 'GET', url: '/api/outbox?channel=sms', headers: { cookie: adminCookie } })
    ).json();
    expect(onlySms.total).toBe(1);

    const agentCookie = await ctx.signIn(agent.email!, 'Secret123');
    const refused = await ctx.app.inject({ method: 'GET', url: '/api/outbox', headers: { cookie: agentCookie } });
    expect(refused.statusCode).toBe(403);
  });

  it('refuses an admin with the Outbox flag once marked inactive or deleted, on the session they still hold', async () => {
    for (const status of [3, 4]) {
      const leaver = await createUser(ctx.db, { isAdmin: true, password: 'Secret123' });
      await grantFeatures(ctx.db, leaver.id, ['Outbox']);
      const cookie = await ctx.signIn(leaver.email!, 'Secret123');
      await ctx.db.$client.query('UPDATE users_master SET refs_user_lifecycle_status_id = $1 WHERE id = $2', [
        status,
        leaver.id,
      ]);
      // The outbox transport keeps sign-in codes readable there: a leaver must not read them.
      const response = await ctx.app.inject({ method: 'GET', url: '/api/outbox', headers: { cookie } });
      expect(response.statusCode).toBe(403);
    }
  });

  it('counts matches only up to the cap, and says when there are more', async () => {
    const admin = await createUser(ctx.db, { isAdmin: true, password: 'Secret123' });
    await grantFeatures(ctx.db, admin.id, ['Outbox']);
    const cookie = await ctx.signIn(admin.email!, 'Secret123');
    await ctx.db.execute(sql`
      insert into outbox_messages (channel, recipient, body, status, transport, attempts)
      select 'sms', '+2783' || lpad(n::text, 7, '0'), 'Crowd', 'sent', 'outbox', 1
        from generate_series(1, ${OUTBOX_COUNT_CAP + 5}) as n`);

    const all = (await ctx.app.inject({ method: 'GET', url: '/api/outbox?pageSize=5', headers: { cookie } })).json();
    expect(all).toMatchObject({ total: OUTBOX_COUNT_CAP, totalIsAtLeast: true });
    expect(all.items).toHaveLength(5);

    const few = (
      await ctx.app.inject({ method: 'GET', url: '/api/outbox?recipient=83000000', headers: { cookie } })
    ).json();
    // +27830000001 … +27830000009: nine numbers, counted exactly.
    expect(few).toMatchObject({ total: 9, totalIsAtLeast: false });
    await ctx.db.execute(sql`delete from outbox_messages where body = 'Crowd'`);
  });

  it('answers a bad query with a 400 naming the field', async () => {
    const admin = await createUser(ctx.db, { isAdmin: true, password: 'Secret123' });
    await grantFeatures(ctx.db, admin.id, ['Outbox']);
    const cookie = await ctx.signIn(admin.email!, 'Secret123');
    const response = await ctx.app.inject({ method: 'GET', url: '/api/outbox?pageSize=5000', headers: { cookie } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ field: 'pageSize' }] });
  });
});

describe('GET /api/health', () => {
  it('answers 200 after a database round trip', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok', database: 'ok' });
  });
});

describe('delivery through a real transport', () => {
  // The worker's part is called directly; pg-boss's retries are covered by the production-mode test.
  const enqueuedMany: Array<{ queue: string; data: readonly object[] }> = [];
  const jobs = {
    define() {},
    enqueueWithin: async () => 'job',
    enqueueManyWithin: async (_executor: unknown, queue: string, data: readonly object[]) => {
      enqueuedMany.push({ queue, data });
      return data.map(() => 'job');
    },
    wake() {},
  } as unknown as Jobs;
  const link = 'http://localhost:3000/reset-password?token=abc123';

  function outboxWith(deliver: (message: Delivery) => Promise<void>) {
    return createOutbox({
      db: ctx.db,
      jobs,
      transports: { email: { name: 'smtp', deliver } },
      retry: { limit: 1, delaySeconds: 30 },
    });
  }

  async function row(id: number) {
    const [found] = await ctx.db.select().from(outboxMessages).where(eq(outboxMessages.id, id));
    return found!;
  }

  it('queues a batch in one go: every message its own masked row and delivery job, the rest sent by the outbox', async () => {
    const outbox = outboxWith(async () => {});
    const written = await outbox.postMany([
      { channel: 'email', recipient: 'many1@example.test', subject: 'Many', text: `Use ${link}`, secrets: [link] },
      { channel: 'email', recipient: 'many2@example.test', subject: 'Many', text: 'Hello' },
      { channel: 'sms', recipient: '+27820000777', text: 'Many by SMS' },
    ]);
    expect(written).toBe(3);
    const rows = await ctx.db
      .select()
      .from(outboxMessages)
      .where(sql`${outboxMessages.recipient} in ('many1@example.test', 'many2@example.test', '+27820000777')`)
      .orderBy(outboxMessages.recipient);
    expect(rows.map((row) => [row.recipient, row.status, row.transport, row.body])).toEqual([
      // No SMS transport here: the row is the delivery, as with post.
      ['+27820000777', 'sent', 'outbox', 'Many by SMS'],
      ['many1@example.test', 'queued', 'smtp', `Use ${MASKED_SECRET}`],
      ['many2@example.test', 'queued', 'smtp', 'Hello'],
    ]);
    expect(rows[1]!.pending).toEqual({ text: `Use ${link}`, html: null });
    // The two queued messages' delivery jobs, in one call.
    expect(enqueuedMany).toEqual([{ queue: 'outbox.deliver', data: [{ id: rows[1]!.id }, { id: rows[2]!.id }] }]);
  });

  it('queues the message masked, keeps the secret only until sent, and records each attempt', async () => {
    const sent: Delivery[] = [];
    let fail = true;
    const outbox = outboxWith(async (message) => {
      if (fail) throw new Error('451 try again later');
      sent.push(message);
    });
    const id = await outbox.post({
      channel: 'email',
      recipient: 'reset@example.test',
      subject: 'Reset',
      text: `Use ${link}`,
      secrets: [link],
    });
    expect(await row(id)).toMatchObject({
      status: 'queued',
      attempts: 0,
      body: `Use ${MASKED_SECRET}`,
      pending: { text: `Use ${link}` },
    });

    await expect(outbox.deliver(id, 0)).rejects.toThrow(/451/);
    const retrying = await row(id);
    expect(retrying).toMatchObject({ status: 'queued', attempts: 1, lastError: '451 try again later' });
    expect(retrying.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now());

    fail = false;
    await outbox.deliver(id, 1);
    expect(sent.map((message) => message.text)).toEqual([`Use ${link}`]);
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 2, pending: null, body: `Use ${MASKED_SECRET}` });
    // A second run of the same job (a retry after a lost acknowledgement) sends nothing more.
    await outbox.deliver(id, 1);
    expect(sent).toHaveLength(1);
  });

  it('gives up after the last retry, keeps the error and drops the secret', async () => {
    const outbox = outboxWith(async () => {
      throw new Error('connection refused');
    });
    const id = await outbox.post({
      channel: 'email',
      recipient: 'x@example.test',
      text: `Go ${link}`,
      secrets: [link],
    });
    await expect(outbox.deliver(id, 0)).rejects.toThrow();
    await expect(outbox.deliver(id, 1)).rejects.toThrow();
    expect(await row(id)).toMatchObject({
      status: 'failed',
      attempts: 2,
      lastError: 'connection refused',
      pending: null,
      nextAttemptAt: null,
    });
  });

  it("writes nothing when the caller's transaction rolls back", async () => {
    const outbox = outboxWith(async () => {});
    await expect(
      ctx.db.transaction(async (tx) => {
        await outbox.post({ channel: 'email', recipient: 'rolled-back@example.test', text: 'never' }, tx);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const rows = await ctx.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, 'rolled-back@example.test'));
    expect(rows).toEqual([]);
  });
});
