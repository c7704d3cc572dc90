import vm from 'node:vm';

// A supplier's reference pattern is an admin's regular expression run on a dealer's text. One
// with nested repetition (`^([A-Z0-9]+-?)+$`, a natural way to write 'letters and digits in
// dash-separated groups') backtracks exponentially on a text that almost fits: 27 characters hold
// the event loop, so every other request, for seconds, 30 for a minute. The test runs in a
// context with a time limit (V8 interrupts a running expression); a pattern that has not answered
// by then is taken as not fitting, so the dealer is told the reference does not follow the format.

/** How long one pattern may run on one reference. */
export const PATTERN_TIME_LIMIT_MS = 50;

const sandbox = vm.createContext({ pattern: /(?:)/, reference: '' });
const test = new vm.Script('pattern.test(reference)');

/** `pattern.test(reference)`, false when it has not answered within PATTERN_TIME_LIMIT_MS. */
export function boundedPatternTest(pattern: RegExp, reference: string): boolean {
  sandbox.pattern = pattern;
  sandbox.reference = reference;
  try {
    return test.runInContext(sandbox, { timeout: PATTERN_TIME_LIMIT_MS }) === true;
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') return false;
    throw error;
  } finally {
    sandbox.pattern = /(?:)/;
    sandbox.reference = '';
  }
}
