import { z } from 'zod';
import { NamedItem } from '../catalogue/catalogue.ts';

/** Lifecycle status ids (spec 1 §4, §9). */
export const LIFECYCLE = { pending: 1, active: 2, inactive: 3, deleted: 4, declined: 5 } as const;

/** The status chip on the manage-user screen: Active for 2, Inactive for 3, Deleted for 4, else Unknown. */
export function lifecycleChipLabel(statusId: number): 'Active' | 'Inactive' | 'Deleted' | 'Unknown' {
  if (statusId === LIFECYCLE.active) return 'Active';
  if (statusId === LIFECYCLE.inactive) return 'Inactive';
  if (statusId === LIFECYCLE.deleted) return 'Deleted';
  return 'Unknown';
}

/** 'Invalid user ID' (spec 1 §5.7): a user id used for a fetch must be numeric. */
export const INVALID_USER_ID = 'Invalid user ID';
export const dealerNotFound = (id: number | string): string => `Dealer with ID ${id} not found`;

/** Path parameter of every /api/people/{id} call. */
export const UserIdParams = z.object({
  id: z
    .string()
    .regex(/^\d{1,9}$/, INVALID_USER_ID)
    .transform(Number)
    .refine((id) => id > 0, INVALID_USER_ID),
});

export const PersonRef = z.object({
  id: z.number().int(),
  zCode: z.string(),
  firstName: z.string(),
  surname: z.string(),
});
export type PersonRef = z.infer<typeof PersonRef>;

const Progress = z.object({ passed: z.number().int(), total: z.number().int() });

/** Spec 1 §4 university status code with the counts behind it; status -1 when it could not be worked out. */
export const UniversitySummary = z.object({
  status: z.number().int(),
  relevant: Progress,
  compulsory: Progress,
});
export type UniversitySummary = z.infer<typeof UniversitySummary>;

/** The colour family of the university card's border (spec 1 §4: colours for 0, 101, 102). */
export type UniversityTone = 'success' | 'warning' | 'error' | 'neutral';
export function universityTone(status: number): UniversityTone {
  if (status === 0) return 'success';
  if (status === 101) return 'warning';
  if (status === 102) return 'error';
  return 'neutral';
}

export const BankingInfo = z.object({
  bank: z.string(),
  branchCode: z.string(),
  accountNumber: z.string(),
  accountType: z.number().int(),
  accountTypeName: z.string(),
});
export type BankingInfo = z.infer<typeof BankingInfo>;

/**
 * What only admins (and the user themself) see of a user (spec 1 §6): ID number, date of birth,
 * passport dates, payment information and the document photos.
 */
export const UserPrivateDetails = z.object({
  refsIdentityDocType: z.string(),
  identificationNo: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  nationality: z.string(),
  passportIssueDate: z.string().nullable(),
  passportExpiryDate: z.string().nullable(),
  refsPaymentType: z.string(),
  eWalletLink: z.string().nullable(),
  idPhotoUrl: z.string().nullable(),
  personPhotoUrl: z.string().nullable(),
  /** The latest banking row (latest by id wins). */
  banking: BankingInfo.nullable(),
});
export type UserPrivateDetails = z.infer<typeof UserPrivateDetails>;

/** What the acting user may do on this page; the server enforces the same on every call. */
export const UserPermissions = z.object({
  isSelf: z.boolean(),
  /** Edit User (personal and address tabs). */
  canEdit: z.boolean(),
  /** Phone and e-mail on Edit User: admins with Users Management, never leaders. */
  canEditContact: z.boolean(),
  /** The Documents tab and identity fields (admins). */
  canEditIdentity: z.boolean(),
  /** The Banking tab (banking permission: admins). */
  canEditBanking: z.boolean(),
  /** Admin quick actions, status management, change manager, user type. */
  canManage: z.boolean(),
  /** 'Reveal' the full ID and bank account numbers (audited). */
  canReveal: z.boolean(),
  canChangeLinks: z.boolean(),
  canChooseDeals: z.boolean(),
  canToggleTrainer: z.boolean(),
  canToggleGrowthLeader: z.boolean(),
  canToggleTrainerBlock: z.boolean(),
});
export type UserPermissions = z.infer<typeof UserPermissions>;

/** GET /api/people/{id}: user detail and the manage-user screen (spec 1 §2.10, §2.11). */
export const UserDetail = z.object({
  id: z.number().int(),
  zCode: z.string(),
  firstName: z.string(),
  middleName: z.string().nullable(),
  surname: z.string(),
  companyName: z.string().nullable(),
  refsGender: z.string(),
  operatorId: z.string().nullable(),
  /** Stored +27XXXXXXXXX; shown 0XXXXXXXXX. */
  phone: z.string().nullable(),
  altPhone: z.string().nullable(),
  email: z.string().nullable(),
  street: z.string().nullable(),
  suburb: z.string().nullable(),
  city: z.string().nullable(),
  province: z.string().nullable(),
  provinceName: z.string().nullable(),
  postalCode: z.string().nullable(),
  country: z.string(),
  countryName: z.string().nullable(),
  refsShirtSize: z.string().nullable(),
  refsTypeId: z.number().int(),
  userTypeName: z.string().nullable(),
  lifecycleStatusId: z.number().int(),
  lifecycleStatusName: z.string().nullable(),
  isAdmin: z.boolean(),
  isLeader: z.boolean(),
  isLeaderDate: z.string().nullable(),
  isLeaderBlocked: z.boolean(),
  growthLeader: z.boolean(),
  growthLeaderTime: z.string().nullable(),
  emailVerified: z.boolean(),
  phoneVerified: z.boolean(),
  createdAt: z.string(),
  parent: PersonRef.nullable(),
  suppliers: z.array(NamedItem),
  productTypes: z.array(NamedItem),
  deals: z.array(NamedItem),
  university: UniversitySummary,
  /** Null for a leader looking at someone else. */
  private: UserPrivateDetails.nullable(),
  permissions: UserPermissions,
});
export type UserDetail = z.infer<typeof UserDetail>;

/** POST /api/people/{id}/reveal: the full numbers, for an audited look (admins with banking permission). */
export const RevealedSecrets = z.object({
  identificationNo: z.string().nullable(),
  bankAccountNumber: z.string().nullable(),
});
export type RevealedSecrets = z.infer<typeof RevealedSecrets>;

export const UserDetailResponse = z.object({ user: UserDetail });
export type UserDetailResponse = z.infer<typeof UserDetailResponse>;
