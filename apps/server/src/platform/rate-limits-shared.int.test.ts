import { tooManyRequestsMessage } from '@portal/domain/accounts/limits';
import { ProblemDetails } from '@portal/domain/platform/problem';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSecondInstance, createTestContext, TEST_ORIGIN, type TestContext } from '../../test/test-app.ts';
import { MINUTE, SECOND } from './clock.ts';
import { pruneRequestCounters } from './rate-limits.queries.ts';

// The request limits counted in PostgreSQL (decision 079): two instances of the app over one
// database, as behind a load balancer, share each family's count per client address.

const LIMIT = 3;
let ctx: TestContext;
let a: FastifyInstance;
let second: Awaited<ReturnType<typeof createSecondInstance>>;
let b: FastifyInstance;
beforeAll(async () => {
  ctx = await createTestContext({
    RATE_LIMIT_SIGN_IN_PER_MINUTE: String(LIMIT),
    RATE_LIMIT_CODES_PER_HOUR: String(LIMIT),
  });
  a = ctx.app;
  second = await createSecondInstance(ctx);
  b = second.app;
});
afterAll(async () => {
  await second?.close();
  await ctx?.close();
});

let address = 10;
const nextAddress = () => `10.1.0.${address++}`;

let attempt = 0;
const signIn = (remoteAddress: string): InjectOptions => ({
  method: 'POST',
  url: '/api/auth/sign-in/email',
  remoteAddress,
  headers: { origin: TEST_ORIGIN },
  // One e-mail per try: the account-level limit of failed sign-ins (sign-in-limits.ts) stays out of it.
  payload: { email: `nobody-${attempt++}@example.test`, password: 'wrong-password' },
});
const sendCode = (remoteAddress: string): InjectOptions => ({
  method: 'POST',
  url: '/api/auth/phone-sign-in/send-code',
  remoteAddress,
  headers: { origin: TEST_ORIGIN },
  payload: { phone: '0820000999' },
});

async function countOf(family: string, key: string): Promise<number | undefined> {
  const result = await ctx.db.execute<{ count: number }>(
    sql`select count from request_limit_counters where family = ${family} and key = ${key}`,
  );
  return result.rows[0]?.count;
}

function expectRefused(response: Awaited<ReturnType<FastifyInstance['inject']>>, windowSeconds = 60) {
  expect(response.statusCode, response.body).toBe(429);
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
  const body = ProblemDetails.parse(response.json());
  expect(body).toMatchObject({ status: 429, code: 'TOO_MANY_REQUESTS', detail: tooManyRequestsMessage(retryAfter) });
  expect(body.retryAfterSeconds).toBe(retryAfter);
}

describe('request limits shared by the instances', () => {
  it('counts requests split across two instances against one limit', async () => {
    const remoteAddress = nextAddress();
    for (let i = 0; i < LIMIT; i++) {
      const response = await (i % 2 ? b : a).inject(signIn(remoteAddress));
      expect(response.statusCode, `#${i + 1} on ${i % 2 ? 'b' : 'a'}`).toBe(401);
    }
    expectRefused(await (LIMIT % 2 ? b : a).inject(signIn(remoteAddress)));
    expectRefused(await (LIMIT % 2 ? a : b).inject(signIn(remoteAddress)));
    // Another address is not affected, on either instance.
    expect((await a.inject(signIn(nextAddress()))).statusCode).toBe(401);
    expect((await b.inject(signIn(nextAddress()))).statusCode).toBe(401);
  });

  it('lets exactly the limit through when both instances are hit at once', async () => {
    const remoteAddress = nextAddress();
    const responses = await Promise.all(
      Array.from({ length: LIMIT * 3 }, (_, i) => (i % 2 ? b : a).inject(signIn(remoteAddress))),
    );
    expect(responses.filter((response) => response.statusCode !== 429)).toHaveLength(LIMIT);
    expect(responses.filter((response) => response.statusCode === 429)).toHaveLength(LIMIT * 2);
  });

  it('keeps the families apart', async () => {
    const remoteAddress = nextAddress();
    for (let i = 0; i < LIMIT; i++) await (i % 2 ? b : a).inject(signIn(remoteAddress));
    expectRefused(await a.inject(signIn(remoteAddress)));
    // Sending codes from the same address has its own count, shared too.
    for (let i = 0; i < LIMIT; i++) {
      const response = await (i % 2 ? a : b).inject(sendCode(remoteAddress));
      expect(response.statusCode, response.body).not.toBe(429);
    }
    expectRefused(await b.inject(sendCode(remoteAddress)), 3600);
    expect(await countOf('signIn', remoteAddress)).toBe(LIMIT + 1);
    expect(await countOf('codes', remoteAddress)).toBe(LIMIT + 1);
  });

  it('starts a new window when the old one has ended', async () => {
    const remoteAddress = nextAddress();
    for (let i = 0; i < LIMIT; i++) await (i % 2 ? b : a).inject(signIn(remoteAddress));
    expectRefused(await a.inject(signIn(remoteAddress)));
    expectRefused(await b.inject(signIn(remoteAddress)));
    // A minute passes: for the database's window and for the instances' memory of the refusal.
    await ctx.db.execute(
      sql`update request_limit_counters set expires_at = now() - interval '1 second' where key = ${remoteAddress}`,
    );
    ctx.clock.advance(MINUTE + SECOND);
    expect((await b.inject(signIn(remoteAddress))).statusCode).toBe(401);
    expect(await countOf('signIn', remoteAddress)).toBe(1);
    for (let i = 1; i < LIMIT; i++) expect((await (i % 2 ? a : b).inject(signIn(remoteAddress))).statusCode).toBe(401);
    expectRefused(await a.inject(signIn(remoteAddress)));
  });

  it('prunes the counters whose window ended, in one statement', async () => {
    const ended = nextAddress();
    const running = nextAddress();
    await a.inject(signIn(ended));
    await b.inject(signIn(running));
    await ctx.db.execute(
      sql`update request_limit_counters set expires_at = now() - interval '1 second' where key = ${ended}`,
    );
    expect(await pruneRequestCounters(ctx.db)).toBeGreaterThanOrEqual(1);
    expect(await countOf('signIn', ended)).toBeUndefined();
    expect(await countOf('signIn', running)).toBe(1);
  });

  it('fails the request, never lets it through uncounted, when the count cannot be written', async () => {
    await ctx.db.execute(sql`alter table request_limit_counters rename to request_limit_counters_away`);
    try {
      const response = await b.inject(signIn(nextAddress()));
      expect(response.statusCode).toBe(500);
      expect(ProblemDetails.parse(response.json()).status).toBe(500);
    } finally {
      await ctx.db.execute(sql`alter table request_limit_counters_away rename to request_limit_counters`);
    }
    expect((await b.inject(signIn(nextAddress()))).statusCode).toBe(401);
  });
});
