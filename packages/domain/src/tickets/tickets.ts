import { z } from 'zod';
import type { Feature } from '../accounts/me.ts';
import { isRealIsoDate } from '../people/dealer-record.ts';
import { MAX_ROW_ID, RowIdParam } from '../platform/ids.ts';
import { pageOf } from '../platform/problem.ts';
import { fitsSupplierPattern } from '../suppliers/reference-pattern.ts';

// The ticket engine's contracts (spec 2 "Sales Assist tab", "Agent Support tab", §3–§5, §7–§9;
// spec 3 §3.5, §3.5a, §4.2, §4.3, §5.3; DECISIONS "Tickets"; decision 021). One engine for both
// kinds: Sales Assist leads (ZSA-000123) and Agent Support tickets (ZAA123). The routes a dealer
// uses are under /api/tickets/{kind}; the helpdesk consoles' under /api/admin/tickets/{kind}.

export const TICKET_KINDS = ['sales_assist', 'agent_support'] as const;
export const TicketKind = z.enum(TICKET_KINDS);
export type TicketKind = z.infer<typeof TicketKind>;

export const TICKET_STATUSES = ['Open', 'In Progress', 'Closed'] as const;
export const TicketStatus = z.enum(TICKET_STATUSES);
export type TicketStatus = z.infer<typeof TicketStatus>;

export const ACTIVITY_TYPES = ['admin', 'user', 'internal', 'update'] as const;
export const ActivityType = z.enum(ACTIVITY_TYPES);
export type ActivityType = z.infer<typeof ActivityType>;

export const SUPPORT_STATUS_TYPES = ['category', 'in_progress', 'closed'] as const;
export const SupportStatusType = z.enum(SUPPORT_STATUS_TYPES);
export type SupportStatusType = z.infer<typeof SupportStatusType>;

/** The feature flag an admin needs for each kind's console (spec 3 §2.2). */
export const TICKET_FLAG: Record<TicketKind, Feature> = {
  sales_assist: 'Sales Assist',
  agent_support: 'Agent Support',
};

/** Spec 2 §9: sales assist table 10 a page, agent support 7. */
export const DEALER_TICKET_PAGE_SIZE: Record<TicketKind, number> = { sales_assist: 10, agent_support: 7 };
export const ADMIN_TICKET_PAGE_SIZE = 25;

/** Spec 3 §3.3: suppliers_assist_email_index type ids. */
export const ASSIST_EMAIL_TYPE: Record<TicketKind, 1 | 2> = { sales_assist: 1, agent_support: 2 };

/** The dealer's list shows all three; the agent support console starts on New and In Progress (spec 3 §4.3). */
export const DEFAULT_DEALER_STATUSES: readonly TicketStatus[] = TICKET_STATUSES;
export const DEFAULT_ADMIN_STATUSES: Record<TicketKind, readonly TicketStatus[]> = {
  sales_assist: TICKET_STATUSES,
  agent_support: ['Open', 'In Progress'],
};

/** ZSA-000123 / ZAA123 (spec 2 §9); the database computes the same in tickets.ticket_num. */
export function ticketNumber(kind: TicketKind, id: number): string {
  return kind === 'sales_assist' ? `ZSA-${String(id).padStart(6, '0')}` : `ZAA${id}`;
}

/** Open is shown "New" in agent support (spec 2 §4). */
export function statusLabel(kind: TicketKind, status: TicketStatus): string {
  return kind === 'agent_support' && status === 'Open' ? 'New' : status;
}

