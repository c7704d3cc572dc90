import { z } from 'zod';
import { formatRand } from './platform/format.ts';
import { pageOf } from './platform/problem.ts';

// Support and credit applications on the user detail page (spec 1 §2.11, spec 3 §2.16, §3.7,
// §4.8, §5.7, §9; decision 033). Money is integer cents on the wire; the forms type rand.

/** The support and credit types (spec 3 §3.7). */
export const SUPPORT_TYPES = ['Unsecured Loan', 'Advance', 'Expense paid on behalf of agent'] as const;
export const SupportType = z.enum(SUPPORT_TYPES);
export type SupportType = z.infer<typeof SupportType>;

/** Support items per application maximum 5 (spec 3 §9). */
export const MAX_SUPPORT_ITEMS = 5;
/** The largest amount one field takes: R 10 000 000,00 fits an integer column with room to add. */
export const MAX_AMOUNT_CENTS = 1_000_000_000;
export const MAX_MONTHS = 120;

export const FINANCE_MESSAGES = {
  tooManyItems: `Maximum of ${MAX_SUPPORT_ITEMS} support items per application.`,
  noItems: 'Please add at least one support item.',
  typeRequired: 'Please select a support type.',
  creditTypeRequired: 'Please select a credit type.',
  amountRequired: 'Please enter a value.',
  amountNumeric: 'Please enter an amount in rand, e.g. 1500 or 1500.50.',
  amountPositive: 'The value must be more than R 0,00.',
  requestValueNumeric: 'Request Value must be a number.',
  cosignerChoice: 'Please choose whether there is a cosigner.',
  cosignerRequired: 'Please enter the cosigner’s agent code (Z-…).',
  cosignerCode: 'The cosigner’s agent code looks like Z-123.',
  cosignerNotFound: 'No dealer found',
  cosignerIsApplicant: 'The cosigner cannot be the applicant.',
  cosignerIsSubmitter: 'You cannot cosign an application you submit.',
  cosignerNotActive: 'The cosigner must be an active dealer.',
  monthsRequired: 'Please enter the number of months.',
  monthsWhole: 'Months must be a whole number of 1 or more.',
  monthsOver: (months: number) => `Months must be at most ${months} for this dealer’s tier.`,
  monthlyPaymentOver: (cents: number) =>
    `The monthly payment is more than the maximum monthly payment of ${formatRand(cents)}.`,
  paymentsShort: (cents: number, months: number) =>
    `The monthly payment must be at least ${formatRand(cents)} to repay the request value in ${months} month${months === 1 ? '' : 's'}.`,
  creditOver: (cents: number) => `The request value is more than the available credit of ${formatRand(cents)}.`,
  supportOver: (cents: number) => `The support asked for is more than the available support of ${formatRand(cents)}.`,
  userNotFound: 'No dealer found',
  ownApplication: 'You cannot file a finance application in your own name.',
  applicantNotActive: 'A finance application can only be filed for an active dealer.',
  oneLine: 'Please keep this to one line of text.',
  supportCreated: 'Support application submitted. The finance team has been notified.',
  creditCreated: 'Credit application submitted. The finance team has been notified.',
  saveFailed: (message: string) => `The application was not saved: ${message}`,
  loadFailed: 'Failed to load the finance applications - please refresh the page',
} as const;

const cents = z.number().int().positive({ error: FINANCE_MESSAGES.amountPositive }).max(MAX_AMOUNT_CENTS);
/** Line breaks and invisible format characters (bidi overrides, zero-width): never in a one-line field. */
export const NOT_ONE_LINE = /[\p{Cc}\p{Cf}\u2028\u2029]/u;
const oneLine = (value: string) => !NOT_ONE_LINE.test(value);
const optionalText = z
  .string()
  .trim()
  .max(200)
  .refine(oneLine, { error: FINANCE_MESSAGES.oneLine })
  .nullable()
  .default(null);

export const SupportItem = z.strictObject({ type: SupportType, valueCents: cents });
export type SupportItem = z.infer<typeof SupportItem>;

/** POST body of a new support application: one to five items. */
export const NewSupportApplication = z.strictObject({
  items: z
    .array(SupportItem)
    .min(1, { error: FINANCE_MESSAGES.noItems })
    .max(MAX_SUPPORT_ITEMS, { error: FINANCE_MESSAGES.tooManyItems }),
});
export type NewSupportApplication = z.infer<typeof NewSupportApplication>;

