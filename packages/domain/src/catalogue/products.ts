import { z } from 'zod';
import { PageNumber, pageOf } from '../platform/problem.ts';

// A supplier's products (spec 3 §2.12, §3.2, §5.6, §9): the price is typed and shown with 15 % VAT
// and kept without it in integer cents; the OGR percentage is a slider of 0–20 % in steps of 0.5,
// kept as a fraction (7.5 % → 0.075).

export const VAT_RATE = 0.15;
export const OGR_MAX_PERCENT = 20;
export const OGR_STEP_PERCENT = 0.5;
/** refs_product_status 1: the healthy status; anything else reads 'Unknown Status - Please Update'. */
export const ACTIVE_PRODUCT_STATUS = 1;
export const UNKNOWN_PRODUCT_STATUS = 'Unknown Status - Please Update';

export const PRODUCT_MESSAGES = {
  name: 'Product name is required',
  number: 'Please enter a valid number.',
  status: 'Please select a Product Status',
  type: 'Please select a Product Type',
  supplier: 'Please select a Supplier',
  typeFirst: 'Please select a product type before selecting a supplier.',
  supplierOffers: 'This supplier does not offer the chosen product type',
  ogr: 'OGR percentage must be between 0 and 20 in steps of 0.5',
  revenuePoints: 'Revenue points must be a whole number of 0 or more',
  notFound: 'Product not found',
  unknownStatus: 'Please select a Product Status',
  added: 'Product added successfully!',
  updated: 'Product updated successfully!',
  deleted: 'Product deleted successfully!',
  /** A live deal holds the product (decision 065): it keeps its supplier and type, and stays. */
  inDeal: (deals: readonly string[]) =>
    `This product is in the deal${deals.length > 1 ? 's' : ''} ${deals.map((name) => `'${name}'`).join(', ')}: remove it from ${deals.length > 1 ? 'them' : 'it'} first (Deals)`,
  fetchFailed: 'Failed to fetch products. Please try again.',
  saveFailed: (message: string) => `Failed to save product: ${message}`,
  deleteFailed: (message: string) => `Failed to delete product: ${message}`,
} as const;

const MONEY = /^\d{1,7}(\.\d{1,2})?$/;

/** A positive amount of rand with at most two decimals, as typed. */
export const isPositiveMoney = (value: string): boolean => MONEY.test(value.trim()) && Number(value) > 0;

/** Typed with VAT → kept without VAT, integer cents: round(input × 100 / 1.15). */
export const priceInclVatToExclCents = (value: string): number =>
  Math.round(Math.round(Number(value) * 100) / (1 + VAT_RATE));

/** Kept without VAT → the price shown, with VAT, integer cents: round(cents × 1.15). */
export const priceExclCentsToInclCents = (cents: number): number => Math.round(cents * (1 + VAT_RATE));

/** Cents as the form shows them again: '115.00'. */
export const centsToInput = (cents: number): string => (cents / 100).toFixed(2);

/** A rand amount as typed → integer cents. */
export const randToCents = (value: string): number => Math.round(Number(value) * 100);

export const ogrPercentToFraction = (percent: number): string => (Math.round(percent * 10) / 1000).toFixed(3);
export const ogrFractionToPercent = (fraction: string | number): number => Math.round(Number(fraction) * 1000) / 10;

export const isOgrPercent = (value: number): boolean =>
  Number.isFinite(value) &&
  value >= 0 &&
  value <= OGR_MAX_PERCENT &&
  Number.isInteger(Math.round(value * 1e6) / 1e6 / OGR_STEP_PERCENT);

/** The status a card shows: the name of status 1, otherwise the spec's reminder. */
export const productStatusLabel = (statusId: number | null, statusName: string | null): string =>
  statusId === ACTIVE_PRODUCT_STATUS && statusName ? statusName : UNKNOWN_PRODUCT_STATUS;

const money = z.string({ error: PRODUCT_MESSAGES.number }).trim().refine(isPositiveMoney, PRODUCT_MESSAGES.number);

const choice = (message: string) =>
  z.preprocess(
    (value) => (value === '' || value === null || value === undefined ? 0 : value),
    z.coerce.number({ error: message }).int(message).min(0, message),
  );

