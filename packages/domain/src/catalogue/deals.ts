import { z } from 'zod';
import { MAX_ROW_ID } from '../platform/ids.ts';
import { pageOf } from '../platform/problem.ts';

// '/deals' (spec 3 §2.11, §3.2, §5.1): a deal is one supplier's offer for one product type, with
// its products and their commission rates (4 user tiers, 7 leader levels, whole rand). These
// schemas are the one definition of the payloads: the server validates with them and the dialogs
// use them through zodResolver, so both say the spec's messages.

export const DEAL_MESSAGES = {
  required: 'Please fill in the following required fields: ',
  selectProduct: 'Please select a product.',
  invalidRate: (label: string) => `Please enter a valid number for ${label}.`,
  created: 'Deal created successfully!',
  updated: 'Deal updated successfully!',
  deleted: 'Deal deleted successfully!',
  createFailed: (message: string) => `Failed to create deal: ${message}`,
  updateFailed: (message: string) => `Failed to update deal: ${message}`,
  deleteFailed: (message: string) => `Failed to delete deal: ${message}`,
  productAdded: 'Product added successfully!',
  productUpdated: 'Product updated successfully!',
  productDeleted: 'Product deleted successfully!',
  productSaveFailed: (message: string) => `Failed to save product: ${message}`,
  productDeleteFailed: (message: string) => `Failed to delete product: ${message}`,
  supplierMismatch: 'The supplier does not offer this product type.',
  productOfAnotherSupplier: "This product does not belong to the deal's supplier.",
  productOfAnotherType: "This product is not of the deal's product type.",
  productsDoNotFit: "Remove the deal's products of the old supplier or product type before changing them.",
  notFound: 'Deal not found',
} as const;

/** The deal form's fields and their labels, in the order the message lists them. */
export const DEAL_FIELD_LABELS = {
  dealName: 'Deal Name',
  dealDescription: 'Deal Description',
  supplierId: 'Supplier',
  productTypeId: 'Product Type',
  dealTypeId: 'Deal Type',
} as const;
export type DealField = keyof typeof DEAL_FIELD_LABELS;

const rowId = z.number().int().positive().max(MAX_ROW_ID);

/** 'Please fill in the following required fields: Deal Name, Supplier' for what is missing; '' when none. */
export function missingDealFieldsMessage(values: Partial<Record<DealField, unknown>>): string {
  const missing = (Object.keys(DEAL_FIELD_LABELS) as DealField[]).filter((field) => {
    const value = values[field];
    return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
  });
  return missing.length
    ? `${DEAL_MESSAGES.required}${missing.map((field) => DEAL_FIELD_LABELS[field]).join(', ')}`
    : '';
}

/**
 * Create or edit a deal. Every field is required; a missing one is reported once, in the spec's
 * one message naming all of them (issue path `root`, shown above the form's buttons).
 */
export const DealRequest = z
  .object({
    dealName: z.string().trim().max(200),
    dealDescription: z.string().trim().max(2000),
    supplierId: rowId.nullable(),
    productTypeId: rowId.nullable(),
    dealTypeId: rowId.nullable(),
  })
  .superRefine((values, context) => {
    const message = missingDealFieldsMessage(values);
    if (message) context.addIssue({ code: 'custom', path: ['root'], message });
  });
export type DealRequest = z.infer<typeof DealRequest>;
/** The form's values before validation (ids null until chosen). */
export type DealFormValues = z.input<typeof DealRequest>;

/** A deal request once validated: every field present. */
// A type, not an interface, so it can travel as a plain audit record.
export type CompleteDeal = {
  dealName: string;
  dealDescription: string;
  supplierId: number;
  productTypeId: number;
  dealTypeId: number;
};

/** Narrows a validated request (the schema already refused a missing field). */
export function completeDeal(request: DealRequest): CompleteDeal | undefined {
  const { supplierId, productTypeId, dealTypeId } = request;
  if (supplierId === null || productTypeId === null || dealTypeId === null) return undefined;
  if (!request.dealName || !request.dealDescription) return undefined;
  return { ...request, supplierId, productTypeId, dealTypeId };
}