/** POST body of a new credit application. Without a cosigner there is no cosigner code. */
export const NewCreditApplication = z
  .strictObject({
    creditType: SupportType,
    hasCosigner: z.boolean(),
    cosignerCode: z.string().trim().max(20).nullable().default(null),
    requestValueCents: cents,
    assetType: optionalText,
    assetDescription: optionalText,
    assetUniqueNumber: optionalText,
    months: z.number().int().min(1, { error: FINANCE_MESSAGES.monthsWhole }).max(MAX_MONTHS),
    monthlyPaymentCents: cents,
  })
  .superRefine((value, ctx) => {
    if (value.hasCosigner && !value.cosignerCode) {
      ctx.addIssue({ code: 'custom', path: ['cosignerCode'], message: FINANCE_MESSAGES.cosignerRequired });
    }
    if (!value.hasCosigner && value.cosignerCode) {
      ctx.addIssue({ code: 'custom', path: ['cosignerCode'], message: 'No cosigner: leave the cosigner code empty.' });
    }
    checkPaymentsCover(ctx, 'monthlyPaymentCents', value.requestValueCents, value.months, value.monthlyPaymentCents);
  });
export type NewCreditApplication = z.infer<typeof NewCreditApplication>;

/** `user_id` of the available-support and available-credit calls (spec 3 §7.4). */
export const AvailabilityQuery = z.object({ user_id: z.coerce.number().int().positive().max(2_147_483_647) });

/** Spec 3 §3.7: MaxCredit, Months, MaximumMonthlyPayment, OutstandingCredit; and what is left. */
export const AvailableCredit = z.object({
  tier: z.number().int(),
  maxCreditCents: z.number().int(),
  months: z.number().int(),
  maximumMonthlyPaymentCents: z.number().int(),
  outstandingCreditCents: z.number().int(),
  availableCreditCents: z.number().int(),
});
export type AvailableCredit = z.infer<typeof AvailableCredit>;

/** The tier's support ceiling minus the support still pending (decision 033). */
export const AvailableSupport = z.object({
  tier: z.number().int(),
  maxSupportCents: z.number().int(),
  pendingSupportCents: z.number().int(),
  availableSupportCents: z.number().int(),
});
export type AvailableSupport = z.infer<typeof AvailableSupport>;

/**
 * The smallest monthly payment that repays the request value in the months (decision 077): months ×
 * monthly payment must be at least the request value. Integer cents, rounded up.
 */
export function smallestMonthlyPaymentCents(requestValueCents: number, months: number): number {
  return Math.ceil(requestValueCents / months);
}

/** The payments-cover-the-value rule of both credit schemas: an issue on the monthly payment. */
function checkPaymentsCover(
  ctx: z.RefinementCtx,
  path: string,
  requestValueCents: number | undefined,
  months: number | undefined,
  monthlyPaymentCents: number | undefined,
): void {
  if (requestValueCents === undefined || months === undefined || monthlyPaymentCents === undefined) return;
  if (!Number.isInteger(months) || months < 1 || months * monthlyPaymentCents >= requestValueCents) return;
  ctx.addIssue({
    code: 'custom',
    path: [path],
    message: FINANCE_MESSAGES.paymentsShort(smallestMonthlyPaymentCents(requestValueCents, months), months),
  });
}

/** Available credit: the tier's maximum minus what unsettled applications still owe, never below 0. */
export function availableCents(maximumCents: number, usedCents: number): number {
  return Math.max(0, maximumCents - usedCents);
}

export const SupportStatus = z.enum(['pending', 'approved', 'declined']);
export const SUPPORT_STATUS_LABELS = { pending: 'Pending', approved: 'Approved', declined: 'Declined' } as const;

export const SupportApplication = z.object({
  id: z.number().int(),
  items: z.array(SupportItem),
  itemsAmountCents: z.number().int(),
  status: SupportStatus,
  createdAt: z.string(),
  createdBy: z.string().nullable(),
});
export type SupportApplication = z.infer<typeof SupportApplication>;
export const SupportApplicationPage = pageOf(SupportApplication);
export type SupportApplicationPage = z.infer<typeof SupportApplicationPage>;

