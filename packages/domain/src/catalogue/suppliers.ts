import { z } from 'zod';
import { PageNumber, pageOf } from '../platform/problem.ts';

// The supplier form (spec 3 §2.12, §3.3, §5.5): one schema for the page (zodResolver) and the
// server (request validation). Messages read '{Field} is required'.

export const SUPPLIER_MESSAGES = {
  name: 'Supplier name is required',
  description: 'Supplier description is required',
  status: 'Supplier status is required',
  logo: 'Logo URL is required',
  logoUrl: 'Logo URL must be a valid URL',
  regex: 'Order number pattern must be a valid regular expression',
  orderNotesName: 'Order notes name is required',
  reportsName: 'Reports name is required',
  customPageUrl: 'Custom page URL is required',
  customPageUrlValid: 'Custom page URL must be a valid URL',
  nameTaken: 'A supplier with this name already exists',
  notFound: 'Supplier not found',
  /** Decision 068: a sales-assist recipient reads every lead's customer, so holds the helpdesk's flag. */
  salesRecipient: 'Sales Assist recipients must be admin users with the Sales Assist flag',
  /** Decision 078: likewise an agent-support recipient holds the Agent Support flag. */
  supportRecipient: 'Agent Support recipients must be admin users with the Agent Support flag',
  productType: 'Choose product types from the list',
  contactType: 'Unknown contact type',
} as const;

export const CONTACT_MESSAGES = {
  firstName: 'Contact first name is required',
  surname: 'Contact surname is required',
  email: 'Contact e-mail is required',
  emailValid: 'Contact e-mail must be a valid e-mail address',
  number: 'Contact number is required',
  numberValid: 'Contact number must be 0 or +27 followed by 9 digits',
} as const;

/** Spec 3 §5.5: a South African number, 0 or +27 followed by 9 digits. */
export const SUPPLIER_PHONE = /^(0|\+27)\d{9}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * An absolute http(s) address, or an address on this site ('/supplier-logos/metro.svg',
 * '/api/files/{id}'): the portal's content policy shows images from its own origin.
 */
