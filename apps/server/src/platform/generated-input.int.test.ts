import { Writable } from 'node:stream';
import { ProblemDetails } from '@portal/domain/platform/problem';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createFileDatabase, createTestContext, TEST_ORIGIN, type TestContext } from '../../test/test-app.ts';
import { withDatabase } from '../../test/test-database.ts';
import { loadSettings } from '../config.ts';
import { createDatabase } from '../db/client.ts';
import { seedDemo } from '../db/seed/demo.ts';

// Generated bad input (issue 9, part 5). Every operation of the OpenAPI document the app builds
// from its Zod schemas gets REQUESTS_PER_OPERATION generated requests per persona: wrong types,
// huge strings, odd unicode (lone surrogates, NUL, right-to-left marks), missing and extra fields,
// junk path ids mixed with ids of real users (so most requests reach the services), junk query
// strings and bodies that are not JSON objects. The server must never answer 5xx, every error must
// be problem details, and a body carrying a key its schema does not name is refused with a 400
// naming it (platform/request-validation.ts).
//
// Bounded: a fixed seed, a fixed number of requests, each persona against a fresh copy of the demo
// data (so the admin's password and status changes cannot end the other personas' sessions),
// seeded once and copied per persona.

const REQUESTS_PER_OPERATION = 200;
const SEED = 20_261_123;
/** Requests in flight at once per persona (the pool of a test database has 5 connections). */
const CONCURRENCY = 3;
const PERSONAS = ['anonymous', 'agent@demo.co.za', 'leader@demo.co.za', 'admin@demo.co.za'] as const;
type Persona = (typeof PERSONAS)[number];

/** Answers that never end (Server-Sent Events): inject would wait forever. */
const STREAMING = new Set(['GET /api/events']);

/** Keys no client may set: each must be refused by name. */
const FORBIDDEN_KEYS = ['isAdmin', 'refsUserLifecycleStatusId', 'authId', 'id', 'isLeader', 'createdAt'];

// ---------------------------------------------------------------------------------------------
// OpenAPI → operations

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  additionalProperties?: boolean | JsonSchema;
};

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema: JsonSchema;
}

interface Operation {
  method: string;
  path: string;
  params: Parameter[];
  query: Parameter[];
  body?: JsonSchema;
}

function operationsOf(document: { paths?: Record<string, Record<string, Record<string, unknown>>> }): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(methods)) {
      const name = `${method.toUpperCase()} ${path}`;
      if (STREAMING.has(name)) continue;
      const parameters = (operation.parameters ?? []) as Parameter[];
      const content = (operation.requestBody as { content?: Record<string, { schema: JsonSchema }> } | undefined)
        ?.content;
      operations.push({
        method: method.toUpperCase(),
        path,
        params: parameters.filter((p) => p.in === 'path'),
        query: parameters.filter((p) => p.in === 'query'),
        body: content?.['application/json']?.schema,
      });
    }
  }
  return operations;
}

// ---------------------------------------------------------------------------------------------
// Values

const ODD_TEXT = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff x',
  '\u202e\u200f',
  '\ufeff',
  '😀👩‍👩‍👧‍👦',
  'Ω≈ç√∫',
  "'; drop table users_master; --",
  '<script>alert(1)</script>',
  '{{7*7}}',
  '../../etc/passwd',
  '%00',
  '%',
  ' ',
  '',
  'null',
  'undefined',
  'NaN',
  '-0',
  '1e309',
  '0x10',
  '９９',
  '٣',
];

const oddText = fc.oneof(
  fc.constantFrom(...ODD_TEXT),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
);

/** 10 000 or 100 000 characters of one (possibly odd) character. */
const hugeText = fc
  .tuple(fc.constantFrom('a', '9', 'é', '😀', '\u0000', ' ', '\ud800'), fc.constantFrom(10_000, 100_000))
  .map(([char, length]) => char.repeat(length));

const oddNumber = fc.oneof(
  fc.constantFrom(0, -1, -0, 1.5, 2 ** 31, 2 ** 53, 2 ** 63, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Any JSON value of any type. */
const junk: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: oddText },
  { weight: 1, arbitrary: hugeText },
  { weight: 2, arbitrary: oddNumber },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false) },
  { weight: 1, arbitrary: fc.array(fc.oneof(oddText, oddNumber), { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), oddText, { maxKeys: 3 }) },
  // A long list (built once: generating 2 000 values per sample would dominate the run).
  { weight: 1, arbitrary: fc.constant(Array.from({ length: 2000 }, (_, i) => i * 7919)) },
);