export const CreditApplication = z.object({
  id: z.number().int(),
  creditType: SupportType,
  cosigner: z.string().nullable(),
  requestValueCents: z.number().int(),
  assetType: z.string().nullable(),
  assetDescription: z.string().nullable(),
  assetUniqueNumber: z.string().nullable(),
  months: z.number().int().nullable(),
  monthlyPaymentCents: z.number().int().nullable(),
  maxCreditCents: z.number().int().nullable(),
  settled: z.boolean(),
  outstandingAmountCents: z.number().int(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
});
export type CreditApplication = z.infer<typeof CreditApplication>;
export const CreditApplicationPage = pageOf(CreditApplication);
export type CreditApplicationPage = z.infer<typeof CreditApplicationPage>;

export const ApplicationCreated = z.object({ id: z.number().int(), chatMessageId: z.number().int() });
export type ApplicationCreated = z.infer<typeof ApplicationCreated>;

export const FINANCE_ROUTES = {
  availableSupport: '/api/support/available-support',
  availableCredit: '/api/support/available-credit',
  supportApplications: (userId: number | string) => `/api/people/${userId}/support-applications`,
  creditApplications: (userId: number | string) => `/api/people/${userId}/credit-applications`,
} as const;

// --- The forms (rand as typed) ------------------------------------------------------------

const RAND = /^\d{1,8}([.,]\d{1,2})?$/;
/** A rand amount as typed ('1500', '1 500,50') → integer cents; undefined when it is not one. */
export function parseRand(value: string): number | undefined {
  const compact = value.replace(/[\sR]/g, '');
  if (!RAND.test(compact)) return undefined;
  return Math.round(Number(compact.replace(',', '.')) * 100);
}

const randField = (numericMessage: string = FINANCE_MESSAGES.amountNumeric) =>
  z
    .string()
    .trim()
    .min(1, { error: FINANCE_MESSAGES.amountRequired })
    .refine((value) => parseRand(value) !== undefined, { error: numericMessage })
    .refine((value) => (parseRand(value) ?? 0) > 0, { error: FINANCE_MESSAGES.amountPositive });

export const SupportItemForm = z.object({
  type: z.union([SupportType, z.literal('')]).refine((value) => value !== '', { error: FINANCE_MESSAGES.typeRequired }),
  value: randField(),
});
export const SupportApplicationForm = z.object({
  items: z
    .array(SupportItemForm)
    .min(1, { error: FINANCE_MESSAGES.noItems })
    .max(MAX_SUPPORT_ITEMS, { error: FINANCE_MESSAGES.tooManyItems }),
});
export type SupportApplicationForm = z.input<typeof SupportApplicationForm>;

export function toSupportRequest(form: SupportApplicationForm): NewSupportApplication {
  return {
    items: form.items.map((item) => ({ type: item.type as SupportType, valueCents: parseRand(item.value) ?? 0 })),
  };
}

export const CreditApplicationForm = z
  .object({
    creditType: z
      .union([SupportType, z.literal('')])
      .refine((value) => value !== '', { error: FINANCE_MESSAGES.creditTypeRequired }),
    cosigner: z.enum(['yes', 'no']),
    cosignerCode: z.string().trim(),
    requestValue: randField(FINANCE_MESSAGES.requestValueNumeric),
    assetType: z.string().trim().max(200).refine(oneLine, { error: FINANCE_MESSAGES.oneLine }),
    assetDescription: z.string().trim().max(200).refine(oneLine, { error: FINANCE_MESSAGES.oneLine }),
    assetUniqueNumber: z.string().trim().max(200).refine(oneLine, { error: FINANCE_MESSAGES.oneLine }),
    months: z
      .string()
      .trim()
      .min(1, { error: FINANCE_MESSAGES.monthsRequired })
      .refine((value) => /^\d{1,3}$/.test(value) && Number(value) >= 1, { error: FINANCE_MESSAGES.monthsWhole }),
    monthlyPayment: randField(),
  })
  .superRefine((value, ctx) => {
    if (value.cosigner === 'yes' && !value.cosignerCode) {
      ctx.addIssue({ code: 'custom', path: ['cosignerCode'], message: FINANCE_MESSAGES.cosignerRequired });
    } else if (value.cosigner === 'yes' && !/^\s*(z-?)?\d{1,9}\s*$/i.test(value.cosignerCode)) {
      ctx.addIssue({ code: 'custom', path: ['cosignerCode'], message: FINANCE_MESSAGES.cosignerCode });
    }
    // Under the monthly payment before anything is sent, as the server answers (decision 077).
    const months = /^\s*\d{1,3}\s*$/.test(value.months) ? Number(value.months) : undefined;
    checkPaymentsCover(ctx, 'monthlyPayment', parseRand(value.requestValue), months, parseRand(value.monthlyPayment));
  });
export type CreditApplicationForm = z.input<typeof CreditApplicationForm>;

export function toCreditRequest(form: CreditApplicationForm): NewCreditApplication {
  const text = (value: string) => value.trim() || null;
  const hasCosigner = form.cosigner === 'yes';
  return {
    creditType: form.creditType as SupportType,
    hasCosigner,
    cosignerCode: hasCosigner ? text(form.cosignerCode) : null,
    requestValueCents: parseRand(form.requestValue) ?? 0,
    assetType: text(form.assetType),
    assetDescription: text(form.assetDescription),
    assetUniqueNumber: text(form.assetUniqueNumber),
    months: Number(form.months),
    monthlyPaymentCents: parseRand(form.monthlyPayment) ?? 0,
  };
}