export const ProductRequest = z
  .object({
    displayName: z.string({ error: PRODUCT_MESSAGES.name }).trim().min(1, PRODUCT_MESSAGES.name).max(200),
    productDescription: z.string().trim().max(2000).default(''),
    refsProductTypeId: choice(PRODUCT_MESSAGES.type),
    suppliersMasterId: choice(PRODUCT_MESSAGES.supplier),
    /** Rand with VAT, as typed: '115.00'. */
    customerPrice: money,
    /** Total once-off commission receivable, rand without VAT. */
    totalCommission: money,
    ogrPercentage: z.coerce.number({ error: PRODUCT_MESSAGES.ogr }).refine(isOgrPercent, PRODUCT_MESSAGES.ogr),
    revenuePoints: z.coerce
      .number({ error: PRODUCT_MESSAGES.revenuePoints })
      .int(PRODUCT_MESSAGES.revenuePoints)
      .min(0, PRODUCT_MESSAGES.revenuePoints)
      .max(1_000_000, PRODUCT_MESSAGES.revenuePoints),
    refsProductStatusId: choice(PRODUCT_MESSAGES.status),
  })
  .superRefine((value, ctx) => {
    if (value.refsProductStatusId < 1)
      ctx.addIssue({ code: 'custom', path: ['refsProductStatusId'], message: PRODUCT_MESSAGES.status });
    if (value.refsProductTypeId < 1) {
      ctx.addIssue({ code: 'custom', path: ['refsProductTypeId'], message: PRODUCT_MESSAGES.type });
      ctx.addIssue({ code: 'custom', path: ['suppliersMasterId'], message: PRODUCT_MESSAGES.typeFirst });
    } else if (value.suppliersMasterId < 1) {
      ctx.addIssue({ code: 'custom', path: ['suppliersMasterId'], message: PRODUCT_MESSAGES.supplier });
    }
  });
export type ProductRequest = z.output<typeof ProductRequest>;
export type ProductFormValues = z.input<typeof ProductRequest>;

export const ProductDetail = z.object({
  id: z.number().int(),
  displayName: z.string(),
  productDescription: z.string(),
  refsProductTypeId: z.number().int().nullable(),
  suppliersMasterId: z.number().int(),
  customerPrice: z.string(),
  totalCommission: z.string(),
  ogrPercentage: z.number(),
  revenuePoints: z.number().int(),
  refsProductStatusId: z.number().int().nullable(),
  /** As stored: cents without VAT and the OGR fraction. */
  customerPriceVatExclCents: z.number().int(),
  comOgrPercentageReceivable: z.string(),
});
export type ProductDetail = z.infer<typeof ProductDetail>;

export const ProductSaved = z.object({ id: z.number().int() });

export const ProductCard = z.object({
  id: z.number().int(),
  displayName: z.string(),
  refsProductStatusId: z.number().int().nullable(),
  statusName: z.string().nullable(),
  /** Price with VAT, integer cents (shown with formatRand). */
  priceInclVatCents: z.number().int(),
  logoUrl: z.string().nullable(),
});
export type ProductCard = z.infer<typeof ProductCard>;

export const ProductCardQuery = z.object({
  page: PageNumber,
  pageSize: z.coerce.number().int().min(1).max(100).default(48),
});
export const ProductCardPage = pageOf(ProductCard);
export type ProductCardPage = z.infer<typeof ProductCardPage>;

/** Imported products and their match (the 'Match Products' dialog). */
export const ImportedProduct = z.object({
  id: z.number().int(),
  productName: z.string(),
  productsMasterId: z.number().int().nullable(),
});
export type ImportedProduct = z.infer<typeof ImportedProduct>;
export const MATCH_LIST_LIMIT = 100;
export const ProductMatches = z.object({
  /** Unmatched first, at most 100. */
  items: z.array(ImportedProduct),
  unmatched: z.number().int(),
  total: z.number().int(),
  /** The supplier's live products to match against (at most 500, by name). */
  products: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type ProductMatches = z.infer<typeof ProductMatches>;

export const MATCH_MESSAGES = {
  choose: 'Please choose a product for every imported product you match',
  foreign: 'Imported and master products must belong to this supplier',
} as const;

export const ProductMatchRequest = z.object({
  matches: z
    .array(
      z.object({
        importId: z.number().int().min(1),
        productsMasterId: z.number({ error: MATCH_MESSAGES.choose }).int().min(1, MATCH_MESSAGES.choose),
      }),
    )
    .min(1, MATCH_MESSAGES.choose)
    .max(MATCH_LIST_LIMIT),
});
export type ProductMatchRequest = z.infer<typeof ProductMatchRequest>;