export const TICKET_MESSAGES = {
  leadRequired: 'Please add all required fields',
  ticketRequired: 'Please complete all required fields',
  uploadBeforeRequired: 'Please complete all required fields before uploading documents.',
  referenceFormat: 'Reference number does not follow the correct format.',
  paymentTypeRequired: 'Please add all required fields',
  paymentTypeUnknown: 'Please choose one of the payment types offered.',
  supplierNotLinked: 'You can only raise tickets for your own suppliers.',
  supplierAll: 'All is not a Supplier please select one!',
  supplierOff: 'This supplier does not take tickets of this kind.',
  notFound: 'This ticket no longer exists.',
  closed: 'This ticket is closed: it takes no new messages or documents.',
  closedAdmin: 'This ticket is closed.',
  rated: 'Service rated successfully',
  alreadyRated: 'This ticket has already been rated.',
  rateNotClosed: 'A ticket can be rated once it is closed.',
  rateNotOwner: 'Only the dealer who raised the ticket can rate it.',
  ratingRequired: 'Please give at least 1 star.',
  messageEmpty: 'Please write a message.',
  internalDealer: 'Only the helpdesk can add internal notes.',
  statusOption: 'Please choose a sub-status offered for this ticket.',
  categoryOption: 'Please choose a category offered for this supplier.',
  createFailed: 'Error creating entry',
  createTicketFailed: 'Error creating ticket entry',
  uploadFailed: 'Error Uploading file',
  noFiles: 'No Files to upload',
  noFilesUploaded: 'No Files Uploaded',
  noActivity: 'No activity to display',
  fileUploadedActivity: 'New file uploaded to ticket',
  updateTitle: 'Ticket Update',
  ownerUpdateText: 'Your ticket received an update. Please view in Agent Assist',
  ownerResponseTitle: 'Ticket Response',
  ownerResponseText: 'Your ticket received a response. Please view it in Agent Support.',
  ratePrompt: 'Your ticket is closed. Please rate the service using the Star icon in the Actions column.',
  deleted: 'Ticket deleted',
  markedUnread: 'Marked as unread',
  statusDuplicate: 'This status already exists for this kind, type and supplier.',
  cannedReplyMissing: 'This canned reply no longer exists.',
} as const;

/** The 'update' activity written on creation (spec 2 §4 "Ticket creation extras"). */
export const createdActivityText = (ticketNum: string) => `Ticket ${ticketNum} created`;

// ---------------------------------------------------------------------------------------------
// Route paths (the web builds its calls from these; the server registers the same strings).

export const TICKET_ROUTES = {
  /** GET the dealer's Add Lead / New Ticket options for a supplier. */
  form: '/api/tickets/:kind/form',
  /** GET the dealer's own tickets for a supplier. */
  list: '/api/tickets/:kind',
  /** POST a Sales Assist lead. */
  createLead: '/api/tickets/sales_assist',
  /** POST an Agent Support ticket. */
  createSupport: '/api/tickets/agent_support',
  /** GET one ticket (owner, or an admin with the kind's flag). */
  detail: '/api/tickets/:kind/:id',
  /** GET the thread (marks it read for the viewer's side); POST a message. */
  activity: '/api/tickets/:kind/:id/activity',
  /** GET the documents; POST attaches uploaded files (ids from POST /api/files, purpose ticket_document). */
  files: '/api/tickets/:kind/:id/files',
  /** POST the owner's rating of a Closed ticket, once. */
  rating: '/api/tickets/:kind/:id/rating',

  adminList: '/api/admin/tickets/:kind',
  adminUnreadCount: '/api/admin/tickets/:kind/unread-count',
  /** PUT the helpdesk edit; DELETE soft-deletes. */
  adminTicket: '/api/admin/tickets/:kind/:id',
  adminMarkUnread: '/api/admin/tickets/:kind/:id/mark-unread',
  /** GET a canned reply filled in for this ticket. */
  adminCannedReplyFor: '/api/admin/tickets/:kind/:id/canned-replies/:replyId',

  /** GET (with the query SupportStatusesQuery) / POST support statuses of a kind. */
  statuses: '/api/admin/ticket-statuses/:kind',
  /** PUT edits, DELETE deactivates. */
  status: '/api/admin/ticket-statuses/:kind/:statusId',
  cannedReplies: '/api/admin/canned-replies/:kind',
  cannedReply: '/api/admin/canned-replies/:kind/:replyId',
  sla: '/api/admin/ticket-sla/:kind',
} as const;

