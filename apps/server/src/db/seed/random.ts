/** A small seeded generator so demo and test data are the same on every run. */
export function createRandom(seed = 20261122) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    chance: (probability: number) => next() < probability,
  };
}
export type Random = ReturnType<typeof createRandom>;

/** A valid South African ID number for a date of birth, gender and citizenship (Luhn check digit). */
export function saIdNumber(dateOfBirth: string, gender: 'M' | 'F', citizen: boolean, sequence: number): string {
  const [year, month, day] = dateOfBirth.split('-');
  const genderDigits = String((gender === 'M' ? 5000 : 0) + (sequence % 5000)).padStart(4, '0');
  const body = `${year!.slice(2)}${month}${day}${genderDigits}${citizen ? 0 : 1}8`;
  return body + luhnCheckDigit(body);
}

function luhnCheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let digit = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return (10 - (sum % 10)) % 10;
}
