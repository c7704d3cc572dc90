import { z } from 'zod';
import { MAX_ROW_ID, RowIdParam } from '../platform/ids.ts';

// Alerts and notifications (spec 2 "Alerts and notifications", §3, §4, §7, §8, §9; spec 1 §2.10,
// §6). The §7 calls keep their snake_case names and shapes so other clients can use them.

/** refs_user_segment_type: who a segment alert goes to. */
export const SEGMENT = { allUsers: 1, productTypes: 2, suppliers: 3, structureLevel: 4 } as const;
export const SEGMENT_OPTIONS = [
  { id: SEGMENT.allUsers, name: 'All users' },
  { id: SEGMENT.productTypes, name: 'By product types' },
  { id: SEGMENT.suppliers, name: 'By suppliers' },
  { id: SEGMENT.structureLevel, name: 'By structure level' },
] as const;

/** Spec 2 §9. */
export const ALERT_POLL_MS = 300_000;
export const NOTIFICATION_TITLE_CHARS = 40;
export const POPUP_DESCRIPTION_CHARS = 100;
export const DEFAULT_ALERT_TITLE = 'Alert';
/** A group alert names at most this many users; larger audiences are segments. */
export const MAX_TARGET_USERS = 1000;

/** Spec 2 §8 "Alerts service defaults". */
export const ALERT_MESSAGES = {
  fetchUserAlerts: 'Failed to fetch user alerts',
  fetchAlertsForUser: 'Failed to fetch alerts for user',
  markRead: 'Failed to mark alert as read',
  create: 'Failed to create alert',
  update: 'Failed to update alert',
  fetchAlert: 'Failed to fetch alert',
  noneFound: 'No alerts found',
  allCaughtUp: 'All caught up',
} as const;

/** Cuts a text to `max` characters with an ellipsis (titles at 40, popup descriptions at 100). */
export function truncate(text: string, max: number): string {
  const clean = text.trim();
  return clean.length <= max ? clean : `${clean.slice(0, max).trimEnd()}…`;
}

/** The readable text of an alert's HTML, for the popup's short description. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(br|\/p|\/div|\/li|\/h[1-6])\s*\/?>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

const id = RowIdParam;
const ids = z.array(z.number().int().positive().max(MAX_ROW_ID)).max(MAX_TARGET_USERS);

export const AlertUserQuery = z.object({ user_id: id });
export type AlertUserQuery = z.infer<typeof AlertUserQuery>;

export const SingleAlertQuery = z.object({ user_id: id, id });
export type SingleAlertQuery = z.infer<typeof SingleAlertQuery>;

export const MarkAlertRequest = z.object({
  user_id: z.number().int().positive().max(MAX_ROW_ID),
  alert_id: z.number().int().positive().max(MAX_ROW_ID),
});
export type MarkAlertRequest = z.infer<typeof MarkAlertRequest>;

export const AlertIdParams = z.object({ id });

export const ALERT_FORM_MESSAGES = {
  titleLong: 'Title can be at most 200 characters',
  descriptionLong: 'Description is too long (at most 50,000 characters)',
} as const;

const title = z.string().trim().max(200, ALERT_FORM_MESSAGES.titleLong);
const description = z.string().max(50_000, ALERT_FORM_MESSAGES.descriptionLong);
const image = z.string().uuid().nullable();

/** POST /api/alerts/new-alert (spec 2 §7), plus the optional e-mail and SMS copies. */
export const NewAlertRequest = z
  .object({
    title,
    active: z.boolean().default(true),
    description: description.default(''),
    /** Must be the caller: the server records the caller whatever is sent. */
    created_by: z.number().int().positive().max(MAX_ROW_ID).optional(),
    type: z.string().trim().max(50).nullish(),
    image: image.optional(),
    refs_user_segment_type_id: z.number().int().min(1).max(4).nullish(),
    product_type_ids: ids.optional(),
    supplier_ids: ids.optional(),
    structure_level: z.number().int().min(1).max(100).nullish(),
    target_user_ids: ids.optional(),
    send_email: z.boolean().optional(),
    send_sms: z.boolean().optional(),
  })
  .superRefine((value, ctx) => {
    const segment = value.refs_user_segment_type_id;
    if (segment == null) {
      if (!value.target_user_ids?.length) {
        ctx.addIssue({ code: 'custom', path: ['target_user_ids'], message: 'Choose at least one recipient' });
      }
      return;
    }
    if (segment === SEGMENT.productTypes && !value.product_type_ids?.length) {
      ctx.addIssue({ code: 'custom', path: ['product_type_ids'], message: 'Choose at least one product type' });
    }
    if (segment === SEGMENT.suppliers && !value.supplier_ids?.length) {
      ctx.addIssue({ code: 'custom', path: ['supplier_ids'], message: 'Choose at least one supplier' });
    }
    if (segment === SEGMENT.structureLevel && value.structure_level == null) {
      ctx.addIssue({ code: 'custom', path: ['structure_level'], message: 'Choose a structure level' });
    }
  });
export type NewAlertRequest = z.input<typeof NewAlertRequest>;

export const NewAlertResult = z.object({ id: z.number().int(), recipients: z.number().int() });
export type NewAlertResult = z.infer<typeof NewAlertResult>;

/** PUT /api/alerts/update-alert (spec 2 §7). */
export const UpdateAlertRequest = z.object({
  id: z.number().int().positive().max(MAX_ROW_ID),
  title,
  description,
  image: image.optional(),
  active: z.boolean(),
});
export type UpdateAlertRequest = z.infer<typeof UpdateAlertRequest>;