/** Fills a route's `:params`. */
export function ticketPath(
  route: (typeof TICKET_ROUTES)[keyof typeof TICKET_ROUTES],
  params: Record<string, string | number>,
): string {
  return route.replace(/:([A-Za-z]+)/g, (_, name: string) => encodeURIComponent(String(params[name] ?? '')));
}

/** SSE event types (payloads hold ids and the kind only, never text: decision 021). */
export const TICKET_EVENTS = { activity: 'ticket.activity', changed: 'ticket.changed' } as const;
export const TicketEventData = z.object({ ticketId: z.number().int(), kind: TicketKind });
export type TicketEventData = z.infer<typeof TicketEventData>;
/** The admins' channel for a kind's console; a dealer's events go to `user.{ownerId}`. */
export const adminTicketChannel = (kind: TicketKind) => `tickets.${kind}`;

// ---------------------------------------------------------------------------------------------
// Shared pieces.

const id = z.number().int().positive().max(MAX_ROW_ID);
const IsoDay = z.string().refine(isRealIsoDate, { message: 'Use a real date in the form YYYY-MM-DD' });
const booleanParam = z
  .enum(['true', 'false'])
  .transform((value) => value === 'true')
  .optional();

/** A text a dealer typed: trimmed, empty is null. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Use at most ${max} characters`)
    .nullish()
    .transform((value) => value || null);
const requiredText = (max: number, message: string) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Use at most ${max} characters`);

/** Spaces are not part of a reference number (spec 3 §5.3). */
export const normaliseTicketReference = (value: string): string => value.replace(/\s+/g, '');

/** Whether a lead reference fits the supplier's pattern (suppliers/reference-pattern). */
export const referenceFits = fitsSupplierPattern;

/** "Open,In Progress" in a query string; omitted means the default for the screen. */
export const StatusListParam = z
  .string()
  .max(100)
  .transform((value) => [
    ...new Set(
      value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean),
    ),
  ])
  .pipe(z.array(TicketStatus));

export const KindParams = z.strictObject({ kind: TicketKind });
export const TicketParams = z.strictObject({ kind: TicketKind, id: RowIdParam });
export type TicketParams = z.infer<typeof TicketParams>;

export const Rating = z.object({ star: z.number().int().min(1).max(5), comment: z.string().nullable() });
export type Rating = z.infer<typeof Rating>;

/** A person as a ticket shows them: "Z-12" and their name. */
export const TicketPerson = z.object({
  id: z.number().int(),
  code: z.string(),
  firstName: z.string(),
  name: z.string(),
});
export type TicketPerson = z.infer<typeof TicketPerson>;

// ---------------------------------------------------------------------------------------------
// Dealer: the form's options, creation, the list.

export const TicketFormQuery = z.strictObject({ supplierId: RowIdParam });
export type TicketFormQuery = z.infer<typeof TicketFormQuery>;

export const SupportStatusOption = z.object({ id: z.number().int(), status: z.string() });
export type SupportStatusOption = z.infer<typeof SupportStatusOption>;

export const TicketFormOptions = z.object({
  supplier: z.object({
    id: z.number().int(),
    name: z.string(),
    /** Whether the supplier takes this kind (sales_assist / agent_assist). */
    enabled: z.boolean(),
    /** Markdown from sales_assist_text / agent_assist_text; render it safely (no raw HTML). */
    instructions: z.string().nullable(),
    /** Add Lead asks for a payment type only when this is not empty. */
    paymentTypes: z.array(z.string()),
    /** The lead reference's pattern, or null. */
    regex: z.string().nullable(),
  }),
  /** Agent support categories for this supplier (its own and those for all suppliers). */
  categories: z.array(SupportStatusOption),
});
export type TicketFormOptions = z.infer<typeof TicketFormOptions>;

/** Uploaded files (POST /api/files, purpose ticket_document) to attach. */
const DocumentIds = z.array(z.uuid()).max(20, 'Attach at most 20 documents').default([]);

