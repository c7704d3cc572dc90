import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A react-hook-form resolver whose zod schema (and so zod itself, about 22 kB over the wire) loads
 * on the form's first validation instead of with the page: the sign-in page shows without it.
 * A failed load (no signal) is tried again on the next validation.
 */
export function lazyZodResolver<Form extends FieldValues>(load: () => Promise<z.ZodType>): Resolver<Form> {
  let loading: Promise<Resolver<Form>> | undefined;
  return async (values, context, options) => {
    loading ??= Promise.all([import('@hookform/resolvers/zod'), load()]).then(
      ([{ zodResolver }, schema]) => zodResolver(schema as z.ZodType<Form, Form>) as unknown as Resolver<Form>,
    );
    try {
      return await (await loading)(values, context, options);
    } catch (error) {
      loading = undefined;
      throw error;
    }
  };
}
