import { ProblemDetails } from '@portal/domain/platform/problem';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_ORIGIN, type TestContext } from '../../test/test-app.ts';
import { createUser } from '../db/seed/factories.ts';

// The request limits per client address (platform/rate-limits.ts): one test per limited family.

const LIMIT = 3;
let ctx: TestContext;
let cookie: string;
beforeAll(async () => {
  ctx = await createTestContext({
    RATE_LIMIT_SIGN_IN_PER_MINUTE: String(LIMIT),
    RATE_LIMIT_CODES_PER_HOUR: String(LIMIT),
    RATE_LIMIT_AVAILABILITY_PER_MINUTE: String(LIMIT),
    RATE_LIMIT_UPLOADS_PER_MINUTE: String(LIMIT),
    RATE_LIMIT_EXPORTS_PER_HOUR: String(LIMIT),
    RATE_LIMIT_PASSWORD_CHANGES_PER_HOUR: String(LIMIT),
    RATE_LIMIT_NEW_TICKETS_PER_HOUR: String(LIMIT),
  });
  const user = await createUser(ctx.db, { password: 'Secret123', isAdmin: true });
  cookie = await ctx.signIn(user.email!, 'Secret123');
});
afterAll(() => ctx?.close());

let address = 10;
/** Each test from its own client address, so the buckets of one never touch another's. */
const nextAddress = () => `10.0.0.${address++}`;

async function expectLimited(request: InjectOptions, options: { remoteAddress: string; label: string }) {
  for (let i = 0; i < LIMIT; i++) {
    const response = await ctx.app.inject({ ...request, remoteAddress: options.remoteAddress });
    expect(response.statusCode, `${options.label} #${i + 1}: ${response.body}`).not.toBe(429);
  }
  const refused = await ctx.app.inject({ ...request, remoteAddress: options.remoteAddress });
  expect(refused.statusCode, options.label).toBe(429);
  const body = ProblemDetails.parse(refused.json());
  expect(body).toMatchObject({ status: 429, code: 'TOO_MANY_REQUESTS', title: 'Too Many Requests' });
  expect(body.detail).toMatch(/^Too many requests\. Try again in \d+ minutes?\.$/);
  expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  expect(body.retryAfterSeconds).toBe(Number(refused.headers['retry-after']));
  // Another address is not affected.
  const other = await ctx.app.inject({ ...request, remoteAddress: nextAddress() });
  expect(other.statusCode, `${options.label} from another address`).not.toBe(429);
  return refused;
}

describe('request limits per client address', () => {
  it('sign-in by e-mail and by phone', async () => {
    await expectLimited(
      {
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: TEST_ORIGIN },
        payload: { email: 'nobody@example.test', password: 'wrong-password' },
      },
      { remoteAddress: nextAddress(), label: 'e-mail sign-in' },
    );
    // Pin tries share the sign-in limit of their address.
    const remoteAddress = nextAddress();
    const email = {
      method: 'POST' as const,
      url: '/api/auth/sign-in/email',
      remoteAddress,
      headers: { origin: TEST_ORIGIN },
      payload: { email: 'nobody@example.test', password: 'wrong-password' },
    };
    for (let i = 0; i < LIMIT - 1; i++) expect((await ctx.app.inject(email)).statusCode).toBe(401);
    const pin = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/phone-sign-in/verify',
      remoteAddress,
      headers: { origin: TEST_ORIGIN },
      payload: { phone: '0820000999', code: '123456' },
    });
    expect(pin.statusCode).toBe(400);
    expect((await ctx.app.inject(email)).statusCode).toBe(429);
  });

  it('one-time pins and verification e-mails sent', async () => {
    await expectLimited(
      {
        method: 'POST',
        url: '/api/auth/phone-sign-in/send-code',
        headers: { origin: TEST_ORIGIN },
        payload: { phone: '0820000999' },
      },
      { remoteAddress: nextAddress(), label: 'send-code' },
    );
  });

  it('contact availability checks', async () => {
    await expectLimited(
      { method: 'GET', url: '/api/profile/contact-availability?email=someone@example.test', headers: { cookie } },
      { remoteAddress: nextAddress(), label: 'availability' },
    );
  });

  it('uploads', async () => {
    await expectLimited(
      { method: 'POST', url: '/api/files', headers: { cookie, origin: TEST_ORIGIN }, payload: {} },
      { remoteAddress: nextAddress(), label: 'upload' },
    );
  });

  it('new tickets (each e-mails the supplier’s contacts), both kinds in one count; their threads stay open', async () => {
    const remoteAddress = nextAddress();
    const create = (kind: string) =>
      ({ method: 'POST', url: `/api/tickets/${kind}`, headers: { cookie, origin: TEST_ORIGIN }, payload: {} }) as const;
    expect((await ctx.app.inject({ ...create('agent_support'), remoteAddress })).statusCode).not.toBe(429);
    await expectLimited(create('sales_assist'), { remoteAddress: nextAddress(), label: 'new lead' });
    const shared = nextAddress();
    for (let i = 0; i < LIMIT; i++) await ctx.app.inject({ ...create('sales_assist'), remoteAddress: shared });
    expect((await ctx.app.inject({ ...create('agent_support'), remoteAddress: shared })).statusCode).toBe(429);
    // A message on a ticket is not a new ticket.
    const message = await ctx.app.inject({
      method: 'POST',
      url: '/api/tickets/agent_support/1/activity',
      headers: { cookie, origin: TEST_ORIGIN },
      payload: { text: 'Hello' },
      remoteAddress: shared,
    });
    expect(message.statusCode).not.toBe(429);
  });

  it('exports: counted when one starts, its later pages are free', async () => {
    const remoteAddress = nextAddress();
    for (let i = 0; i < LIMIT + 2; i++) {
      const page = await ctx.app.inject({
        method: 'GET',
        url: '/api/teams/export?page=2&cursor=abc',
        remoteAddress,
        headers: { cookie },
      });
      expect(page.statusCode).not.toBe(429);
    }
    await expectLimited(
      { method: 'GET', url: '/api/teams/export', headers: { cookie } },
      { remoteAddress, label: 'export' },
    );
  });

  it("exports streamed whole: the 'Agent Report' CSV and a supplier's agent list", async () => {
    // Counted before any handler runs, whatever the answer (here refused: no such supplier).
    await expectLimited(
      { method: 'GET', url: '/api/orders/report/export?supplierId=999999', headers: { cookie } },
      { remoteAddress: nextAddress(), label: 'agent report' },
    );
    await expectLimited(
      { method: 'GET', url: '/api/imports/sadv-agents/suppliers/999999/export?view=matched', headers: { cookie } },
      { remoteAddress: nextAddress(), label: 'agent list' },
    );
  });

  it('own password changes', async () => {
    await expectLimited(
      {
        method: 'POST',
        url: '/api/accounts/password',
        headers: { cookie, origin: TEST_ORIGIN },
        payload: { newPassword: 'x' },
      },
      { remoteAddress: nextAddress(), label: 'password' },
    );
  });

  it('leaves other routes alone', async () => {
    const remoteAddress = nextAddress();
    for (let i = 0; i < LIMIT * 3; i++) {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/me', remoteAddress, headers: { cookie } });
      expect(response.statusCode).toBe(200);
    }
  });
});
