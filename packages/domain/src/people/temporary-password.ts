/**
 * The temporary password of a new user (spec 1 §9): 8 characters with at least one lower-case
 * letter, one upper-case letter and one digit, shuffled, from a cryptographic random source.
 * Look-alike characters (0/O, 1/l/I) are left out because it is read off a screen and typed.
 */

export const TEMPORARY_PASSWORD_LENGTH = 8;

const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
const ALL = LOWER + UPPER + DIGITS;

/** A uniform integer in [0, bound) without modulo bias. */
function randomBelow(bound: number, random: (buffer: Uint32Array) => Uint32Array): number {
  const limit = Math.floor(0x1_0000_0000 / bound) * bound;
  const buffer = new Uint32Array(1);
  for (;;) {
    const value = random(buffer)[0]!;
    if (value < limit) return value % bound;
  }
}

const cryptoRandom = (buffer: Uint32Array) => globalThis.crypto.getRandomValues(buffer);

export function generateTemporaryPassword(
  random: (buffer: Uint32Array) => Uint32Array = cryptoRandom,
  length = TEMPORARY_PASSWORD_LENGTH,
): string {
  const pick = (alphabet: string) => alphabet[randomBelow(alphabet.length, random)]!;
  const characters = [pick(LOWER), pick(UPPER), pick(DIGITS)];
  while (characters.length < length) characters.push(pick(ALL));
  // Fisher–Yates, so the guaranteed classes are not always in the first three places.
  for (let i = characters.length - 1; i > 0; i--) {
    const j = randomBelow(i + 1, random);
    [characters[i], characters[j]] = [characters[j]!, characters[i]!];
  }
  return characters.join('');
}

/** The rule the generated password keeps: 8 characters, a lower-case letter, an upper-case letter and a digit. */
export function isTemporaryPasswordShape(value: string): boolean {
  return value.length === TEMPORARY_PASSWORD_LENGTH && /[a-z]/.test(value) && /[A-Z]/.test(value) && /\d/.test(value);
}
