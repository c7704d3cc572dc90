import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { strictSchema } from './request-validation.ts';

describe('strict request bodies', () => {
  const Body = z
    .object({
      name: z.string().trim().min(1),
      address: z.object({ city: z.string() }).optional(),
      items: z.array(z.object({ id: z.number() })).default([]),
      loose: z.looseObject({ a: z.number() }).optional(),
    })
    .refine((value) => value.name !== 'forbidden', { path: ['name'], message: 'Not that name' });

  it('refuses unknown keys at every depth and names them', () => {
    const strict = strictSchema(Body);
    const result = strict.safeParse({
      name: 'A',
      isAdmin: true,
      address: { city: 'X', zip: 1 },
      items: [{ id: 1, x: 2 }],
    });
    expect(result.success).toBe(false);
    const unknown = result.error!.issues.filter((issue) => issue.code === 'unrecognized_keys');
    const found = unknown.map((issue) => `${issue.path.join('.')}:${(issue as { keys: string[] }).keys.join(',')}`);
    expect(found.sort()).toEqual([':isAdmin', 'address:zip', 'items.0:x']);
  });

  it('keeps refinements, defaults, transforms and a loose object’s choice', () => {
    const strict = strictSchema(Body);
    expect(strict.parse({ name: '  B  ', loose: { a: 1, extra: true } })).toEqual({
      name: 'B',
      items: [],
      loose: { a: 1, extra: true },
    });
    expect(strict.safeParse({ name: 'forbidden' }).error?.issues[0]?.message).toBe('Not that name');
  });

  it('leaves the schema it was given as it was (forms still strip)', () => {
    strictSchema(Body);
    expect(Body.parse({ name: 'C', isAdmin: true })).toEqual({ name: 'C', items: [] });
  });
});
