import { z } from 'zod';
import { LIFECYCLE } from '../accounts/waiting.ts';
import { phoneText } from '../people/dealer-record.ts';
import { ALT_PHONE_NOT_REAL, displayPhone, PHONE_NOT_REAL, PHONE_TOO_LONG } from '../people/phone.ts';
import { checkSaId, ID_DOB_MISMATCH_WIZARD, idMatchesDateOfBirth } from '../people/sa-id.ts';
import { PageNumber, pageOf } from '../platform/problem.ts';

/**
 * Approvals of new users (spec 1 §2.11a, §4; spec 3 §2.8, §4.6) and the resubmission of a declined
 * request (spec 2 §3 "Dealer request", §4, §5).
 */

export const APPROVAL_TABS = [
  { status: LIFECYCLE.pending, label: 'Pending' },
  { status: LIFECYCLE.declined, label: 'Declined' },
] as const;

export const APPROVAL_MESSAGES = {
  emailFailed: 'Failed to send approval email',
  approved: 'User approved. The approval email has been sent.',
  declined: 'Request declined.',
  deleted: 'Request deleted.',
  resubmitted: 'Request resubmitted for approval.',
  reasonRequired: 'Please give a reason for declining this request.',
  notPending: 'Only a pending request can be declined.',
  notApprovable: 'Only a pending or declined request can be approved.',
  notDeletable: 'Only a pending or declined request can be deleted.',
  unverified: 'The user must verify their email address and phone number before they can be approved.',
  notDeclined: 'Only a declined request can be resubmitted.',
  noChanges: 'Make a change before resubmitting.',
  idInUse: 'Error: ID/Passport number has already been used',
  phoneInUse: 'Phone number has already been used.',
  altPhoneInUse: 'Alternative phone number has already been used.',
  notFound: 'No dealer found',
} as const;

/** Status names on 'Your Pending Requests' (spec 1 §2.11a). */
export const REQUEST_STATUS_LABELS: Record<number, string> = {
  [LIFECYCLE.pending]: 'Pending',
  [LIFECYCLE.active]: 'Approved',
  [LIFECYCLE.declined]: 'Declined',
};
export const requestStatusLabel = (status: number): string => REQUEST_STATUS_LABELS[status] ?? 'Unknown';

export const ApprovalStatus = z.coerce
  .number()
  .int()
  .refine((value) => value === LIFECYCLE.pending || value === LIFECYCLE.declined, 'Status must be 1 or 5');

export const ApprovalListQuery = z.object({
  status: ApprovalStatus.default(LIFECYCLE.pending),
  page: PageNumber,
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
});
export type ApprovalListQuery = z.infer<typeof ApprovalListQuery>;

const PersonRef = z.object({ id: z.number().int(), zCode: z.string(), name: z.string() });
export type PersonRef = z.infer<typeof PersonRef>;

export const ApprovalListItem = z.object({
  id: z.number().int(),
  zCode: z.string(),
  createdAt: z.string(),
  resubmittedAt: z.string().nullable(),
  firstName: z.string(),
  surname: z.string(),
  phone: z.string().nullable(),
  submittedBy: PersonRef,
});
export type ApprovalListItem = z.infer<typeof ApprovalListItem>;

export const ApprovalPage = pageOf(ApprovalListItem);
export type ApprovalPage = z.infer<typeof ApprovalPage>;

/** One request as '/approval-detail/{id}' shows it; the editable part is `request`. */
export const DealerRequest = z.object({
  firstName: z.string(),
  surname: z.string(),
  identificationNo: z.string(),
  refsIdentityDocType: z.enum(['RSAID', 'PASSPORT']),
  refsGender: z.enum(['M', 'F']),
  nationality: z.string(),
  phone: z.string(),
  altPhone: z.string().nullable(),
  operatorId: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  passportExpiryDate: z.string().nullable(),
  street: z.string().nullable(),
  suburb: z.string().nullable(),
  city: z.string().nullable(),
  province: z.string().nullable(),
  country: z.string(),
  idPhotoUrl: z.string().nullable(),
  personPhotoUrl: z.string().nullable(),
});
export type DealerRequest = z.infer<typeof DealerRequest>;

export const ApprovalDetail = z.object({
  id: z.number().int(),
  zCode: z.string(),
  status: z.number().int(),
  statusLabel: z.string(),
  declineReason: z.string().nullable(),
  email: z.string().nullable(),
  emailVerified: z.boolean(),
  phoneVerified: z.boolean(),
  createdAt: z.string(),
  resubmittedAt: z.string().nullable(),
  submittedBy: PersonRef.nullable(),
  parent: PersonRef.nullable(),
  request: DealerRequest,
  /** What the viewer may do here; the server checks the same on each action. */
  canDecide: z.boolean(),
  canResubmit: z.boolean(),
});
export type ApprovalDetail = z.infer<typeof ApprovalDetail>;

/** Spec 1 §4: the approval panel shows when the status is 5, or when both are verified and the status is 1. */
export function isApprovalPanelShown(detail: Pick<ApprovalDetail, 'status' | 'emailVerified' | 'phoneVerified'>) {
  return (
    detail.status === LIFECYCLE.declined ||
    (detail.status === LIFECYCLE.pending && detail.emailVerified && detail.phoneVerified)
  );
}