const L = TICKET_MESSAGES.leadRequired;
/** Add Lead (spec 2 §5): customer name, address, phone, e-mail, ID number and the terms are required. */
export const CreateLeadRequest = z.strictObject({
  supplierId: id,
  customerName: requiredText(200, L),
  address: requiredText(500, L),
  phoneNumber: requiredText(30, L),
  alternativeNumber: optionalText(30),
  emailAddress: requiredText(200, L).pipe(z.email('Please enter a valid e-mail address')),
  idNumber: requiredText(30, L),
  /** Spaces stripped; must fit the supplier's pattern when given. */
  refNumber: z
    .string()
    .max(100)
    .nullish()
    .transform((value) => (value ? normaliseTicketReference(value) || null : null)),
  title: optionalText(50),
  jobTitle: optionalText(200),
  maritalStatus: optionalText(50),
  currentAddressMonths: z.number().int().min(0).max(1200).nullish(),
  employer: optionalText(200),
  employerContactNumber: optionalText(30),
  companyName: optionalText(200),
  industry: optionalText(100),
  /** Required when the supplier has payment types. */
  paymentType: optionalText(100),
  gpsLocation: optionalText(100),
  /** The dealer's note (agent_note). */
  agentNote: optionalText(2000),
  agreedToTerms: z.boolean({ error: L }).refine((value) => value, L),
  platform: z.enum(['App', 'ussd']).default('App'),
  documentIds: DocumentIds,
});
export type CreateLeadRequest = z.infer<typeof CreateLeadRequest>;
export type CreateLeadForm = z.input<typeof CreateLeadRequest>;

/** The Add Lead form's schema: the request, plus the supplier's rules (the server checks them again). */
export const leadFormSchema = (supplier: Pick<TicketFormOptions['supplier'], 'paymentTypes' | 'regex'> | undefined) =>
  CreateLeadRequest.superRefine((value, context) => {
    if (supplier?.paymentTypes.length && !value.paymentType) {
      context.addIssue({ code: 'custom', path: ['paymentType'], message: TICKET_MESSAGES.paymentTypeRequired });
    }
    if (value.refNumber && !referenceFits(supplier?.regex, value.refNumber)) {
      context.addIssue({ code: 'custom', path: ['refNumber'], message: TICKET_MESSAGES.referenceFormat });
    }
  });

const T = TICKET_MESSAGES.ticketRequired;
/** New Agent Support Ticket (spec 2 §5): category, ticket date and the terms are required. */
export const CreateSupportTicketRequest = z.strictObject({
  supplierId: id,
  categoryId: z.number({ error: T }).int().positive(T).max(MAX_ROW_ID),
  /** The date the ticket was logged with the supplier, yyyy-MM-dd. */
  ticketDate: z.string({ error: T }).min(1, T).pipe(IsoDay),
  supplierTicketNumber: optionalText(100),
  userNote: optionalText(4000),
  agreedToTerms: z.boolean({ error: T }).refine((value) => value, T),
  documentIds: DocumentIds,
});
export type CreateSupportTicketRequest = z.infer<typeof CreateSupportTicketRequest>;
export type CreateSupportTicketForm = z.input<typeof CreateSupportTicketRequest>;

export const TicketCreated = z.object({ id: z.number().int(), kind: TicketKind, ticketNum: z.string() });
export type TicketCreated = z.infer<typeof TicketCreated>;

export const DealerTicketsQuery = z.strictObject({
  supplierId: RowIdParam,
  /** Omitted: Open, In Progress and Closed. */
  status: StatusListParam.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  /** Omitted: 10 for sales assist, 7 for agent support. */
  pageSize: z.coerce.number().int().min(1).max(100).optional(),
});
export type DealerTicketsQuery = z.infer<typeof DealerTicketsQuery>;

