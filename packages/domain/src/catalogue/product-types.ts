import { z } from 'zod';

// Product types (spec 3 §2.12, §3.2): a name, unique whatever its case; deleting one only marks it.

export const PRODUCT_TYPE_NAME_REQUIRED = 'Product type name is required';
export const PRODUCT_TYPE_NAME_TAKEN = 'A product type with this name already exists';
export const PRODUCT_TYPE_NOT_FOUND = 'Product type not found';
/** Decision 065: a type a live deal or product is of stays (and stays on its supplier's list). */
export const productTypeInUse = (names: readonly string[]) =>
  `Live deals or products are of the product type${names.length > 1 ? 's' : ''} ${names.map((name) => `'${name}'`).join(', ')}: delete or change them first`;

export const ProductTypeRequest = z.object({
  name: z
    .string({ error: PRODUCT_TYPE_NAME_REQUIRED })
    .trim()
    .min(1, PRODUCT_TYPE_NAME_REQUIRED)
    .max(100, 'Product type name can be at most 100 characters'),
});
export type ProductTypeRequest = z.infer<typeof ProductTypeRequest>;

export const ProductTypeRow = z.object({ id: z.number().int(), name: z.string() });
export type ProductTypeRow = z.infer<typeof ProductTypeRow>;

export const ProductTypeList = z.object({ items: z.array(ProductTypeRow) });
export type ProductTypeList = z.infer<typeof ProductTypeList>;

export const CatalogueIdParams = z.object({ id: z.coerce.number().int().min(1) });
export type CatalogueIdParams = z.infer<typeof CatalogueIdParams>;

export const CatalogueOk = z.object({ ok: z.literal(true) });
export type CatalogueOk = z.infer<typeof CatalogueOk>;