/** Ids of real rows (users) the generated integers mix in, set per persona. */
let knownNumbers: number[] = [];

function typesOf(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  if (schema.type) return [schema.type];
  return [];
}

function patternText(pattern: string): fc.Arbitrary<string> {
  try {
    return fc.stringMatching(new RegExp(pattern));
  } catch {
    return fc.string({ maxLength: 20 });
  }
}

/** Values that follow the schema's types, formats, patterns and bounds (the odd corners included). */
function valid(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => valid(s, depth + 1)));
  if (schema.allOf?.length) return valid(schema.allOf[0]!, depth + 1);
  const types = typesOf(schema);
  if (types.length > 1) return fc.oneof(...types.map((type) => valid({ ...schema, type }, depth + 1)));
  switch (types[0]) {
    case 'string':
      if (schema.format === 'uuid') return fc.uuid();
      if (schema.format === 'email') return fc.emailAddress();
      if (schema.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
      if (schema.format === 'date') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
      if (schema.pattern) return patternText(schema.pattern);
      return fc.string({
        minLength: schema.minLength ?? 0,
        maxLength: Math.max(schema.minLength ?? 0, Math.min(schema.maxLength ?? 30, 60)),
      });
    case 'integer': {
      const min = schema.minimum ?? -(2 ** 53 - 1);
      const max = schema.maximum ?? 2 ** 53 - 1;
      const inRange = (n: number) => n >= min && n <= max;
      // The edges of the schema and of PostgreSQL's integer, and ids of real rows.
      const edges = [min, max, 0, 1, 2 ** 31 - 1, 2 ** 31, 2 ** 53 - 1].filter(inRange);
      return fc.oneof(
        fc.integer({ min: Math.max(min, -(2 ** 31)), max: Math.min(max, 2 ** 31 - 1) }),
        // Small values near the low end (a year from 2000 draws 2000–2100, not 0–100).
        fc.integer({ min: Math.max(min, 0), max: Math.min(max, Math.max(min, 0) + 100) }),
        fc.constantFrom(...(edges.length ? edges : [min])),
        ...(knownNumbers.some(inRange) ? [fc.constantFrom(...knownNumbers.filter(inRange))] : []),
      );
    }
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      if (depth > 4) return fc.constant([]);
      return fc.array(valid(schema.items ?? {}, depth + 1), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 4, 6)),
      });
    case 'object': {
      if (depth > 4) return fc.constant({});
      const properties = schema.properties ?? {};
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, value] of Object.entries(properties)) record[key] = valid(value, depth + 1);
      return fc.record(record, { requiredKeys: (schema.required ?? []).filter((key) => key in properties) });
    }
    default:
      return junk;
  }
}

/** A value of the schema, or (one time in three) junk of any type. */
function validOrJunk(schema: JsonSchema): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 2, arbitrary: valid(schema) }, { weight: 1, arbitrary: junk });
}

/** Object keys of a schema, with its alternatives' keys. */
function objectSchema(schema: JsonSchema | undefined): JsonSchema | undefined {
  if (!schema) return undefined;
  if (typesOf(schema).includes('object') && schema.properties) return schema;
  for (const option of schema.anyOf ?? schema.oneOf ?? schema.allOf ?? []) {
    const found = objectSchema(option);
    if (found) return found;
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Requests

type Mode = 'valid' | 'wrong-field' | 'missing' | 'extra' | 'raw-body' | 'junk-query' | 'junk-path';

interface GeneratedRequest {
  mode: Mode;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
  /** The key a client may not set, when the mode is 'extra'. */
  extraKey?: string;
}

const junkPathValue = fc.oneof(
  fc.constantFrom('0', '-1', '1.5', '1e3', '99999999999999999999', 'abc', ' 1', '%00', '%2e%2e', '%F0%9F%98%80'),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 20 }).map(encode),
  fc.constantFrom('9'.repeat(2000), 'x'.repeat(5000)),
);

