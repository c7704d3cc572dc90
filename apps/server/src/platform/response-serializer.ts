import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

// Answers are written by a function built once per route from its Zod response schema
// (decision 050) instead of Zod's `encode` followed by `JSON.stringify` on every answer: the
// same bytes, checked against the same schema, without building a copy of the answer first.
//
// Only schemas whose encode copies values unchanged are built: objects (extra keys stripped),
// arrays, strings, numbers, booleans, enums, literals, null, nullable, and optional properties,
// with the checks listed below (run through Zod's own check functions). Anything else (dates,
// transforms, codecs, defaults, unions, records, refinements, recursion) makes the whole route keep
// the library's serializer. When an answer does not pass, the library's serializer writes it
// instead, so a bad answer fails exactly as before (500, `ResponseSerializationError`).

/** The value as JSON when it passes its schema, undefined when it does not. */
type Writer = (value: unknown) => string | undefined;

interface Check {
  _zod: {
    def: { check: string; when?: (payload: CheckPayload) => boolean };
    check: (payload: CheckPayload) => unknown;
  };
}
interface CheckPayload {
  value: unknown;
  issues: unknown[];
}
interface Def {
  type: string;
  coerce?: boolean;
  checks?: Check[];
  shape?: Record<string, z.ZodType>;
  catchall?: unknown;
  element?: z.ZodType;
  innerType?: z.ZodType;
  values?: unknown[];
}
interface Node {
  _zod: { def: Def; traits: Set<string>; values?: Set<unknown> };
}

/** Checks that only look at a value (Zod runs them after the type), by the type they sit on. */
const PURE_CHECKS: Record<string, ReadonlySet<string>> = {
  number: new Set(['number_format', 'greater_than', 'less_than', 'multiple_of']),
  string: new Set(['string_format', 'min_length', 'max_length', 'length_equals']),
  array: new Set(['min_length', 'max_length', 'length_equals']),
};

/**
 * The schema's checks as one test, as Zod's `runChecks` runs them on a value of the right type
 * (a check with `when` only when it applies); undefined when a check is not a pure one. A check
 * that rewrites the value (a URL's normalising) fails the test, so the library writes that answer.
 */
function checksOf(node: Node): ((value: unknown) => boolean) | null | undefined {
  const { def } = node._zod;
  const checks = node._zod.traits.has('$ZodCheck')
    ? [node as unknown as Check, ...(def.checks ?? [])]
    : (def.checks ?? []);
  if (checks.length === 0) return null;
  const pure = PURE_CHECKS[def.type];
  if (!pure || !checks.every((check) => pure.has(check._zod.def.check))) return undefined;
  return (value) => {
    const payload: CheckPayload = { value, issues: [] };
    for (const check of checks) {
      const { when } = check._zod.def;
      if (when && !when(payload)) continue;
      if (check._zod.check(payload) !== undefined) return false;
      if (payload.issues.length > 0 || payload.value !== value) return false;
    }
    return true;
  };
}

/** What `JSON.stringify` escapes in a string: controls, quote, backslash, and (lone) surrogates. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what JSON escapes
const ESCAPED = /[\u0000-\u001f"\\\ud800-\udfff]/;

/** A string as `JSON.stringify` writes it; a string with nothing to escape is only quoted (the usual case). */
const jsonString = (value: string) => (ESCAPED.test(value) ? JSON.stringify(value) : `"${value}"`);

const isPlainValue = (value: unknown) =>
  value === null || typeof value === 'string' || typeof value === 'boolean' || typeof value === 'number';