/** An alert as a recipient sees it (spec 2 §3), normalised: ISO created_at, booleans for seen/active. */
export const UserAlert = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  /** Stored file id of the image (GET /api/files/{image}), or null. */
  image: z.string().nullable(),
  seen: z.boolean(),
  popup_dismissed: z.boolean(),
  created_at: z.string(),
  active: z.boolean(),
  type: z.string().nullable(),
  created_by: z.number().int().nullable(),
  is_individual: z.boolean(),
});
export type UserAlert = z.infer<typeof UserAlert>;
export const UserAlertList = z.array(UserAlert);

export const UnreadCount = z.object({ count: z.number().int() });
export type UnreadCount = z.infer<typeof UnreadCount>;

export const OkResult = z.object({ ok: z.literal(true) });

export const ALERT_STATUS_FILTERS = ['active', 'inactive', 'all'] as const;
export const MineQuery = z.object({ status: z.enum(ALERT_STATUS_FILTERS).default('active') });
export type AlertStatusFilter = (typeof ALERT_STATUS_FILTERS)[number];

/** An alert as its sender sees it on '/alerts/view' and the edit form. */
export const SentAlert = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  active: z.boolean(),
  type: z.string().nullable(),
  created_at: z.string(),
  created_by: z.number().int().nullable(),
  is_individual: z.boolean(),
  refs_user_segment_type_id: z.number().int().nullable(),
  target_user_ids: z.array(z.number().int()),
  recipients: z.number().int(),
  send_email: z.boolean(),
  send_sms: z.boolean(),
});
export type SentAlert = z.infer<typeof SentAlert>;
export const SentAlertList = z.array(SentAlert);

export const RecipientSearchQuery = z.object({
  search: z.string().trim().max(100).default(''),
  ids: z
    .string()
    .max(20_000)
    .regex(/^\d{1,9}(,\d{1,9})*$/)
    .optional(),
});
export const RecipientOption = z.object({ id: z.number().int(), label: z.string() });
export type RecipientOption = z.infer<typeof RecipientOption>;
export const RecipientOptionList = z.array(RecipientOption);

/** What the page offers as segment choices (admins). */
export const SegmentChoices = z.object({
  productTypes: z.array(z.object({ id: z.number().int(), name: z.string() })),
  suppliers: z.array(z.object({ id: z.number().int(), name: z.string() })),
  structureLevels: z.array(z.number().int()),
});
export type SegmentChoices = z.infer<typeof SegmentChoices>;

// ---- the create and edit form ------------------------------------------------------------------

/** What the alert form holds: the request's fields, plus how the audience is chosen. */
export interface AlertFormValues {
  title: string;
  description: string;
  image: string | null;
  active: boolean;
  audience: 'people' | 'segment';
  recipients: RecipientOption[];
  segment: number;
  productTypeIds: number[];
  supplierIds: number[];
  structureLevel: number | null;
  sendEmail: boolean;
  sendSms: boolean;
}

export function alertFormDefaults(initial?: Pick<SentAlert, 'title' | 'description' | 'image' | 'active'>) {
  return {
    title: initial?.title ?? '',
    description: initial?.description ?? '',
    image: initial?.image ?? null,
    active: initial?.active ?? true,
    audience: 'people',
    recipients: [],
    segment: SEGMENT.allUsers,
    productTypeIds: [],
    supplierIds: [],
    structureLevel: null,
    sendEmail: false,
    sendSms: false,
  } satisfies AlertFormValues;
}

/** The POST /api/alerts/new-alert body of a filled-in form. */
export function toNewAlertRequest(values: AlertFormValues): NewAlertRequest {
  const base = {
    title: values.title.trim(),
    description: values.description,
    image: values.image,
    active: values.active,
    send_email: values.sendEmail,
    send_sms: values.sendSms,
  };
  if (values.audience === 'people') return { ...base, target_user_ids: values.recipients.map((r) => r.id) };
  const segment = values.segment;
  return {
    ...base,
    refs_user_segment_type_id: segment,
    product_type_ids: segment === SEGMENT.productTypes ? values.productTypeIds : [],
    supplier_ids: segment === SEGMENT.suppliers ? values.supplierIds : [],
    structure_level: segment === SEGMENT.structureLevel ? values.structureLevel : null,
  };
}

/** Where each request field's message shows on the form. */
const FORM_FIELD_OF: Record<string, keyof AlertFormValues> = {
  title: 'title',
  description: 'description',
  image: 'image',
  target_user_ids: 'recipients',
  product_type_ids: 'productTypeIds',
  supplier_ids: 'supplierIds',
  structure_level: 'structureLevel',
};

/**
 * The form's schema: the form is turned into the request and checked by the request's own schema
 * (NewAlertRequest, or UpdateAlertRequest when editing), every failing field reported at once
 * under the field that shows it.
 */
export function alertFormSchema(mode: 'create' | 'edit') {
  return z.custom<AlertFormValues>().superRefine((values, ctx) => {
    const result =
      mode === 'create'
        ? NewAlertRequest.safeParse(toNewAlertRequest(values))
        : UpdateAlertRequest.omit({ id: true }).safeParse({
            title: values.title.trim(),
            description: values.description,
            image: values.image,
            active: values.active,
          });
    if (result.success) return;
    for (const issue of result.error.issues) {
      const field = FORM_FIELD_OF[String(issue.path[0])];
      ctx.addIssue({ code: 'custom', path: field ? [field] : [], message: issue.message });
    }
  });
}
