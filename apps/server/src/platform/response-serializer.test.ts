import { OrderReport } from '@portal/domain/orders/order-report';
import { isResponseSerializationError, serializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compileResponseWriter, responseSerializerCompiler } from './response-serializer.ts';

// The built writers against the library's serializer (Zod `encode`, then `JSON.stringify`): the
// same bytes for every answer that passes, the same error for every answer that does not.

const route = (schema: unknown) => ({ schema, method: 'GET', url: '/test', httpStatus: '200' }) as const;
const library = (schema: unknown) => serializerCompiler(route(schema) as never);
const built = (schema: unknown) => responseSerializerCompiler(route(schema) as never);

/** What the library throws for the value, or its JSON. */
const outcome = (serialize: (data: unknown) => string, data: unknown) => {
  try {
    return serialize(data);
  } catch (error) {
    return isResponseSerializationError(error) ? `refused: ${error.message}` : `threw: ${String(error)}`;
  }
};

const row = (fields: Record<string, unknown> = {}) => ({
  id: 7,
  orderNumber: 'A-1',
  customerAccountNumber: null,
  customerName: null,
  customerAddress: null,
  customerPhone: null,
  customerEmail: null,
  createdDate: '2026-11-02',
  paidDate: null,
  installedDate: null,
  activatedDate: null,
  commissionPaidDate: null,
  customerStatus1: null,
  customerStatus2: null,
  commissionStatus: 'not_activated',
  progress: 'Placed',
  ...fields,
});
const report = (rows: unknown[], fields: Record<string, unknown> = {}) => ({
  userId: 12,
  report: 'order',
  page: 1,
  pageSize: 50,
  total: rows.length,
  rows,
  tiles: { created: rows.length, paid: 0, installed: 0, activated: 0 },
  trend: [
    { period: '2026-10', created: 0, paid: 0, installed: 0, activated: 0 },
    { period: '2026-11', created: rows.length, paid: 1, installed: 0, activated: 0 },
  ],
  ...fields,
});

/** Strings `JSON.stringify` writes as they are and strings it escapes. */
const TEXTS = [
  '',
  'Thandi Nkosi',
  'Zoë Müller-Smit, Kaapstad',
  '12 “Long” Street',
  'say "hi"',
  'back\\slash',
  'line\nbreak\ttab\r',
  '\u0000\u0001\u001f control',
  'separators \u2028 \u2029',
  'emoji 📞🇿🇦 and 日本語',
  'lone \ud83d surrogate',
  'lone \ude00 low',
  '</script><script>alert(1)</script>',
  '\u007f\u0080\u00a0',
];

describe('the order report answer', () => {
  const serializeBuilt = built(OrderReport);
  const serializeLibrary = library(OrderReport);

  it('is built (not left to the library)', () => {
    expect(compileResponseWriter(OrderReport)).toBeDefined();
  });

  it('comes out byte for byte as the library wrote it, with nulls, dates and every kind of text', () => {
    const rows = [
      row(),
      ...TEXTS.map((text, i) =>
        row({
          id: 100 + i,
          orderNumber: text,
          customerAccountNumber: `00${i}`,
          customerName: text,
          customerAddress: text,
          customerPhone: '821234567',
          customerEmail: 'a@example.com',
          paidDate: '2026-11-03',
          installedDate: i % 2 ? null : '2026-11-04',
          activatedDate: '2026-11-05',
          commissionPaidDate: i % 3 ? null : '2026-11-06',
          customerStatus1: text,
          customerStatus2: i % 2 ? text : null,
          commissionStatus: i % 3 ? 'activated_unpaid' : null,
          progress: i % 3 ? 'Activated' : 'Commission Paid',
        }),
      ),
    ];
    for (const data of [report([]), report(rows), report(rows, { total: 9_007_199_254_740_991, page: 100_000 })]) {
      expect(serializeBuilt(data)).toBe(serializeLibrary(data));
    }
  });

  it('leaves out what the schema does not name, as the library does', () => {
    const data = report([row({ passwordHash: 'x', internalNote: 'y' })], {
      secret: true,
      tiles: { ...report([]).tiles, extra: 1 },
    });
    const written = serializeBuilt(data);
    expect(written).toBe(serializeLibrary(data));
    expect(written).not.toMatch(/passwordHash|internalNote|secret|extra/);
  });

  it('writes -0 and keys in the schema’s order whatever the order of the row', () => {
    const reversed = Object.fromEntries(Object.entries(row()).reverse());
    const data = report([reversed], { tiles: { activated: 0, installed: -0, paid: 0, created: 1 } });
    expect(serializeBuilt(data)).toBe(serializeLibrary(data));
  });

  it('refuses what the library refuses, with the same error', () => {
    const bad = [
      undefined,
      null,
      [],
      'text',
      report([row({ id: 1.5 })]),
      report([row({ id: '7' })]),
      report([row({ id: Number.MAX_SAFE_INTEGER + 2 })]),
      report([row({ id: Number.NaN })]),
      report([row({ id: Number.POSITIVE_INFINITY })]),
      report([row({ orderNumber: null })]),
      report([row({ customerName: undefined })]),
      report([row({ createdDate: new Date('2026-11-02') })]),
      report([row({ progress: 'placed' })]),
      report([row({ commissionStatus: 'paid' })]),
      report([row()], { total: -1 }),
      report([row()], { report: 'other' }),
      report([row()], { rows: { 0: row() } }),
      report([row()], { trend: [{ period: '2026-1', created: 0, paid: 0, installed: 0, activated: 0 }] }),
      report([row()], { tiles: null }),
      Object.fromEntries(Object.entries(report([row()])).filter(([key]) => key !== 'trend')),
      report([row(), undefined]),
    ];
    for (const data of bad) {
      const expected = outcome(serializeLibrary, data);
      expect(expected).toMatch(/^refused: /);
      expect(outcome(serializeBuilt, data)).toBe(expected);
    }
  });
});

