import { z } from 'zod';
import { RowIdParam } from '../platform/ids.ts';
import { pageOf } from '../platform/problem.ts';

// Supplier links (spec 2 "Supplier Links tab", §3 Supplier link and Dealer variables, §4 Link, §5
// Link form, §9): a supplier's web addresses, each with REST query parameters whose values are a
// dealer variable (filled in by the server for the signed-in dealer) or a static value.

/** Spec 2 §9: links per page. */
export const LINKS_PAGE_SIZE = { list: 30, grid: 50 } as const;
export type LinksView = keyof typeof LINKS_PAGE_SIZE;
export const LINK_MAX_PARAMETERS = 20;
/** Spec 2 §9: the link usage goal (display only): a link opened this often shows as well used. */
export const LINK_USAGE_GOAL = 5;
/** Spec 2 §9: the share-copy confirmation resets after 2 s. */
export const LINK_COPIED_RESET_MS = 2000;
export const LINK_ADDRESS_MAX_LENGTH = 2000;

export const LINK_MESSAGES = {
  copied: 'Link copied to clipboard!',
  unsafeAddress: 'Enter a web address that starts with http:// or https://',
  nameRequired: 'Please enter a link name.',
  addressRequired: 'Please enter a link address.',
  unknownVariable: 'Choose a dealer variable from the list.',
  notFound: 'This link no longer exists.',
  added: 'Link added successfully!',
  edited: 'Link edited successfully!',
  deleted: 'Link deleted successfully!',
  saveFailed: 'Error saving the link. Please try again.',
  deleteFailed: 'Error deleting the link. Please try again.',
  openFailed: 'Error opening the link. Please try again.',
  popupBlocked: 'Your browser blocked the new tab. Please allow pop-ups for this site.',
} as const;

/** The dealer variables every supplier offers (spec 2 §3). */
export const DEALER_CODE = 'DEALER_CODE';
export const DEALER_NAME = 'DEALER_NAME';
const PRODUCT_CODE_SUFFIX = '_DEALER_CODE';

/**
 * A product type's name as the {product} of `{product}_DEALER_CODE`: upper case, runs of anything
 * but letters and digits as one underscore ('Fixed LTE' → 'FIXED_LTE').
 */
