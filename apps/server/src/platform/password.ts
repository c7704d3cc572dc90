import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

// Same scheme and format as better-auth's default (scrypt N=16384, r=16, p=1, 64-byte key,
// "saltHex:keyHex"), but on Node's native scrypt in the libuv pool: the default runs a pure-JS
// scrypt on the event loop, which stalls every other request during a sign-in.
const KEY_LENGTH = 64;

export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/** better-auth's cost: every server (production, development, the e2e run) hashes with it. */
export const PRODUCTION_COST: ScryptCost = { N: 16384, r: 16, p: 1 };
/**
 * Under the test runner only (NODE_ENV=test): about 25 times cheaper. The integration suite signs
 * in and hashes hundreds of times, and at the real cost a third of its CPU went to scrypt
 * (docs/decisions/040). Nothing stored outside a throwaway test database is hashed with it.
 */
export const TEST_COST: ScryptCost = { N: 1024, r: 8, p: 1 };

/** The cost for a NODE_ENV: the cheap one for `test` alone, so a missing or unknown value hashes at full cost. */
export function scryptCost(nodeEnv: string | undefined): ScryptCost {
  return nodeEnv === 'test' ? TEST_COST : PRODUCTION_COST;
}

// Read when first used, not at import: the e2e server sets NODE_ENV before it starts the app.
let cost: ScryptCost | undefined;

function derive(password: string, salt: string): Promise<Buffer> {
  cost ??= scryptCost(process.env.NODE_ENV);
  const { N, r, p } = cost;
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { N, r, p, maxmem: 128 * N * r * 2 }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16).toString('hex');
  const key = await derive(password, salt);
  return `${salt}:${key.toString('hex')}`;
}

export async function verifyPassword({ hash, password }: { hash: string; password: string }): Promise<boolean> {
  const [salt, keyHex] = hash.split(':');
  if (!salt || !keyHex) return false;
  const expected = Buffer.from(keyHex, 'hex');
  const actual = await derive(password, salt);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
