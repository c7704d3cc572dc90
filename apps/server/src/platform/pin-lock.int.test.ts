import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastPinSentTo } from '../../test/outbox-reader.ts';
import { createTestContext, TEST_ORIGIN, type TestContext } from '../../test/test-app.ts';
import { createUser } from '../db/seed/factories.ts';
import { MINUTE, SECOND } from './clock.ts';

// The cumulative lock per phone number (platform/one-time-pins.ts): 10 wrong sign-in pins within
// an hour, across freshly requested pins, lock sign-in by pin for that number for an hour.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

function post(url: string, payload: Record<string, unknown>) {
  return ctx.app.inject({ method: 'POST', url, headers: { origin: TEST_ORIGIN }, payload });
}
const sendCode = (phone: string) => post('/api/auth/phone-sign-in/send-code', { phone });
const verify = (phone: string, code: string) => post('/api/auth/phone-sign-in/verify', { phone, code });
const wrongPin = (pin: string) => String((Number(pin) + 1) % 1_000_000).padStart(6, '0');

async function wrongTries(phone: string, tries: number): Promise<void> {
  expect((await sendCode(phone)).statusCode).toBe(200);
  const pin = await lastPinSentTo(ctx.db, phone);
  for (let i = 0; i < tries; i++) expect((await verify(phone, wrongPin(pin!))).statusCode).toBe(400);
}

describe('wrong one-time pins per phone number', () => {
  it('locks sign-in by pin for an hour after 10 wrong pins across fresh pins, saying when to try again', async () => {
    const user = await createUser(ctx.db);
    const phone = user.phone!;
    // Three pins with three wrong tries each (a new pin every 16 minutes, past the send limit).
    for (let round = 0; round < 3; round++) {
      await wrongTries(phone, 3);
      ctx.clock.advance(16 * MINUTE);
    }
    // 9 wrong so far, within 48 minutes: a fresh pin still works for one more wrong try…
    await wrongTries(phone, 1);
    // …and that 10th wrong pin locks the number, even for the right pin of this fresh code.
    const pin = await lastPinSentTo(ctx.db, phone);
    const locked = await verify(phone, pin!);
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBe('3600');
    expect(locked.json()).toMatchObject({
      status: 429,
      title: 'Too Many Requests',
      retryAfterSeconds: 3600,
      code: 'PIN_LOCKED',
      message:
        'Too many wrong one-time pins for this number. Sign-in by one-time pin is locked. Try again in 60 minutes.',
    });
    // No new pin is sent while locked either.
    ctx.clock.advance(16 * MINUTE);
    const send = await sendCode(phone);
    expect(send.statusCode).toBe(429);
    expect(send.json()).toMatchObject({ code: 'PIN_LOCKED' });
    expect(send.json().message).toMatch(/Try again in 44 minutes\.$/);

    // An hour after the 10th wrong pin the number is free again.
    ctx.clock.advance(44 * MINUTE - SECOND);
    expect((await sendCode(phone)).statusCode).toBe(429);
    ctx.clock.advance(2 * SECOND);
    expect((await sendCode(phone)).statusCode).toBe(200);
    const fresh = await lastPinSentTo(ctx.db, phone);
    expect((await verify(phone, fresh!)).statusCode).toBe(200);
  });

  it('counts per number: another number is not locked, and wrong pins older than an hour stop counting', async () => {
    const [first, second] = await Promise.all([createUser(ctx.db), createUser(ctx.db)]);
    for (let round = 0; round < 3; round++) {
      await wrongTries(first.phone!, 3);
      ctx.clock.advance(21 * MINUTE);
    }
    // 9 wrong pins, the first three now 63 minutes old: one more makes 10 in all but 7 in the hour.
    await wrongTries(second.phone!, 2);
    await wrongTries(first.phone!, 1);
    ctx.clock.advance(16 * MINUTE);
    expect((await sendCode(first.phone!)).statusCode).toBe(200);
    expect((await sendCode(second.phone!)).statusCode).toBe(200);
  });
});
