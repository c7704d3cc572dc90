import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

// Same scheme and format as better-auth's default (scrypt N=16384, r=16, p=1, 64-byte key,
// "saltHex:keyHex"), but on Node's native scrypt in the libuv pool: the default runs a pure-JS
// scrypt on the event loop, which stalls every other request during a sign-in.
const N = 16384;
const r = 16;
const p = 1;
const KEY_LENGTH = 64;

function derive(password: string, salt: string): Promise<Buffer> {
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