/** A row of the dealer's tables (both kinds; a kind's own columns are null for the other). */
export const TicketRow = z.object({
  id: z.number().int(),
  kind: TicketKind,
  ticketNum: z.string(),
  createdAt: z.string(),
  status: TicketStatus,
  /** "New" for an Open agent support ticket. */
  statusLabel: z.string(),
  /** The in-progress or closed sub-status, whichever the status shows; null otherwise. */
  statusFeedback: z.string().nullable(),
  /** Helpdesk feedback (admin_note / note). */
  feedback: z.string().nullable(),
  supplierId: z.number().int(),
  supplierName: z.string(),
  category: z.string().nullable(),
  customerName: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  supplierTicketNumber: z.string().nullable(),
  supplierTicketDate: z.string().nullable(),
  userNote: z.string().nullable(),
  rating: Rating.nullable(),
  /** Any activity the viewer's side has not read. */
  unread: z.boolean(),
  lastUpdatedAt: z.string(),
});
export type TicketRow = z.infer<typeof TicketRow>;

export const DealerTicketPage = pageOf(TicketRow);
export type DealerTicketPage = z.infer<typeof DealerTicketPage>;

// ---------------------------------------------------------------------------------------------
// One ticket: details, thread, documents, rating.

export const TicketHistoryEntry = z.object({
  id: z.number().int(),
  updatedAt: z.string(),
  updatedById: z.number().int().nullable(),
  updatedByName: z.string().nullable(),
  updateAddress: z.string().nullable(),
  updateStatus: z.string().nullable(),
  updateInProgressStatus: z.string().nullable(),
  updateClosedStatus: z.string().nullable(),
  updateFeedback: z.string().nullable(),
});
export type TicketHistoryEntry = z.infer<typeof TicketHistoryEntry>;

/** First-response and resolution clocks (decision 021); null until set, for admins only. */
export const TicketSlaState = z.object({
  firstResponseDueAt: z.string().nullable(),
  firstRespondedAt: z.string().nullable(),
  resolutionDueAt: z.string().nullable(),
  /** Seconds until the target that applies now (first response until answered, then resolution); negative when late; null when closed. */
  timeLeftSeconds: z.number().int().nullable(),
  paused: z.boolean(),
  breached: z.boolean(),
});
export type TicketSlaState = z.infer<typeof TicketSlaState>;

export const LeadFields = z.object({
  customerName: z.string().nullable(),
  address: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  alternativeNumber: z.string().nullable(),
  emailAddress: z.string().nullable(),
  idNumber: z.string().nullable(),
  refNumber: z.string().nullable(),
  title: z.string().nullable(),
  jobTitle: z.string().nullable(),
  maritalStatus: z.string().nullable(),
  currentAddressMonths: z.number().int().nullable(),
  employer: z.string().nullable(),
  employerContactNumber: z.string().nullable(),
  companyName: z.string().nullable(),
  industry: z.string().nullable(),
  paymentType: z.string().nullable(),
  gpsLocation: z.string().nullable(),
});
export type LeadFields = z.infer<typeof LeadFields>;

export const TicketDetail = TicketRow.extend({
  ...LeadFields.shape,
  owner: TicketPerson,
  /** "Z-{id}: first name surname" as it was when raised. */
  dealerCode: z.string().nullable(),
  platform: z.string().nullable(),
  agreedToTerms: z.boolean(),
  categoryId: z.number().int().nullable(),
  inProgressStatusId: z.number().int().nullable(),
  inProgressStatus: z.string().nullable(),
  closedStatusId: z.number().int().nullable(),
  closedStatus: z.string().nullable(),
  lastUpdatedByName: z.string().nullable(),
  closedAt: z.string().nullable(),
  ratedAt: z.string().nullable(),
  /** Whether the viewer may add messages and files (not Closed). */
  canMessage: z.boolean(),
  /** Whether the viewer may rate it now (owner, Closed, not rated). */
  canRate: z.boolean(),
  /** The viewer's side. */
  viewerSide: z.enum(['dealer', 'admin']),
  /** Admins only; absent for a dealer. */
  history: z.array(TicketHistoryEntry).optional(),
  /** Admins only; absent for a dealer. */
  sla: TicketSlaState.optional(),
});
export type TicketDetail = z.infer<typeof TicketDetail>;

