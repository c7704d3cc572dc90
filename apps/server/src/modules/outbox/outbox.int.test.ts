import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import { createUser, grantFeatures } from '../../db/seed/factories.ts';

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
    const mail = (await import('../../platform/mail.ts')).createMailer(ctx.settings, ctx.db);
    const sms = (await import('../../platform/sms.ts')).createSmsSender(ctx.settings, ctx.db);
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

    const onlySms = (
      await ctx.app.inject({ method: 'GET', url: '/api/outbox?channel=sms', headers: { cookie: adminCookie } })
    ).json();
    expect(onlySms.total).toBe(1);

    const agentCookie = await ctx.signIn(agent.email!, 'Secret123');
    const refused = await ctx.app.inject({ method: 'GET', url: '/api/outbox', headers: { cookie: agentCookie } });
    expect(refused.statusCode).toBe(403);
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