const rawBody = fc.oneof(
  fc.constantFrom('', '{', '[]', 'null', '"text"', '12', 'true', '{"a":', '\u0000', '{"__proto__":{"x":1}}'),
  fc.constantFrom('{"constructor":{"prototype":{"isAdmin":true}}}', `[${'1,'.repeat(50_000)}1]`),
  junk.map((value) => JSON.stringify(value) ?? 'null'),
);

/** encodeURIComponent, with lone surrogates (which it refuses) sent as U+FFFD like a browser would. */
function encode(text: string): string {
  return encodeURIComponent(text.replace(/[\ud800-\udfff]/gu, '\ufffd'));
}

function buildUrl(path: string, params: Record<string, string>, query: [string, string][]): string {
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? '1');
  const search = query.map(([key, value]) => `${encode(key)}=${encode(value)}`).join('&');
  return search ? `${filled}?${search}` : filled;
}

function asQueryValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

function requestArbitrary(operation: Operation, knownIds: string[]): fc.Arbitrary<GeneratedRequest> {
  const bodyObject = objectSchema(operation.body);
  const modes: Mode[] = ['valid', 'valid', 'junk-query', 'raw-body'];
  if (operation.params.length) modes.push('junk-path', 'valid');
  // A body that takes no fields (an action such as opening a link) has no field to get wrong.
  const bodyTakesFields = !bodyObject || Object.keys(bodyObject.properties ?? {}).length > 0;
  if (operation.body && bodyTakesFields) modes.push('wrong-field', 'wrong-field', 'missing');
  if (operation.body) modes.push('raw-body');
  if (bodyObject) modes.push('extra', 'extra');
  if (operation.query.length) modes.push('junk-query');

  type PathMode = 'real' | 'mixed' | 'junk';
  const paramValue = (parameter: Parameter, pathMode: PathMode): fc.Arbitrary<string> => {
    // A real value: one of a closed set's own values (a ticket's kind), else the id of a real row.
    const closedSet = parameter.schema.enum?.map(String) ?? [];
    const real = closedSet.length
      ? fc.constantFrom(...closedSet)
      : knownIds.length
        ? fc.constantFrom(...knownIds)
        : fc.constant('1');
    if (pathMode === 'real') return real;
    const options: fc.Arbitrary<string>[] = [
      real,
      real,
      valid(parameter.schema).map((value) => encode(asQueryValue(value))),
    ];
    if (pathMode === 'junk') options.push(junkPathValue);
    return fc.oneof(...options);
  };
  const paramsArb = (pathMode: PathMode) =>
    fc.record(
      Object.fromEntries(operation.params.map((p) => [p.name, paramValue(p, pathMode)])) as Record<
        string,
        fc.Arbitrary<string>
      >,
    );
  const queryArb = (junkAllowed: boolean): fc.Arbitrary<[string, string][]> =>
    fc
      .tuple(
        ...operation.query.map((parameter) =>
          fc.option(
            (junkAllowed ? validOrJunk(parameter.schema) : valid(parameter.schema)).map(
              (value) => [parameter.name, asQueryValue(value)] as [string, string],
            ),
            { nil: undefined, freq: parameter.required ? 10 : 3 },
          ),
        ),
        junkAllowed
          ? fc.array(fc.tuple(fc.constantFrom('page', 'x', 'id', '__proto__', 'search'), oddText), { maxLength: 2 })
          : fc.constant([] as [string, string][]),
      )
      .map((parts) => {
        const extra = parts.pop() as [string, string][];
        return [...(parts as ([string, string] | undefined)[]).filter((p): p is [string, string] => !!p), ...extra];
      });

  return fc.constantFrom(...modes).chain((mode) => {
    const body: fc.Arbitrary<{ payload?: string; extraKey?: string; type?: string }> = (() => {
      if (mode === 'raw-body') {
        return fc
          .tuple(rawBody, fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded'))
          .map(([payload, type]) => ({ payload, type }));
      }
      if (!operation.body) return fc.constant({});
      if (mode === 'wrong-field' && bodyObject) {
        const keys = Object.keys(bodyObject.properties ?? {});
        return fc
          .tuple(valid(bodyObject), fc.constantFrom(...keys), junk)
          .map(([value, key, bad]) => ({ payload: JSON.stringify({ ...(value as object), [key]: bad }) }));
      }
      if (mode === 'missing' && bodyObject) {
        return fc.tuple(valid(bodyObject), fc.subarray(bodyObject.required ?? [])).map(([value, drop]) => {
          const copy = { ...(value as Record<string, unknown>) };
          for (const key of drop) delete copy[key];
          return { payload: JSON.stringify(copy) };
        });
      }
      if (mode === 'extra' && bodyObject) {
        return fc
          .tuple(
            valid(bodyObject),
            fc.constantFrom(...FORBIDDEN_KEYS),
            fc.oneof(fc.constant(true), fc.integer(), oddText),
          )
          .map(([value, key, bad]) => {
            const copy = { ...(value as Record<string, unknown>) };
            // An extra key only: when the schema names it (e.g. `id`), another one is planted.
            const extraKey = key in (bodyObject.properties ?? {}) ? `${key}Override` : key;
            copy[extraKey] = bad;
            return { payload: JSON.stringify(copy), extraKey };
          });
      }
      return valid(operation.body).map((value) => ({ payload: JSON.stringify(value) }));
    })();
    // 'extra' keeps params and query valid so the body is what the validation answers about.
    const strictParts = mode === 'extra' || mode === 'valid';
    const pathMode: PathMode = mode === 'junk-path' ? 'junk' : mode === 'extra' ? 'real' : 'mixed';
    return fc.tuple(paramsArb(pathMode), queryArb(!strictParts), body).map(([params, query, b]) => {
      const headers: Record<string, string> = { origin: TEST_ORIGIN };
      if (b.payload !== undefined) headers['content-type'] = b.type ?? 'application/json';
      return {
        mode,
        method: operation.method,
        url: buildUrl(operation.path, params, query),
        headers,
        payload: b.payload,
        extraKey: b.extraKey,
      };
    });
  });
}

// ---------------------------------------------------------------------------------------------
// The run

interface Finding {
  persona: Persona;
  operation: string;
  mode: Mode;
  status: number;
  problem: string;
  url: string;
  payload?: string;
}

const totals = { operations: 0, requests: 0, serverErrors: 0, reSignIns: 0, statuses: new Map<number, number>() };
const findings: Finding[] = [];

afterAll(() => {
  const byStatus = [...totals.statuses.entries()]
    .sort(([a], [b]) => a - b)
    .map(([status, n]) => `${status}×${n}`)
    .join(' ');
  console.log(
    `generated input: ${totals.operations} operations × ${PERSONAS.length} personas × ${REQUESTS_PER_OPERATION} requests = ${totals.requests} requests, ${totals.serverErrors} × 5xx (answers: ${byStatus}; sessions ended by the persona's own writes and signed in again: ${totals.reSignIns})`,
  );
});

function clip(text: string | undefined, length = 300): string | undefined {
  return text && text.length > length ? `${text.slice(0, length)}… (${text.length} chars)` : text;
}

/** Runs `work` over the items with at most `limit` at a time. */
async function inParallel<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: limit }, worker));
}