describe('schemas other routes answer with', () => {
  const Item = z.object({
    name: z.string().min(2).max(5),
    code: z.string().regex(/^[A-Z]+$/),
    email: z.email(),
    count: z.number().int().min(0).max(10),
    ratio: z.number(),
    flag: z.boolean(),
    kind: z.literal(['a', 'b', 3]),
    nothing: z.null(),
    note: z.string().optional(),
    remark: z.string().nullable().optional(),
    tags: z.array(z.string()).max(2),
  });
  const item = {
    name: 'Ann',
    code: 'ABC',
    email: 'ann@example.com',
    count: 3,
    ratio: 0.1 + 0.2,
    flag: false,
    kind: 3,
    nothing: null,
    tags: ['x'],
  };

  it('are built for objects, arrays, strings, numbers, booleans, enums, literals, null and optional keys', () => {
    expect(compileResponseWriter(Item)).toBeDefined();
    expect(compileResponseWriter(z.array(Item.nullable()))).toBeDefined();
  });

  it('write what the library writes, and refuse what it refuses', () => {
    const cases = [
      item,
      { ...item, note: 'ünïcode ✓' },
      { ...item, note: undefined },
      { ...item, ratio: 1e21, count: 0 },
      { ...item, ratio: -1e-7 },
      { ...item, kind: 'b', flag: true, tags: [] },
      { ...item, name: 'A' },
      { ...item, name: '😀😀😀😀😀' },
      { ...item, name: '😀😀😀😀😀😀' },
      { ...item, code: 'abc' },
      { ...item, email: 'not an email' },
      { ...item, count: 11 },
      { ...item, kind: 'c' },
      { ...item, nothing: undefined },
      { ...item, note: null },
      { ...item, remark: null },
      { ...item, remark: 'r' },
      { ...item, remark: undefined },
      { ...item, remark: 1 },
      { ...item, tags: ['a', 'b', 'c'] },
      { ...item, flag: 0 },
    ];
    for (const schema of [Item, z.array(Item.nullable())]) {
      const [serializeBuilt, serializeLibrary] = [built(schema), library(schema)];
      for (const value of cases) {
        const data = schema === Item ? value : [value, null];
        expect(outcome(serializeBuilt, data)).toBe(outcome(serializeLibrary, data));
      }
    }
  });

  it('leave to the library what they cannot build: dates, transforms, defaults, unions, records, refinements, strict objects', () => {
    const Leaf = z.object({ id: z.number() });
    for (const schema of [
      z.object({ at: z.date() }),
      z.object({ name: z.string().transform((value) => value.toUpperCase()) }),
      z.object({ name: z.string().default('x') }),
      z.object({ value: z.union([z.string(), z.number()]) }),
      z.record(z.string(), z.number()),
      Leaf.refine((value) => value.id > 0),
      z.strictObject({ id: z.number() }),
      z.looseObject({ id: z.number() }),
      z.object({ id: z.coerce.number() }),
      z.object({ note: z.string().optional().nullable() }),
      z.object({ name: z.string().trim() }),
      z.unknown(),
    ]) {
      expect(compileResponseWriter(schema)).toBeUndefined();
    }
  });

  it('give a changed value to the library: a URL the check rewrites comes out as the library writes it', () => {
    const schema = z.object({ link: z.url() });
    const serializeBuilt = built(schema);
    expect(compileResponseWriter(schema)).toBeDefined();
    for (const link of ['https://example.com/a', ' https://example.com/b ', 'nope']) {
      expect(outcome(serializeBuilt, { link })).toBe(outcome(library(schema), { link }));
    }
  });
});
