import { verifyPassword as betterAuthDefaultVerify } from 'better-auth/crypto';
import { describe, expect, it } from 'vitest';
import { hashPassword, PRODUCTION_COST, scryptCost, TEST_COST, verifyPassword } from './password.ts';

describe('password hashing cost', () => {
  it("is better-auth's default (scrypt N=16384, r=16, p=1) for every server, whatever NODE_ENV says", () => {
    expect(PRODUCTION_COST).toEqual({ N: 16384, r: 16, p: 1 });
    for (const nodeEnv of ['production', 'development', undefined, '', 'staging', 'TEST'])
      expect(scryptCost(nodeEnv)).toBe(PRODUCTION_COST);
  });

  it('is lower only under the test runner', () => {
    expect(process.env.NODE_ENV).toBe('test');
    expect(scryptCost('test')).toBe(TEST_COST);
    expect(TEST_COST.N * TEST_COST.r).toBeLessThan(PRODUCTION_COST.N * PRODUCTION_COST.r);
  });

  it('checks a password against its hash, and refuses another one', { timeout: 30_000 }, async () => {
    const hash = await hashPassword('Demo1234!');
    expect(hash).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(await verifyPassword({ hash, password: 'Demo1234!' })).toBe(true);
    expect(await verifyPassword({ hash, password: 'Demo1234?' })).toBe(false);
    // Hashed at the test cost: better-auth's default verifier (the production cost) refuses it, so
    // a server that verified at the test cost would fail production-mode.int.test.ts's sign-in.
    expect(await betterAuthDefaultVerify({ hash, password: 'Demo1234!' })).toBe(false);
  });
});