export function isWebUrl(value: string): boolean {
  if (/^\/[^/\\\s]\S*$/.test(value)) return true;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

const STORED_FILE_PATH = /^\/api\/files\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A supplier's logo address (decision 065): a web address as `isWebUrl` says, which is also not
 * one of the portal's own calls. Every viewer's browser loads a logo with their cookie (the
 * dashboard shows every supplier to admins), and some calls are GETs that start work (a commission
 * step, the post-import job) or leave audit rows; so under '/api/' only a stored file
 * ('/api/files/{id}', without a query) is a logo, on any host, and a logo has no white space,
 * backslash, '%' (an encoded '/api'), user name or password. Checked on save and again on every
 * read, so an older row that breaks it is shown without its logo.
 */
export function isLogoAddress(value: string | null | undefined): value is string {
  if (!value || !isWebUrl(value)) return false;
  if (/[\s\\%]/.test(value) || [...value].some((char) => (char.codePointAt(0) ?? 0) < 0x20 || char === '\x7f'))
    return false;
  let url: URL;
  try {
    url = new URL(value, 'https://portal.invalid');
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  const path = url.pathname.replace(/\/{2,}/g, '/');
  if (!/^\/api(?:[/;.]|$)/i.test(path)) return true;
  return STORED_FILE_PATH.test(path) && path === url.pathname && !url.search && !url.hash;
}

/** The logo a page may show: the stored address when it is a logo address, else null. */
export const shownLogoUrl = (value: string | null | undefined): string | null => (isLogoAddress(value) ? value : null);

export function isValidPattern(value: string): boolean {
  try {
    new RegExp(value);
    return true;
  } catch {
    return false;
  }
}

/** Stored as +27XXXXXXXXX, shown with a leading 0. */
export const storedSupplierPhone = (value: string): string => `+27${value.slice(-9)}`;
export const shownSupplierPhone = (value: string | null): string =>
  value && /^\+27\d{9}$/.test(value) ? `0${value.slice(3)}` : (value ?? '');

const text = (max = 500) => z.string().trim().max(max, `At most ${max} characters`).default('');

export const SupplierContactInput = z.object({
  contactTypeId: z.number().int().min(1),
  /** Shown by the form; the server reads which types are required from refs_supplier_contact_type. */
  isRequired: z.boolean().default(false),
  contactFirstName: text(100),
  contactSurname: text(100),
  contactEmail: text(254),
  contactNumber: z
    .string()
    .transform((value) => value.replace(/[\s-]/g, ''))
    .default(''),
});
export type SupplierContactInput = z.input<typeof SupplierContactInput>;
export type SupplierContact = z.output<typeof SupplierContactInput>;

export type ContactField = 'contactFirstName' | 'contactSurname' | 'contactEmail' | 'contactNumber';

/**
 * What is wrong with one contact: a required type needs every field, valid; an optional type
 * may be left empty, but once started it is checked like a required one.
 */
export function contactProblems(
  contact: Pick<SupplierContact, ContactField>,
  isRequired: boolean,
): Array<{ field: ContactField; message: string }> {
  const filled = [contact.contactFirstName, contact.contactSurname, contact.contactEmail, contact.contactNumber].some(
    (value) => value.trim() !== '',
  );
  if (!isRequired && !filled) return [];
  const problems: Array<{ field: ContactField; message: string }> = [];
  if (!contact.contactFirstName.trim())
    problems.push({ field: 'contactFirstName', message: CONTACT_MESSAGES.firstName });
  if (!contact.contactSurname.trim()) problems.push({ field: 'contactSurname', message: CONTACT_MESSAGES.surname });
  if (!contact.contactEmail.trim()) problems.push({ field: 'contactEmail', message: CONTACT_MESSAGES.email });
  else if (!EMAIL.test(contact.contactEmail.trim()))
    problems.push({ field: 'contactEmail', message: CONTACT_MESSAGES.emailValid });
  if (!contact.contactNumber) problems.push({ field: 'contactNumber', message: CONTACT_MESSAGES.number });
  else if (!SUPPLIER_PHONE.test(contact.contactNumber))
    problems.push({ field: 'contactNumber', message: CONTACT_MESSAGES.numberValid });
  return problems;
}

const ids = z.array(z.number().int().min(1)).max(100).default([]);

export const SupplierRequest = z
  .object({
    supplierName: z.string({ error: SUPPLIER_MESSAGES.name }).trim().min(1, SUPPLIER_MESSAGES.name).max(120),
    supplierDescription: z
      .string({ error: SUPPLIER_MESSAGES.description })
      .trim()
      .min(1, SUPPLIER_MESSAGES.description)
      .max(2000),
    supplierStatus: z.coerce
      .number({ error: SUPPLIER_MESSAGES.status })
      .int(SUPPLIER_MESSAGES.status)
      .min(1, SUPPLIER_MESSAGES.status),
    logoUrl: z
      .string({ error: SUPPLIER_MESSAGES.logo })
      .trim()
      .min(1, SUPPLIER_MESSAGES.logo)
      .max(1000)
      .refine(isLogoAddress, SUPPLIER_MESSAGES.logoUrl),
    regex: text(300).refine(isValidPattern, SUPPLIER_MESSAGES.regex),
    orderNotes: z.boolean().default(false),
    orderNotesName: text(100),
    reports: z.boolean().default(false),
    reportsName: text(100),
    reportsDisplayName: text(100),
    customPage: z.boolean().default(false),
    customPageUrl: text(1000),
    leaderboard: z.boolean().default(true),
    salesAssist: z.boolean().default(false),
    salesAssistText: text(4000),
    agentAssist: z.boolean().default(false),
    agentAssistText: text(4000),
    productTypeIds: ids,
    contacts: z.array(SupplierContactInput).max(20).default([]),
    /** Admin users e-mailed about sales assist leads (assist e-mail type 1). */
    salesAssistRecipientIds: ids,
    /** Admin users e-mailed about agent support tickets (assist e-mail type 2). */
    agentSupportRecipientIds: ids,
  })
  .superRefine((value, ctx) => {
    if (value.orderNotes && !value.orderNotesName)
      ctx.addIssue({ code: 'custom', path: ['orderNotesName'], message: SUPPLIER_MESSAGES.orderNotesName });
    if (value.reports && !value.reportsName)
      ctx.addIssue({ code: 'custom', path: ['reportsName'], message: SUPPLIER_MESSAGES.reportsName });
    if (value.customPage && !value.customPageUrl)
      ctx.addIssue({ code: 'custom', path: ['customPageUrl'], message: SUPPLIER_MESSAGES.customPageUrl });
    else if (value.customPageUrl && !isWebUrl(value.customPageUrl))
      ctx.addIssue({ code: 'custom', path: ['customPageUrl'], message: SUPPLIER_MESSAGES.customPageUrlValid });
    const seen = new Set<number>();
    value.contacts.forEach((contact, index) => {
      if (seen.has(contact.contactTypeId))
        ctx.addIssue({ code: 'custom', path: ['contacts', index, 'contactTypeId'], message: 'One contact per type' });
      seen.add(contact.contactTypeId);
      for (const problem of contactProblems(contact, contact.isRequired)) {
        ctx.addIssue({ code: 'custom', path: ['contacts', index, problem.field], message: problem.message });
      }
    });
  });
export type SupplierRequest = z.output<typeof SupplierRequest>;
export type SupplierFormValues = z.input<typeof SupplierRequest>;

export const NamedRef = z.object({ id: z.number().int(), name: z.string() });
export type NamedRef = z.infer<typeof NamedRef>;

export const AssistRecipient = z.object({ id: z.number().int(), name: z.string(), email: z.string().nullable() });
export type AssistRecipient = z.infer<typeof AssistRecipient>;
export const AssistRecipientList = z.object({ items: z.array(AssistRecipient) });
export const AssistRecipientQuery = z.object({
  search: z.string().trim().max(100).default(''),
  /** Each kind offers only admins holding its console's flag: Sales Assist (decision 068), Agent Support (078). */
  kind: z.enum(['sales_assist', 'agent_support']).optional(),
});

export const SupplierDetail = z.object({
  id: z.number().int(),
  supplierName: z.string(),
  supplierDescription: z.string(),
  supplierStatus: z.number().int(),
  statusName: z.string(),
  logoUrl: z.string(),
  regex: z.string(),
  orderNotes: z.boolean(),
  orderNotesName: z.string(),
  reports: z.boolean(),
  reportsName: z.string(),
  reportsDisplayName: z.string(),
  customPage: z.boolean(),
  customPageUrl: z.string(),
  leaderboard: z.boolean(),
  salesAssist: z.boolean(),
  salesAssistText: z.string(),
  agentAssist: z.boolean(),
  agentAssistText: z.string(),
  productTypeIds: z.array(z.number().int()),
  contacts: z.array(
    z.object({
      contactTypeId: z.number().int(),
      contactFirstName: z.string(),
      contactSurname: z.string(),
      contactEmail: z.string(),
      /** As typed on the form: 0XXXXXXXXX. */
      contactNumber: z.string(),
    }),
  ),
  salesAssistRecipients: z.array(AssistRecipient),
  agentSupportRecipients: z.array(AssistRecipient),
  /** '/api/files/{id}', or null without a banner. */
  bannerUrl: z.string().nullable(),
  /** Imported products of this supplier without a master product (the 'Unmatched Products' banner). */
  unmatchedImports: z.number().int(),
  lastUpdated: z.string(),
});
export type SupplierDetail = z.infer<typeof SupplierDetail>;

export const SupplierSaved = z.object({ id: z.number().int() });
export type SupplierSaved = z.infer<typeof SupplierSaved>;

export const SupplierListQuery = z.object({
  page: PageNumber,
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
  search: z.string().trim().max(100).default(''),
});
export type SupplierListQuery = z.infer<typeof SupplierListQuery>;

export const SupplierListRow = z.object({
  id: z.number().int(),
  supplierName: z.string(),
  statusName: z.string(),
  logoUrl: z.string().nullable(),
  productTypes: z.array(z.string()),
  productCount: z.number().int(),
  lastUpdated: z.string(),
});
export type SupplierListRow = z.infer<typeof SupplierListRow>;
export const SupplierPage = pageOf(SupplierListRow);
export type SupplierPage = z.infer<typeof SupplierPage>;

export const SupplierBannerRequest = z.object({ fileId: z.uuid({ error: 'Please upload a banner image' }) });
export type SupplierBannerRequest = z.infer<typeof SupplierBannerRequest>;
export const SUPPLIER_BANNER_REFUSED = 'The banner must be a JPEG or PNG image uploaded for a supplier banner';

export const CatalogueReferences = z.object({
  supplierStatuses: z.array(NamedRef),
  contactTypes: z.array(NamedRef.extend({ isRequired: z.boolean() })),
  productStatuses: z.array(NamedRef),
  productTypes: z.array(NamedRef),
  /** Live suppliers with the product types they offer (the product form's supplier choice). */
  suppliers: z.array(NamedRef.extend({ productTypeIds: z.array(z.number().int()) })),
});
export type CatalogueReferences = z.infer<typeof CatalogueReferences>;

/** A deal of the supplier (the detail page's deals section, Deals flag only). */
export const SupplierDeal = z.object({
  id: z.number().int(),
  dealName: z.string(),
  dealTypeName: z.string(),
  productTypeName: z.string(),
  productCount: z.number().int(),
});
export const SupplierDealList = z.object({ items: z.array(SupplierDeal), total: z.number().int() });
export type SupplierDealList = z.infer<typeof SupplierDealList>;