export const TicketActivity = z.object({
  id: z.number().int(),
  type: ActivityType,
  text: z.string(),
  /** Always false for a dealer (they never receive internal notes). */
  adminOnly: z.boolean(),
  createdAt: z.string(),
  /** Who wrote it; null for system updates. */
  author: TicketPerson.nullable(),
  /** Whether it was unread for the viewer before this read (the page may highlight it). */
  wasUnread: z.boolean(),
});
export type TicketActivity = z.infer<typeof TicketActivity>;

export const TicketThread = z.object({ items: z.array(TicketActivity) });
export type TicketThread = z.infer<typeof TicketThread>;

export const MessageRequest = z.strictObject({
  text: z.string().trim().min(1, TICKET_MESSAGES.messageEmpty).max(5000, 'Use at most 5000 characters'),
  /** Admins only: an internal note, never shown to the dealer. */
  internal: z.boolean().default(false),
});
export type MessageRequest = z.infer<typeof MessageRequest>;
export type MessageForm = z.input<typeof MessageRequest>;

export const TicketFile = z.object({
  id: z.uuid(),
  originalName: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
  /** '/api/files/{id}'. */
  url: z.string(),
  uploadedAt: z.string(),
  uploadedByName: z.string().nullable(),
});
export type TicketFile = z.infer<typeof TicketFile>;

export const TicketFileList = z.object({ items: z.array(TicketFile) });
export type TicketFileList = z.infer<typeof TicketFileList>;

export const AttachFilesRequest = z.strictObject({
  fileIds: z.array(z.uuid()).min(1, TICKET_MESSAGES.noFiles).max(20, 'Attach at most 20 documents'),
});
export type AttachFilesRequest = z.infer<typeof AttachFilesRequest>;

export const RatingRequest = z.strictObject({
  star: z.number({ error: TICKET_MESSAGES.ratingRequired }).int().min(1, TICKET_MESSAGES.ratingRequired).max(5),
  comment: optionalText(1000),
});
export type RatingRequest = z.infer<typeof RatingRequest>;
export type RatingForm = z.input<typeof RatingRequest>;

/** The rating modal's icon (spec 2 "Sales Assist tab"): sad 1–2, neutral 3–4, happy 5. */
export function ratingMood(star: number): 'sad' | 'neutral' | 'happy' {
  return star <= 2 ? 'sad' : star <= 4 ? 'neutral' : 'happy';
}

// ---------------------------------------------------------------------------------------------
// Helpdesk consoles.

export const ADMIN_TICKET_SORTS = ['newest', 'oldest', 'timeLeft', 'lastUpdated'] as const;

