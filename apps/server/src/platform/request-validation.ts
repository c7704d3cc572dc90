import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

// Request bodies refuse keys their schema does not name (docs/decisions/011): a client that sends
// `isAdmin`, `id`, `authId` or `refsUserLifecycleStatusId` with a profile update gets a 400 naming
// the field instead of having it silently stripped. The schemas in packages/domain stay plain
// `z.object`s (the web forms share them through zodResolver); only the server's copy used to
// validate a body is made strict, here, for every route, including the ones not written yet.

type AnySchema = z.ZodType & { clone(def: unknown): z.ZodType };

const strictCache = new WeakMap<object, z.ZodType>();

/**
 * The same schema with every object in it made strict (unknown keys refused), keeping its
 * refinements, defaults and transforms. An object that already chose what to do with extra keys
 * (`.catchall`, `.passthrough`, `z.looseObject`) keeps its choice; intersections are left alone
 * (each side would refuse the other's keys).
 */
export function strictSchema<T extends z.ZodType>(schema: T): T {
  const cached = strictCache.get(schema);
  if (cached) return cached as T;
  const result = makeStrict(schema as unknown as AnySchema) as unknown as T;
  strictCache.set(schema, result);
  return result;
}

function makeStrict(schema: AnySchema): z.ZodType {
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  switch (def.type) {
    case 'object': {
      const shape = Object.fromEntries(
        Object.entries(def.shape as Record<string, z.ZodType>).map(([key, value]) => [key, strictSchema(value)]),
      );
      return schema.clone({ ...def, shape, catchall: def.catchall ?? z.never() });
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return schema.clone({ ...def, innerType: strictSchema(def.innerType as z.ZodType) });
    case 'array':
      return schema.clone({ ...def, element: strictSchema(def.element as z.ZodType) });
    case 'pipe':
      return schema.clone({ ...def, in: strictSchema(def.in as z.ZodType) });
    case 'union':
      return schema.clone({ ...def, options: (def.options as z.ZodType[]).map((option) => strictSchema(option)) });
    default:
      return schema;
  }
}

/**
 * fastify-type-provider-zod's validator, with strict objects for bodies. Query strings and
 * params keep their schemas as written (an unknown query parameter changes nothing).
 */
export const strictBodyValidatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) =>
  validatorCompiler(route.httpPart === 'body' ? { ...route, schema: strictSchema(route.schema) } : route);
