/**
 * What the team and downstream search box asks for (spec 1 §2.9: name, e-mail, phone or Z-ID).
 * `zId` matches a dealer code exactly; `text` is a lower-case fragment looked for in
 * "first name surname e-mail phone". Phones are stored +27XXXXXXXXX, so a number typed as
 * 0…, 27… or +27… is turned into the stored form (the spec's page asked people to type +27 or
 * 27 instead of 0; here all three work).
 */
export interface TeamSearch {
  zId?: number;
  text?: string;
}

const MAX_ID = 2_147_483_647;

function asId(digits: string): number | undefined {
  const id = Number(digits);
  return Number.isSafeInteger(id) && id > 0 && id <= MAX_ID ? id : undefined;
}

export function parseTeamSearch(input: string | undefined | null): TeamSearch {
  const term = (input ?? '').trim();
  if (!term) return {};

  const zCode = /^z\s*-?\s*(\d{1,10})$/i.exec(term);
  if (zCode) {
    const id = asId(zCode[1]!);
    return id === undefined ? { text: term.toLowerCase() } : { zId: id };
  }

  // Phone-like input: digits with optional +, spaces, dashes or brackets.
  if (/^\+?[\d\s\-()]+$/.test(term) && /\d/.test(term)) {
    const digits = term.replace(/\D/g, '');
    if (term.startsWith('+')) return { text: `+${digits}` };
    if (digits.startsWith('0') && digits.length > 1) return { text: `+27${digits.slice(1)}` };
    if (digits.startsWith('27') && digits.length > 2) {
      const id = asId(digits);
      return id === undefined ? { text: `+${digits}` } : { zId: id, text: `+${digits}` };
    }
    // A bare number may be a dealer code typed without Z- or part of a phone or e-mail.
    const id = asId(digits);
    return id === undefined ? { text: digits } : { zId: id, text: digits };
  }

  return { text: term.toLowerCase() };
}

/** `text` as a LIKE pattern ("contains"), with LIKE's own wildcards taken literally. */
export function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, '\\$&')}%`;
}