/** The writer of a schema, or undefined when its answers are left to the library. */
function writerOf(schema: z.ZodType, building: Set<unknown>): Writer | undefined {
  const node = schema as unknown as Node;
  const { def } = node._zod;
  if (def.coerce || building.has(schema)) return undefined;
  const checks = checksOf(node);
  if (checks === undefined) return undefined;
  const checked =
    (write: Writer): Writer =>
    (value) =>
      checks === null || checks(value) ? write(value) : undefined;
  building.add(schema);
  try {
    switch (def.type) {
      case 'string':
        return (value) =>
          typeof value === 'string' && (checks === null || checks(value)) ? jsonString(value) : undefined;
      case 'number':
        return (value) =>
          typeof value === 'number' && Number.isFinite(value) && (checks === null || checks(value))
            ? String(value)
            : undefined;
      case 'boolean':
        return checks === null
          ? (value) => (value === true ? 'true' : value === false ? 'false' : undefined)
          : undefined;
      case 'null':
        return checks === null ? (value) => (value === null ? 'null' : undefined) : undefined;
      case 'enum':
      case 'literal':
        return checks === null ? constantsWriter(node._zod.values) : undefined;
      case 'nullable': {
        const inner = checks === null && def.innerType ? writerOf(def.innerType, building) : undefined;
        return inner && ((value) => (value === null ? 'null' : inner(value)));
      }
      case 'array': {
        const element = def.element ? writerOf(def.element, building) : undefined;
        return element && checked(arrayWriter(element));
      }
      case 'object':
        return checks === null && def.catchall === undefined && def.shape
          ? objectWriter(def.shape, building)
          : undefined;
      default:
        return undefined;
    }
  } finally {
    building.delete(schema);
  }
}

/** An enum's or a literal's values, each written once. */
function constantsWriter(values: Set<unknown> | undefined): Writer | undefined {
  if (!values || ![...values].every(isPlainValue)) return undefined;
  const written = new Map([...values].map((value) => [value, JSON.stringify(value)]));
  return (value) => written.get(value);
}

function arrayWriter(element: Writer): Writer {
  return (value) => {
    if (!Array.isArray(value)) return undefined;
    let out = '[';
    for (let i = 0; i < value.length; i++) {
      const item = element(value[i]);
      if (item === undefined) return undefined;
      out += i === 0 ? item : `,${item}`;
    }
    return `${out}]`;
  };
}

/**
 * The shape's keys in their order (Zod's copy has them in that order), each with its writer;
 * other keys are left out, as Zod's copy leaves them. An optional key whose value is undefined
 * is left out (Zod's copy has it undefined, which `JSON.stringify` leaves out).
 */
function objectWriter(shape: Record<string, z.ZodType>, building: Set<unknown>): Writer | undefined {
  if (Object.getOwnPropertySymbols(shape).length > 0) return undefined;
  const fields: { key: string; name: string; optional: boolean; write: Writer }[] = [];
  for (const key of Object.keys(shape)) {
    if (key === '__proto__') return undefined;
    const field = shape[key] as unknown as Node;
    const { def, traits } = field._zod;
    const optional = def.type === 'optional';
    // An exact optional refuses a present undefined; a defaulted one puts a value in its place.
    if (optional && (traits.has('$ZodExactOptional') || def.checks?.length)) return undefined;
    const write = writerOf(optional ? def.innerType! : (field as unknown as z.ZodType), building);
    if (!write) return undefined;
    fields.push({ key, name: `${JSON.stringify(key)}:`, optional, write });
  }
  return (value) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
    const record = value as Record<string, unknown>;
    let out = '{';
    for (const field of fields) {
      const item = record[field.key];
      if (item === undefined && field.optional) continue;
      const written = field.write(item);
      if (written === undefined) return undefined;
      out += out.length === 1 ? field.name + written : `,${field.name}${written}`;
    }
    return `${out}}`;
  };
}

/**
 * The writer of a response schema, or undefined when the library's serializer must write its
 * answers (exported for the tests that compare the two).
 */
export function compileResponseWriter(schema: unknown): ((value: unknown) => string | undefined) | undefined {
  return schema instanceof z.ZodType ? writerOf(schema, new Set()) : undefined;
}

/**
 * The app's serializer compiler: the route's built writer, falling back to
 * fastify-type-provider-zod's serializer (Zod `encode`, then `JSON.stringify`) for a schema it
 * cannot build and for an answer that does not pass.
 */
export const responseSerializerCompiler: typeof zodSerializerCompiler = (route) => {
  const library = zodSerializerCompiler(route);
  const write = compileResponseWriter(route.schema);
  if (!write) return library;
  return (data) => write(data) ?? library(data);
};