export const USER_RATE_FIELDS = ['userRate1', 'userRate2', 'userRate3', 'userRate4'] as const;
export const LEADER_RATE_FIELDS = [
  'leaderRate1',
  'leaderRate2',
  'leaderRate3',
  'leaderRate4',
  'leaderRate5',
  'leaderRate6',
  'leaderRate7',
] as const;
export type RateField = (typeof USER_RATE_FIELDS)[number] | (typeof LEADER_RATE_FIELDS)[number];
export const RATE_FIELDS: readonly RateField[] = [...USER_RATE_FIELDS, ...LEADER_RATE_FIELDS];

/** 'User Rate 1' … 'User Rate 4', 'Leader Rate 1' … 'Leader Rate 7'. */
export function rateLabel(field: RateField): string {
  const match = /^(user|leader)Rate(\d)$/.exec(field);
  return match ? `${match[1] === 'user' ? 'User' : 'Leader'} Rate ${match[2]}` : field;
}

/** The largest rate PostgreSQL's integer holds. */
export const MAX_RATE = 2_147_483_647;

/** A whole number of rand: a number, or text of digits only (as typed); anything else gets the label's message. */
const rate = (label: string) => {
  const error = DEAL_MESSAGES.invalidRate(label);
  return z
    .union([z.number(), z.string()], { error })
    .transform((value) => (typeof value === 'number' ? value : /^\s*\d+\s*$/.test(value) ? Number(value) : Number.NaN))
    .pipe(z.number({ error }).int({ error }).min(0, { error }).max(MAX_RATE, { error }));
};

const rateShape = Object.fromEntries(RATE_FIELDS.map((field) => [field, rate(rateLabel(field))])) as Record<
  RateField,
  ReturnType<typeof rate>
>;

/** A product of a deal with its 11 rates: adds it, or replaces its rates when already in the deal. */
export const DealProductRequest = z.object({
  productId: rowId.nullable().refine((value) => value !== null, { error: DEAL_MESSAGES.selectProduct }),
  ...rateShape,
});
export type DealProductRequest = z.infer<typeof DealProductRequest>;
export type DealProductFormValues = z.input<typeof DealProductRequest>;

export const DealRates = z.object(
  Object.fromEntries(RATE_FIELDS.map((field) => [field, z.number().int()])) as Record<RateField, z.ZodNumber>,
);
export type DealRates = z.infer<typeof DealRates>;

export const DealProduct = DealRates.extend({ productId: z.number().int(), productName: z.string() });
export type DealProduct = z.infer<typeof DealProduct>;
export const DealProductList = z.array(DealProduct);

/** A row of the deals grid. */
export const DealRow = z.object({
  id: z.number().int(),
  dealName: z.string(),
  dealDescription: z.string(),
  supplierId: z.number().int(),
  supplierName: z.string(),
  productTypeId: z.number().int(),
  productTypeName: z.string(),
  dealTypeId: z.number().int(),
  dealTypeName: z.string(),
  createdAt: z.string(),
  productCount: z.number().int(),
  /** The first few product names, for the grid's product column. */
  productNames: z.array(z.string()),
});
export type DealRow = z.infer<typeof DealRow>;

export const DealsQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
  search: z.string().trim().max(100).optional(),
});
export type DealsQuery = z.infer<typeof DealsQuery>;

export const DealsPage = pageOf(DealRow);
export type DealsPage = z.infer<typeof DealsPage>;

const NamedChoice = z.object({ id: z.number().int(), name: z.string() });

/** What the dialogs choose from: suppliers with their product types, deal types, and products. */
export const DealChoicesQuery = z.object({
  supplierId: z.coerce.number().int().positive().max(MAX_ROW_ID).optional(),
  productTypeId: z.coerce.number().int().positive().max(MAX_ROW_ID).optional(),
});
export type DealChoicesQuery = z.infer<typeof DealChoicesQuery>;

/** At most this many products are offered for one supplier and product type. */
export const DEAL_PRODUCT_CHOICES_LIMIT = 500;

export const DealChoices = z.object({
  suppliers: z.array(NamedChoice.extend({ productTypes: z.array(NamedChoice) })),
  dealTypes: z.array(NamedChoice),
  /** The supplier's products of the product type (only when both are asked for). */
  products: z.array(NamedChoice),
});
export type DealChoices = z.infer<typeof DealChoices>;