/** The demo data, seeded once into a database each persona's app gets a copy of. */
async function seededDemoDatabase(): Promise<string> {
  const name = await createFileDatabase();
  const db = createDatabase(withDatabase(inject('testAdminUrl'), name), { max: 2 });
  try {
    await seedDemo(db, new Date('2026-11-22T10:00:00Z'));
  } finally {
    await db.$client.end();
  }
  return name;
}

async function runPersona(persona: Persona, demo: Promise<string>): Promise<Finding[]> {
  // The request limits as shipped (the harness raises them for other tests): a flood of
  // password changes meets its 429 instead of hashing 200 passwords.
  const defaults = loadSettings({});
  const limits = Object.fromEntries(
    Object.entries(defaults)
      .filter(([key]) => key.startsWith('RATE_LIMIT_'))
      .map(([key, value]) => [key, String(value)]),
  );
  // Errors the server logs, by request id, so a 5xx finding says what went wrong.
  const errors = new Map<string, string>();
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n')) {
        if (!line) continue;
        try {
          const entry = JSON.parse(line) as { reqId?: string; err?: { type?: string; message?: string } };
          if (entry.reqId && entry.err) errors.set(entry.reqId, `${entry.err.type}: ${entry.err.message}`);
        } catch {}
      }
      done();
    },
  });
  const ctx: TestContext = await createTestContext(
    { ...limits, LOG_LEVEL: 'error' },
    { logStream, template: await demo },
  );
  const found: Finding[] = [];
  try {
    const { rows } = await ctx.db.$client.query<{ id: string }>('SELECT id::text FROM users_master ORDER BY id');
    const knownIds = rows.map((row) => row.id);
    knownNumbers = knownIds.map(Number);
    const operations = operationsOf(ctx.app.swagger() as Parameters<typeof operationsOf>[0]);
    totals.operations = operations.length;
    let cookie = persona === 'anonymous' ? undefined : await ctx.signIn(persona);
    let signingIn: Promise<string> | undefined;

    for (const [index, operation] of operations.entries()) {
      const name = `${operation.method} ${operation.path}`;
      const requests = fc.sample(requestArbitrary(operation, knownIds), {
        seed: SEED + index,
        numRuns: REQUESTS_PER_OPERATION,
      });
      await inParallel(requests, CONCURRENCY, async (request) => {
        const send = () =>
          ctx.app.inject({
            method: request.method as 'GET',
            url: request.url,
            headers: cookie ? { ...request.headers, cookie } : request.headers,
            payload: request.payload,
          });
        let response = await send();
        // The admin may end its own session (a password set, a sign-out): sign in again and retry.
        if (response.statusCode === 401 && cookie) {
          const stale = cookie;
          signingIn ??= ctx.signIn(persona).finally(() => {
            signingIn = undefined;
          });
          totals.reSignIns++;
          if (cookie === stale) cookie = await signingIn;
          response = await send();
        }
        totals.requests++;
        totals.statuses.set(response.statusCode, (totals.statuses.get(response.statusCode) ?? 0) + 1);
        const report = (problem: string) =>
          found.push({
            persona,
            operation: name,
            mode: request.mode,
            status: response.statusCode,
            problem,
            url: clip(request.url, 200)!,
            payload: clip(request.payload),
          });
        if (response.statusCode >= 500) {
          totals.serverErrors++;
          const logged = errors.get(String(response.headers['x-request-id']));
          report(`${clip(response.body, 120)} logged: ${clip(logged, 400)}`);
        }
        if (response.statusCode >= 400) {
          let body: unknown;
          try {
            body = response.json();
          } catch {
            body = response.body;
          }
          const parsed = ProblemDetails.safeParse(body);
          if (!parsed.success || parsed.data.status !== response.statusCode) {
            report(`not problem details: ${clip(response.body)}`);
          }
          // A 429 (the request limits run before validation) refuses the whole request anyway.
          if (request.mode === 'extra' && request.extraKey && response.statusCode !== 429) {
            const named = parsed.data?.errors?.some((error) => error.field.split('.').includes(request.extraKey!));
            if (response.statusCode !== 400 || !named) report(`extra key ${request.extraKey} not refused by name`);
          }
        } else if (request.mode === 'extra' && request.extraKey) {
          report(`extra key ${request.extraKey} accepted`);
        }
      });
    }
  } finally {
    await ctx.close();
  }
  return found;
}

/**
 * The personas run side by side, each against its own database and app. About 70 s of CPU in all;
 * the generous timeout is for a machine shared with other suites (the integration project runs
 * three files at a time).
 */
const runs = new Map<Persona, Promise<Finding[]>>();
beforeAll(() => {
  const demo = seededDemoDatabase();
  for (const persona of PERSONAS) {
    const run = runPersona(persona, demo);
    run.catch(() => {}); // reported by the persona's own test
    runs.set(persona, run);
  }
});

describe('generated bad input', () => {
  for (const persona of PERSONAS) {
    it(`${persona}: no 5xx, every error is problem details, unknown body keys refused`, {
      timeout: 600_000,
    }, async () => {
      const found = await runs.get(persona)!;
      findings.push(...found);
      const summary = new Map<string, Finding>();
      found.sort((a, b) => b.status - a.status);
      for (const finding of found) {
        const key = `${finding.operation} ${finding.status} ${finding.problem.slice(0, 60)}`;
        if (!summary.has(key)) summary.set(key, finding);
      }
      expect([...summary.values()].slice(0, 15)).toEqual([]);
    });
  }
});