export const DeclineRequest = z.object({
  reason: z.string(APPROVAL_MESSAGES.reasonRequired).trim().min(1, APPROVAL_MESSAGES.reasonRequired).max(2000),
});
export type DeclineRequest = z.infer<typeof DeclineRequest>;

export const ApprovalActionResult = z.object({
  id: z.number().int(),
  status: z.number().int(),
  /** Approve only: whether both approval e-mails went out. The status change stands either way. */
  emailSent: z.boolean().optional(),
  message: z.string(),
});
export type ApprovalActionResult = z.infer<typeof ApprovalActionResult>;

export const MyRequestsQuery = z.object({
  page: PageNumber,
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
});
export type MyRequestsQuery = z.infer<typeof MyRequestsQuery>;

export const MyRequestItem = z.object({
  id: z.number().int(),
  status: z.number().int(),
  statusLabel: z.string(),
  firstName: z.string(),
  surname: z.string(),
  phone: z.string().nullable(),
  declineReason: z.string().nullable(),
  createdAt: z.string(),
});
export type MyRequestItem = z.infer<typeof MyRequestItem>;

export const MyRequestsPage = pageOf(MyRequestItem);
export type MyRequestsPage = z.infer<typeof MyRequestsPage>;

const PHONE = {
  required: 'Phone number must be 10 digits starting with 0',
  format: 'Phone number must be 10 digits starting with 0',
  tooLong: PHONE_TOO_LONG,
  invalid: PHONE_NOT_REAL,
};
const ALT_PHONE = {
  required: 'Alternative phone must be 10 digits starting with 0',
  format: 'Alternative phone must be 10 digits starting with 0',
  invalid: ALT_PHONE_NOT_REAL,
};
const IsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the date form YYYY-MM-DD');

/**
 * PUT /api/approvals/{id}/resubmit: the dealer-request fields as edited. Phones are entered with a
 * leading 0 (stored +27 plus digits 2-10, spec 2 §5).
 */
export const ResubmitRequest = z.strictObject({
  firstName: z.string().trim().min(2, 'Invalid first name (2+ letters)').max(100),
  surname: z.string().trim().min(2, 'Invalid Surname (2+ letters only)').max(100),
  identificationNo: z.string().trim().min(4, 'ID Number is invalid.').max(30),
  nationality: z.string().length(3, 'Invalid nationality'),
  phone: phoneText(PHONE, { only: 'local' }),
  altPhone: phoneText(ALT_PHONE, { only: 'local' }).nullish(),
  operatorId: z.string().trim().max(5, 'RICA username must be at most 5 characters').nullish(),
  dateOfBirth: IsoDate,
  passportExpiryDate: IsoDate.nullish(),
  street: z.string().trim().min(2, 'Street too short').max(200),
  suburb: z.string().trim().min(2, 'Invalid suburb (2+ letters)').max(100),
  city: z.string().trim().min(2, 'Invalid city (2+ letters)').max(100),
  province: z.string().min(1, 'Province is required').max(3),
  country: z.string().length(3, 'Invalid Country'),
  idPhotoUrl: z.string().min(1, 'ID photo is required').max(200),
  personPhotoUrl: z.string().min(1, 'Person photo is required').max(200),
});
export type ResubmitRequest = z.infer<typeof ResubmitRequest>;

/** The ID rules of a resubmission: for an RSAID number, the checker and the date of birth. */
export function resubmitIdentificationError(
  values: Pick<ResubmitRequest, 'identificationNo' | 'dateOfBirth' | 'nationality'>,
  person: { refsIdentityDocType: 'RSAID' | 'PASSPORT'; refsGender: 'M' | 'F' },
): string | undefined {
  if (person.refsIdentityDocType !== 'RSAID') return undefined;
  const check = checkSaId(values.identificationNo, { gender: person.refsGender, nationality: values.nationality });
  if (!check.valid) return check.message;
  if (!idMatchesDateOfBirth(values.identificationNo, values.dateOfBirth)) return ID_DOB_MISMATCH_WIZARD;
  return undefined;
}

/** The editable part of a request as the form holds it (phones with a leading 0). */
export function resubmitValuesOf(request: DealerRequest): ResubmitRequest {
  const local = (stored: string | null) => (stored ? displayPhone(stored) : null);
  return {
    firstName: request.firstName,
    surname: request.surname,
    identificationNo: request.identificationNo,
    nationality: request.nationality,
    phone: local(request.phone) ?? '',
    altPhone: local(request.altPhone),
    operatorId: request.operatorId,
    dateOfBirth: request.dateOfBirth ?? '',
    passportExpiryDate: request.passportExpiryDate,
    street: request.street ?? '',
    suburb: request.suburb ?? '',
    city: request.city ?? '',
    province: request.province ?? '',
    country: request.country,
    idPhotoUrl: request.idPhotoUrl ?? '',
    personPhotoUrl: request.personPhotoUrl ?? '',
  };
}

/** Whether anything was edited (the resubmit button stays disabled without edits). */
export function hasResubmitChanges(original: ResubmitRequest, edited: ResubmitRequest): boolean {
  const norm = (value: unknown) => (value === undefined || value === null ? '' : String(value).trim());
  return (Object.keys(original) as Array<keyof ResubmitRequest>).some(
    (key) => norm(original[key]) !== norm(edited[key]),
  );
}
