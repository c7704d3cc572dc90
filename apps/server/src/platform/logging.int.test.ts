import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_ORIGIN, type TestContext } from '../../test/test-app.ts';
import { createUser } from '../db/seed/factories.ts';
import { redactUrl } from './logging.ts';

// The request log carries no tokens and no personal data: an app logging at info into memory gets
// requests with planted secrets, and the captured log is searched for them.

const PLANTED = {
  resetToken: 'PlantedResetToken0123456789',
  queryToken: 'PlantedQueryToken42',
  signInEmail: 'planted.person@example.test',
  signInPassword: 'Planted-Password-123!',
  newPassword: 'Planted-New-Pass-789',
  queryPhone: '0829876543',
  queryEmail: 'planted.query@example.test',
  pin: '135791',
  pinPhone: '+27829876000',
  idNumber: '8001015009087',
  bankAccount: '62938475610',
  errorParam: 'PlantedErrorParam0821112222',
  // A contract's signing link: whoever holds it signs in the dealer's name (decision 034).
  signToken: 'PlantedSignToken_0123456789abcdefghijklmnop',
};

let ctx: TestContext;
let app: FastifyInstance;
const lines: string[] = [];
let cookie: string;

beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  ctx = await createTestContext(
    { LOG_LEVEL: 'info' },
    {
      logStream: stream,
      extend(app) {
        // A failing query as Drizzle reports it: the parameters are in the message.
        app.get('/api/test-failed-query', async () => {
          throw new Error(`Failed query: select * from users_master where phone = $1\nparams: ${PLANTED.errorParam}`);
        });
      },
    },
  );
  app = ctx.app;
  const user = await createUser(ctx.db, { password: 'Secret123', isAdmin: true });
  cookie = await ctx.signIn(user.email!, 'Secret123');
});
afterAll(() => ctx?.close());

describe('log redaction', () => {
  it('keeps planted tokens, passwords, pins, phones, e-mails and ID numbers out of the log', async () => {
    const json = { origin: TEST_ORIGIN };
    await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: json,
      payload: { email: PLANTED.signInEmail, password: PLANTED.signInPassword },
    });
    await app.inject({
      method: 'GET',
      url: `/api/auth/reset-password/${PLANTED.resetToken}?callbackURL=%2Freset-password`,
    });
    await app.inject({ method: 'GET', url: `/api/auth/reset-password?token=${PLANTED.resetToken}` });
    await app.inject({ method: 'GET', url: `/api/nothing?token=${PLANTED.queryToken}&page=2` });
    await app.inject({
      method: 'GET',
      url: `/api/profile/contact-availability?phone=${PLANTED.queryPhone}&email=${encodeURIComponent(PLANTED.queryEmail)}`,
      headers: { cookie },
    });
    await app.inject({ method: 'GET', url: `/api/teams/dealers?search=${PLANTED.queryPhone}`, headers: { cookie } });
    await app.inject({
      method: 'GET',
      url: `/api/people/availability?identificationNo=${PLANTED.idNumber}`,
      headers: { cookie },
    });
    await app.inject({
      method: 'POST',
      url: '/api/accounts/password',
      headers: { ...json, cookie },
      payload: { newPassword: PLANTED.newPassword },
    });
    await app.inject({
      method: 'POST',
      url: '/api/auth/phone-sign-in/verify',
      headers: json,
      payload: { phone: PLANTED.pinPhone, code: PLANTED.pin },
    });
    await app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: { ...json, cookie },
      payload: { bankAccountNumber: PLANTED.bankAccount, identificationNo: PLANTED.idNumber },
    });
    for (const url of [
      `/api/sign-contract/${PLANTED.signToken}`,
      `/api/sign-contract/${PLANTED.signToken}/document.pdf`,
      `/sign-contract/${PLANTED.signToken}`,
    ]) {
      await app.inject({ method: 'GET', url });
    }
    await app.inject({
      method: 'POST',
      url: `/api/sign-contract/${PLANTED.signToken}/sign`,
      headers: json,
      payload: { name: 'Someone Else', consent: true },
    });
    const failed = await app.inject({ method: 'GET', url: '/api/test-failed-query' });
    expect(failed.statusCode).toBe(500);

    const log = lines.join('');
    // The log is there, with the requests in it.
    expect(log).toContain('incoming request');
    expect(log).toContain('/api/auth/reset-password/[redacted]');
    expect(log).toContain('search=[redacted]');
    expect(log).toContain('/api/sign-contract/[redacted]/sign');
    expect(log).toContain('page=2');
    expect(log).toContain('params: [redacted]');
    for (const [name, secret] of Object.entries(PLANTED)) {
      expect(log.includes(secret), `${name} in the log`).toBe(false);
      expect(log.includes(encodeURIComponent(secret)), `${name} (URL-encoded) in the log`).toBe(false);
    }
    expect(log).not.toMatch(/session_token=/);
  });

  it('redacts sensitive query values by name and over-long ones, keeps the rest', () => {
    expect(redactUrl('/api/x?verificationId=abc&page=3&pageSize=50')).toBe(
      '/api/x?verificationId=[redacted]&page=3&pageSize=50',
    );
    expect(redactUrl(`/api/x?note=${'a'.repeat(80)}`)).toBe('/api/x?note=[redacted]');
    expect(redactUrl('/api/people/12')).toBe('/api/people/12');
    expect(redactUrl('/sign-contract/abc_DEF-123')).toBe('/sign-contract/[redacted]');
    expect(redactUrl('/api/sign-contract/abc_DEF-123/document.pdf?x=1')).toBe(
      '/api/sign-contract/[redacted]/document.pdf?x=1',
    );
  });
});