export function productToken(productTypeName: string): string {
  return productTypeName
    .trim()
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

/** The variables a supplier's links may use: DEALER_CODE, DEALER_NAME and one per product type. */
export function dealerVariables(productTypeNames: readonly string[]): string[] {
  const products = [...new Set(productTypeNames.map(productToken).filter(Boolean))].sort();
  return [DEALER_CODE, DEALER_NAME, ...products.map((token) => `${token}${PRODUCT_CODE_SUFFIX}`)];
}

/** The dealer a link is opened for (read by the server, never sent by the browser). */
export interface LinkDealer {
  id: number;
  companyName: string | null;
  firstName: string;
  surname: string;
}

/**
 * A dealer variable's value (spec 2 §3): DEALER_CODE = Z-{id}; DEALER_NAME = the company name
 * (the dealer's own name when they have no company); {product}_DEALER_CODE = {product}_Z-{id}.
 * Undefined for a name that is no dealer variable.
 */
export function dealerVariableValue(variable: string, dealer: LinkDealer): string | undefined {
  const code = `Z-${dealer.id}`;
  if (variable === DEALER_CODE) return code;
  if (variable === DEALER_NAME) {
    return dealer.companyName?.trim() || `${dealer.firstName} ${dealer.surname}`.trim();
  }
  if (variable.endsWith(PRODUCT_CODE_SUFFIX)) {
    const token = variable.slice(0, -PRODUCT_CODE_SUFFIX.length);
    if (/^[A-Z0-9]+(?:_[A-Z0-9]+)*$/.test(token)) return `${token}_${code}`;
  }
  return undefined;
}

/**
 * Characters no link address holds: white space, backslashes (browsers read them as slashes, so
 * `https:/\\evil.test` goes to evil.test), control characters and the bidirectional overrides that
 * make an address read differently from where it goes.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we refuse
const UNSAFE_ADDRESS_CHARACTERS = /[\s\\\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

/**
 * True for an absolute http(s) address written out in full (`http://` or `https://`, then the
 * host): `javascript:`, `data:`, `//host`, `http:host` and the like are refused, and so is an
 * address with a user name or password before its host (`https://www.supplier.test@evil.test`
 * reads as the supplier's site but opens evil.test).
 */
export function isSafeLinkAddress(address: string): boolean {
  const text = address.trim();
  const prefix = /^https?:\/\//i.exec(text);
  if (!prefix || UNSAFE_ADDRESS_CHARACTERS.test(text)) return false;
  const authority = text.slice(prefix[0].length).split(/[/?#]/, 1)[0] ?? '';
  if (authority.includes('@')) return false;
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** A REST query parameter: `name` = the query name; `value` = a dealer variable, or a literal when static. */
export const LinkParameter = z.object({
  name: z.string(),
  value: z.string(),
  isStatic: z.boolean(),
});
export type LinkParameter = z.infer<typeof LinkParameter>;

/**
 * The address with its query parameters appended (after any the address already has, before a
 * #fragment), names and values URL-encoded. `valueFor` gives each parameter's value.
 */
export function appendParameters(
  address: string,
  parameters: readonly LinkParameter[],
  valueFor: (parameter: LinkParameter) => string,
  encodeValue: (parameter: LinkParameter, value: string) => string = (_, value) => encodeURIComponent(value),
): string {
  const trimmed = address.trim();
  if (!parameters.length) return trimmed;
  const hashAt = trimmed.indexOf('#');
  const base = hashAt === -1 ? trimmed : trimmed.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : trimmed.slice(hashAt);
  const query = parameters
    .map((parameter) => `${encodeURIComponent(parameter.name)}=${encodeValue(parameter, valueFor(parameter))}`)
    .join('&');
  const joiner = !base.includes('?') ? '?' : base.endsWith('?') || base.endsWith('&') ? '' : '&';
  return `${base}${joiner}${query}${hash}`;
}

/** The final address for a dealer: variables filled in; a variable that is no longer known is left empty. */
export const buildLinkAddress = (address: string, parameters: readonly LinkParameter[], dealer: LinkDealer): string =>
  appendParameters(address, parameters, (parameter) =>
    parameter.isStatic ? parameter.value : (dealerVariableValue(parameter.value, dealer) ?? ''),
  );

/** Spec 2 §5: the Preview URL shows name=value, dealer variables wrapped in braces. */
export const previewLinkAddress = (address: string, parameters: readonly LinkParameter[]): string =>
  appendParameters(
    address,
    parameters,
    (parameter) => (parameter.isStatic ? parameter.value : `{${parameter.value}}`),
    (parameter, value) => (parameter.isStatic ? encodeURIComponent(value) : value),
  );

/** Spec 2 §5: a REST parameter can be added only when both its name and value are non-empty. */
export const canAddParameter = (name: string, value: string): boolean => name.trim() !== '' && value.trim() !== '';

const ParameterInput = z.strictObject({
  name: z.string().trim().min(1, 'Enter the parameter name').max(100, 'Use at most 100 characters for the name'),
  value: z.string().trim().min(1, 'Enter the parameter value').max(500, 'Use at most 500 characters for the value'),
  isStatic: z.boolean(),
});

/** Add or edit a link (the supplier is given when adding). */
export const LinkRequest = z.strictObject({
  name: z.string().trim().min(1, LINK_MESSAGES.nameRequired).max(200, 'Use at most 200 characters for the name'),
  address: z
    .string()
    .trim()
    .min(1, LINK_MESSAGES.addressRequired)
    .max(LINK_ADDRESS_MAX_LENGTH, `Use at most ${LINK_ADDRESS_MAX_LENGTH} characters for the address`)
    .refine(isSafeLinkAddress, LINK_MESSAGES.unsafeAddress),
  parameters: z
    .array(ParameterInput)
    .max(LINK_MAX_PARAMETERS, `Use at most ${LINK_MAX_PARAMETERS} parameters`)
    .default([]),
});
export type LinkRequest = z.infer<typeof LinkRequest>;
export type LinkForm = z.input<typeof LinkRequest>;

export const CreateLinkRequest = LinkRequest.extend({ supplierId: z.number().int().positive() });
export type CreateLinkRequest = z.infer<typeof CreateLinkRequest>;

export const LinksQuery = z.strictObject({
  supplierId: RowIdParam,
  search: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(LINKS_PAGE_SIZE.grid).default(LINKS_PAGE_SIZE.list),
});
export type LinksQuery = z.infer<typeof LinksQuery>;

export const SupplierLink = z.object({
  id: z.number().int(),
  supplierId: z.number().int(),
  name: z.string(),
  /** The saved address and parameters: for admins, who edit them; null for everyone else. */
  address: z.string().nullable(),
  parameters: z.array(LinkParameter).nullable(),
  clickCount: z.number().int(),
  lastClickedAt: z.string().nullable(),
});
export type SupplierLink = z.infer<typeof SupplierLink>;

export const SupplierLinkPage = pageOf(SupplierLink).extend({
  /** The dealer variables this supplier's links may use (the form's list). */
  variables: z.array(z.string()),
});
export type SupplierLinkPage = z.infer<typeof SupplierLinkPage>;

/** The address built for the signed-in dealer. */
export const LinkAddress = z.object({ address: z.string() });
export type LinkAddress = z.infer<typeof LinkAddress>;