export const AdminTicketsQuery = z.strictObject({
  /** Omitted: the console's default (agent support: New and In Progress). */
  status: StatusListParam.optional(),
  /** Last updated by me. */
  me: booleanParam,
  /** Last updated today (Africa/Johannesburg). */
  today: booleanParam,
  /** Not updated today. */
  notUpdatedToday: booleanParam,
  /** Created on or after this day. */
  from: IsoDay.optional(),
  /** Created on or before this day. */
  to: IsoDay.optional(),
  supplierId: RowIdParam.optional(),
  /** Free text across the grid's fields; quotes, newlines and commas count as spaces (spec 3 §5.3). */
  search: z.string().max(200).optional(),
  sort: z.enum(ADMIN_TICKET_SORTS).default('newest'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(ADMIN_TICKET_PAGE_SIZE),
});
export type AdminTicketsQuery = z.infer<typeof AdminTicketsQuery>;

/** Spec 3 §5.3: quotes, newlines and commas become spaces; runs of space collapse. */
export function cleanAdminSearch(input: string | undefined): string | undefined {
  const cleaned = (input ?? '')
    .replace(/["'`\r\n,]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return cleaned || undefined;
}

export const AdminTicketRow = TicketRow.extend({
  owner: TicketPerson,
  dealerCode: z.string().nullable(),
  address: z.string().nullable(),
  refNumber: z.string().nullable(),
  inProgressStatus: z.string().nullable(),
  closedStatus: z.string().nullable(),
  lastUpdatedByName: z.string().nullable(),
  sla: TicketSlaState,
});
export type AdminTicketRow = z.infer<typeof AdminTicketRow>;

export const AdminTicketPage = pageOf(AdminTicketRow);
export type AdminTicketPage = z.infer<typeof AdminTicketPage>;

export const UnreadCount = z.object({ count: z.number().int() });
export type UnreadCount = z.infer<typeof UnreadCount>;

const nullableText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Use at most ${max} characters`)
    .nullable()
    .transform((value) => value || null);

/**
 * The helpdesk edit (spec 3 §3.5, §3.5a, §4.2, §4.3). Fields left out stay as they are. The
 * supplier 'all' is refused with 'All is not a Supplier please select one!'.
 */
export const AdminTicketUpdate = z.strictObject({
  status: TicketStatus,
  inProgressStatusId: z.number().int().positive().max(MAX_ROW_ID).nullish(),
  closedStatusId: z.number().int().positive().max(MAX_ROW_ID).nullish(),
  categoryId: z.number().int().positive().max(MAX_ROW_ID).nullish(),
  /** Helpdesk feedback (admin_note / note). */
  feedback: nullableText(4000).optional(),
  supplierId: z.union([z.number().int().positive().max(MAX_ROW_ID), z.literal('all')]).optional(),
  supplierTicketNumber: nullableText(100).optional(),
  supplierTicketDate: IsoDay.nullable().optional(),
  // Sales assist lead fields.
  customerName: nullableText(200).optional(),
  address: nullableText(500).optional(),
  phoneNumber: nullableText(30).optional(),
  alternativeNumber: nullableText(30).optional(),
  emailAddress: nullableText(200).optional(),
  idNumber: nullableText(30).optional(),
  refNumber: z
    .string()
    .max(100)
    .nullable()
    .transform((value) => (value ? normaliseTicketReference(value) || null : null))
    .optional(),
  title: nullableText(50).optional(),
  jobTitle: nullableText(200).optional(),
  maritalStatus: nullableText(50).optional(),
  currentAddressMonths: z.number().int().min(0).max(1200).nullable().optional(),
  employer: nullableText(200).optional(),
  employerContactNumber: nullableText(30).optional(),
  companyName: nullableText(200).optional(),
  industry: nullableText(100).optional(),
  paymentType: nullableText(100).optional(),
  gpsLocation: nullableText(100).optional(),
});
export type AdminTicketUpdate = z.infer<typeof AdminTicketUpdate>;
export type AdminTicketForm = z.input<typeof AdminTicketUpdate>;

// ---------------------------------------------------------------------------------------------
// Support status reference (spec 2 §3, spec 3 §7.1 "Support statuses").

export const SupportStatusesQuery = z.strictObject({
  statusType: SupportStatusType.optional(),
  /** A supplier's own statuses plus those for all suppliers; omitted: every status. */
  supplierId: RowIdParam.optional(),
  includeInactive: booleanParam,
});
export type SupportStatusesQuery = z.infer<typeof SupportStatusesQuery>;

export const SupportStatus = z.object({
  id: z.number().int(),
  kind: TicketKind,
  statusType: SupportStatusType,
  status: z.string(),
  /** Null: offered for every supplier. */
  supplierId: z.number().int().nullable(),
  supplierName: z.string().nullable(),
  /** "Waiting on supplier": the SLA clock stops while a ticket has this sub-status. */
  pausesSla: z.boolean(),
  isActive: z.boolean(),
  sortOrder: z.number().int(),
});
export type SupportStatus = z.infer<typeof SupportStatus>;

export const SupportStatusList = z.object({ items: z.array(SupportStatus) });
export type SupportStatusList = z.infer<typeof SupportStatusList>;

export const SupportStatusRequest = z.strictObject({
  statusType: SupportStatusType,
  status: z.string().trim().min(1, 'Please enter a status').max(100, 'Use at most 100 characters'),
  supplierId: z.number().int().positive().max(MAX_ROW_ID).nullable().default(null),
  pausesSla: z.boolean().default(false),
  isActive: z.boolean().default(true),
  sortOrder: z.number().int().min(0).max(10_000).default(100),
});
export type SupportStatusRequest = z.infer<typeof SupportStatusRequest>;
export type SupportStatusForm = z.input<typeof SupportStatusRequest>;

export const SupportStatusParams = z.strictObject({ kind: TicketKind, statusId: RowIdParam });

// ---------------------------------------------------------------------------------------------
// Canned replies (beyond the spec; decision 021).

/** Variables a canned reply may use; the server fills them in for the ticket. */
export const CANNED_REPLY_VARIABLES = [
  { name: '{dealer_name}', description: "The dealer's first name and surname" },
  { name: '{dealer_first_name}', description: "The dealer's first name" },
  { name: '{dealer_code}', description: "The dealer's code, Z-{id}" },
  { name: '{ticket_number}', description: 'ZSA-000123 or ZAA123' },
  { name: '{supplier_name}', description: 'The ticket’s supplier' },
  { name: '{customer_name}', description: 'The lead’s customer (sales assist)' },
  { name: '{status}', description: 'The status as the dealer sees it' },
  { name: '{admin_name}', description: 'The helpdesk member using the reply' },
] as const;

export const CannedReply = z.object({
  id: z.number().int(),
  kind: TicketKind,
  title: z.string(),
  body: z.string(),
  isActive: z.boolean(),
  updatedAt: z.string(),
});
export type CannedReply = z.infer<typeof CannedReply>;

export const CannedReplyList = z.object({ items: z.array(CannedReply) });
export type CannedReplyList = z.infer<typeof CannedReplyList>;

export const CannedReplyRequest = z.strictObject({
  title: z.string().trim().min(1, 'Please enter a title').max(100, 'Use at most 100 characters'),
  body: z.string().trim().min(1, 'Please enter the reply').max(5000, 'Use at most 5000 characters'),
  isActive: z.boolean().default(true),
});
export type CannedReplyRequest = z.infer<typeof CannedReplyRequest>;
export type CannedReplyForm = z.input<typeof CannedReplyRequest>;

export const CannedReplyParams = z.strictObject({ kind: TicketKind, replyId: RowIdParam });
export const CannedReplyForTicketParams = z.strictObject({ kind: TicketKind, id: RowIdParam, replyId: RowIdParam });

/** A canned reply filled in for one ticket, ready for the message box. */
export const FilledCannedReply = z.object({ text: z.string() });
export type FilledCannedReply = z.infer<typeof FilledCannedReply>;

/** Replaces known {variables}; unknown ones stay as typed so a typo is visible. */
export function fillCannedReply(body: string, values: Partial<Record<string, string>>): string {
  return body.replace(/\{([a-z_]+)\}/g, (whole, name: string) => values[name] ?? whole);
}

// ---------------------------------------------------------------------------------------------
// SLA targets per kind (beyond the spec; decision 021).

export const TicketSla = z.object({
  kind: TicketKind,
  /** Working minutes (Mon–Fri 08:00–17:00, Africa/Johannesburg) to the first helpdesk reply. */
  firstResponseMinutes: z.number().int().min(1).max(100_000),
  /** Working minutes to closing the ticket. */
  resolutionMinutes: z.number().int().min(1).max(1_000_000),
});
export type TicketSla = z.infer<typeof TicketSla>;

export const TicketSlaRequest = TicketSla.omit({ kind: true }).strict();
export type TicketSlaRequest = z.infer<typeof TicketSlaRequest>;

/** 8 working hours to a first reply, 3 working days (27 working hours) to resolve. */
export const DEFAULT_TICKET_SLA: Record<TicketKind, TicketSlaRequest> = {
  sales_assist: { firstResponseMinutes: 8 * 60, resolutionMinutes: 3 * 9 * 60 },
  agent_support: { firstResponseMinutes: 8 * 60, resolutionMinutes: 3 * 9 * 60 },
};

/** The answer of Mark as Unread, delete and other calls with nothing more to say. */
export const TicketOk = z.object({ ok: z.literal(true) });
export type TicketOk = z.infer<typeof TicketOk>;
