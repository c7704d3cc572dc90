// A supplier's reference pattern (suppliers_master.regex): what a sales note's order number and a
// lead's reference must follow. The pattern is an admin's and the reference a dealer's, and some
// patterns take exponential time, so the server runs them with a time limit (platform/pattern-test).

/** Runs a supplier's pattern on a reference; the server passes one with a time limit. */
export type PatternTest = (pattern: RegExp, reference: string) => boolean;

const plainTest: PatternTest = (pattern, reference) => pattern.test(reference);

/** Whether a reference fits the supplier's pattern (no pattern, or an unusable one: anything). */
export function fitsSupplierPattern(
  regex: string | null | undefined,
  reference: string,
  test: PatternTest = plainTest,
): boolean {
  if (!regex?.trim()) return true;
  let pattern: RegExp;
  try {
    pattern = new RegExp(regex);
  } catch {
    return true;
  }
  return test(pattern, reference);
}
