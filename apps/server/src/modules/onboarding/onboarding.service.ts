import { type DuplicateField, duplicateFieldOf, duplicateMessage } from '@portal/domain/people/creation-errors';
import {
  type Availability,
  type AvailabilityQuery,
  type CreateUserResponse,
  companyNameOrFullName,
  type FieldErrors,
  type ManagerOptions,
  type ManagerOptionsQuery,
  type OnboardingOptions,
  type ParsedCreateUserRequest,
  validateNewUser,
} from '@portal/domain/people/new-user';
import {
  fileIdOf,
  ONBOARDING_MESSAGES,
  onboardingRecordErrors,
  onboardingRecordSchema,
  toOnboardingRecord,
} from '@portal/domain/people/onboarding';
import { normalisePhone } from '@portal/domain/people/phone';
import { generateTemporaryPassword } from '@portal/domain/people/temporary-password';
import { zCode } from '@portal/domain/people/z-code';
import type { FastifyRequest } from 'fastify';
import type { AppDependencies } from '../../app-dependencies.ts';
import type { Executor } from '../../db/client.ts';
import type { Actor } from '../../platform/access.ts';
import { writeAudit } from '../../platform/audit.ts';
import { AppError, conflict, type FieldError, forbidden } from '../../platform/errors.ts';
import { lockUntilCommit } from '../../platform/locks.queries.ts';
import { hashPassword } from '../../platform/password.ts';
import { actorCan } from '../../platform/permissions.ts';
import { canReach } from '../../platform/reach.queries.ts';
import { sendVerificationLink } from '../accounts/accounts.service.ts';
import { catalogueChoices, linkNewDealer, refusalOfChoice } from '../catalogue/catalogue.service.ts';
import { assignFilesTo, refusedFiles } from '../files/files.service.ts';
import { addBanking, HIERARCHY_MOVE_LOCK } from '../people/people.service.ts';
import { findBankByName, userTypeExists } from '../reference/reference.service.ts';
import {
  findActiveUserInReach,
  findCountryCodes,
  findManagerOptions,
  insertDealer,
  insertSignInIdentity,
  isEmailTaken,
  isIdentificationTaken,
  isPhoneTaken,
  personName,
} from './onboarding.queries.ts';

export type OnboardingDeps = Pick<AppDependencies, 'db' | 'mailer' | 'settings' | 'clock'>;
type AuditRequest = Pick<FastifyRequest, 'id' | 'ip' | 'log'> & { actor?: Actor };

export const ONBOARDING_REFUSALS = {
  deals: 'Only admins can choose deals for a new user.',
  userType: 'Only admins can set the user type of a new user.',
  manager: 'Please choose an active manager.',
  managerOutsideBranch: 'You can only choose a manager inside your own team.',
  userTypeUnknown: 'Please select a user type',
  productTypes: 'One of the chosen product types does not exist.',
  suppliers: 'Choose only suppliers that offer one of the chosen product types.',
  deals_invalid: 'Choose only deals of the chosen suppliers and product types.',
  bank: 'Bank is required',
} as const;

const LEADER_USER_TYPE = 1;

function validationFailed(errors: FieldError[]): AppError {
  return new AppError('VALIDATION_FAILED', 400, errors[0]?.message ?? 'Please check your input and try again.', errors);
}

function fieldErrorsOf(errors: FieldErrors): FieldError[] {
  return Object.entries(errors).map(([field, message]) => ({ field, message: message! }));
}

export function duplicateConflict(field: DuplicateField): AppError {
  const message = duplicateMessage(field);
  return conflict(message, [{ field, message }], 'DUPLICATE');
}

/** A unique violation raised inside a transaction, as the §8 duplicate answer. */
export function asDuplicateConflict(error: unknown): AppError | undefined {
  const cause = (error as { cause?: unknown })?.cause ?? error;
  const pg = cause as { code?: string; constraint?: string };
  if (pg?.code !== '23505') return undefined;
  const field = duplicateFieldOf(pg.constraint);
  if (!field) return conflict(duplicateMessage(undefined), undefined, 'DUPLICATE');
  return duplicateConflict(field);
}

/**
 * Photos must be files uploaded to the portal for that purpose, by the actor (admins may use any),
 * and not yet handed to another person: the same ID photo on a second record would be a second
 * identity from one person's documents, and would take the photo from its owner.
 * Returns the file ids, for handing them to the new owner.
 */
export async function checkPhotos(
  db: Executor,
  actor: Actor,
  photos: Array<{ field: 'idPhotoUrl' | 'personPhotoUrl'; address: string; purpose: 'id_photo' | 'person_photo' }>,
  allowedOwnerId?: number,
): Promise<string[]> {
  const wanted = photos.map((photo) => ({
    field: photo.field,
    id: fileIdOf(photo.address),
    purpose: photo.purpose,
    message: photo.field === 'idPhotoUrl' ? ONBOARDING_MESSAGES.idPhoto : ONBOARDING_MESSAGES.personPhoto,
  }));
  const errors = await refusedFiles(db, actor, wanted, {
    anyUploader: actorCan(actor, 'update', 'deals'),
    unassigned: true,
    ...(allowedOwnerId !== undefined ? { allowedOwnerId } : {}),
  });
  if (errors.length) throw validationFailed(errors);
  return wanted.map((photo) => photo.id!);
}

/** The chosen product types, suppliers and deals, checked against the catalogue the actor may use. */
async function checkCatalogueChoices(db: Executor, actor: Actor, request: ParsedCreateUserRequest) {
  const productTypeIds = [...new Set(request.selectedProductTypes)];
  const supplierIds = [...new Set(request.selectedSuppliers)];
  const dealIds = [...new Set(request.selectedDeals)];
  const refusal = await refusalOfChoice(
    db,
    { productTypeIds, supplierIds, dealIds },
    { includeHidden: actorCan(actor, 'update', 'deals') },
  );
  if (refusal === 'unknownProductType') {
    throw validationFailed([{ field: 'selectedProductTypes', message: ONBOARDING_REFUSALS.productTypes }]);
  }
  if (refusal === 'unknownSupplier' || refusal === 'supplierNotOffered') {
    throw validationFailed([{ field: 'selectedSuppliers', message: ONBOARDING_REFUSALS.suppliers }]);
  }
  if (refusal) throw validationFailed([{ field: 'selectedDeals', message: ONBOARDING_REFUSALS.deals_invalid }]);
  return { productTypeIds, supplierIds, dealIds };
}

/** The duplicate that would stop the creation, checked in the order the wizard asks for them. */
async function findDuplicate(db: Executor, request: ParsedCreateUserRequest): Promise<DuplicateField | undefined> {
  if (await isIdentificationTaken(db, request.identificationNo)) return 'identificationNo';
  if (await isEmailTaken(db, request.email)) return 'email';
  if (await isPhoneTaken(db, request.phone)) return 'phone';
  return undefined;
}

/**
 * POST /api/people (spec 1 §2.7, §5.2, §6): checks the whole record again, then creates the
 * sign-in identity and the dealer (status 1, submitted by the actor) with banking details, links
 * and an audit row in one transaction, and e-mails the verification link.
 */
export async function createUser(
  deps: OnboardingDeps,
  actor: Actor,
  request: ParsedCreateUserRequest,
  auditRequest: AuditRequest,
): Promise<CreateUserResponse> {
  const { db } = deps;
  const choosesDeals = actorCan(actor, 'update', 'deals');
  if (!choosesDeals && request.selectedDeals.length) throw forbidden(ONBOARDING_REFUSALS.deals, 'DEALS_ADMIN_ONLY');
  if (!choosesDeals && request.refsTypeId !== undefined && request.refsTypeId !== LEADER_USER_TYPE) {
    throw forbidden(ONBOARDING_REFUSALS.userType, 'USER_TYPE_ADMIN_ONLY');
  }
  const refsTypeId = request.refsTypeId ?? LEADER_USER_TYPE;

  const normalised: ParsedCreateUserRequest & { companyName: string } = {
    ...request,
    identificationNo: request.identificationNo.replace(/\s+/g, ''),
    email: request.email.trim(),
    phone: normalisePhone(request.phone),
    altPhone: request.altPhone ? normalisePhone(request.altPhone) : null,
    operatorId: request.operatorId ? request.operatorId.toUpperCase() : null,
    companyName: companyNameOrFullName({
      companyName: request.companyName ?? '',
      firstName: request.firstName,
      surname: request.surname,
    }),
  };

  // The wizard's step rules, read off the request itself, then the record rules of spec 1 §5.2.
  const stepErrors = fieldErrorsOf(validateNewUser(normalised, { now: deps.clock.now() }));
  if (stepErrors.length) throw validationFailed(stepErrors);
  const record = toOnboardingRecord(normalised, { userId: actor.user.id, authId: actor.authId }, refsTypeId);
  const recordErrors = onboardingRecordErrors(onboardingRecordSchema(await findCountryCodes(db)), record);
  if (recordErrors.length) throw validationFailed(recordErrors);
  if (choosesDeals && !(await userTypeExists(db, refsTypeId))) {
    throw validationFailed([{ field: 'refsTypeId', message: ONBOARDING_REFUSALS.userTypeUnknown }]);
  }

  const manager = await findActiveUserInReach(db, actor, normalised.parentDealer);
  if (!manager) {
    // Reach before existence: an id nobody has is answered as one out of reach, so the wizard
    // tells a leader nothing about other branches (not even which ids exist).
    if (!(await canReach(db, actor, normalised.parentDealer))) {
      throw forbidden(ONBOARDING_REFUSALS.managerOutsideBranch, 'MANAGER_OUTSIDE_BRANCH');
    }
    throw validationFailed([{ field: 'parentDealer', message: ONBOARDING_REFUSALS.manager }]);
  }

  const duplicate = await findDuplicate(db, normalised);
  if (duplicate) throw duplicateConflict(duplicate);

  const links = await checkCatalogueChoices(db, actor, normalised);
  const fileIds = await checkPhotos(db, actor, [
    { field: 'idPhotoUrl', address: normalised.idPhotoUrl, purpose: 'id_photo' },
    { field: 'personPhotoUrl', address: normalised.personPhotoUrl, purpose: 'person_photo' },
  ]);

  let banking: { bank: string; branchCode: string; accountNumber: string; accountType: number } | undefined;
  if (normalised.refsPaymentType === 'bank') {
    // The branch code is the chosen bank's, whatever the page sent (it is read-only there).
    const bank = await findBankByName(db, normalised.bank ?? '');
    if (!bank) throw validationFailed([{ field: 'bank', message: ONBOARDING_REFUSALS.bank }]);
    banking = {
      bank: bank.name,
      branchCode: bank.branchCode,
      accountNumber: normalised.bankAccountNumber!.trim(),
      accountType: normalised.refsBankAccountType!,
    };
  }

  const temporaryPassword = generateTemporaryPassword();
  const passwordHash = await hashPassword(temporaryPassword);
  const name = personName(normalised);

  let created: { id: number; authId: string };
  try {
    created = await db.transaction(async (tx) => {
      // A move in flight above the manager ends first; the trigger then copies the moved ancestors.
      await lockUntilCommit(tx, HIERARCHY_MOVE_LOCK, 'shared');
      const authId = await insertSignInIdentity(tx, {
        name,
        email: normalised.email,
        phone: normalised.phone,
        passwordHash,
      });
      const dealer = await insertDealer(tx, {
        authId,
        firstName: normalised.firstName,
        middleName: normalised.middleName || null,
        surname: normalised.surname,
        companyName: normalised.companyName,
        identificationNo: normalised.identificationNo,
        refsIdentityDocType: normalised.refsIdentityDocType,
        dateOfBirth: normalised.dateOfBirth,
        refsGender: normalised.refsGender,
        nationality: normalised.nationality,
        operatorId: normalised.operatorId,
        passportIssueDate: normalised.refsIdentityDocType === 'PASSPORT' ? normalised.passportIssueDate : null,
        passportExpiryDate: normalised.refsIdentityDocType === 'PASSPORT' ? normalised.passportExpiryDate : null,
        phone: normalised.phone,
        altPhone: normalised.altPhone,
        email: normalised.email,
        street: normalised.street,
        suburb: normalised.suburb,
        city: normalised.city,
        province: normalised.province,
        postalCode: normalised.postalCode,
        country: normalised.country,
        refsShirtSize: normalised.refsShirtSize ?? null,
        refsPaymentType: normalised.refsPaymentType,
        eWalletLink: normalised.refsPaymentType === 'eWallet' ? normalised.eWalletLink || null : null,
        idPhotoUrl: normalised.idPhotoUrl,
        personPhotoUrl: normalised.personPhotoUrl,
        parentId: manager.id,
        refsTypeId,
        refsUserLifecycleStatusId: 1,
        emailVerified: false,
        phoneVerified: false,
        agreedToRicaTerms: true,
        tempPw: true,
        submittedBy: actor.user.id,
        submittedByAuthId: actor.authId,
        lastUpdatedBy: actor.user.id,
        lastUpdatedByAuthId: actor.authId,
      });
      if (banking) await addBanking(tx, { userId: dealer.id, ...banking, createdByAuthId: actor.authId });
      await linkNewDealer(tx, dealer.id, { ...links, addedBy: actor.user.id });
      await assignFilesTo(tx, dealer.id, fileIds);
      const { tempPw: _tempPw, authId: _authId, ...auditable } = dealer;
      await writeAudit(tx, {
        action: 'user.create',
        entity: 'users_master',
        entityId: dealer.id,
        after: {
          ...auditable,
          banking: banking
            ? { bank: banking.bank, branchCode: banking.branchCode, accountType: banking.accountType }
            : null,
          productTypeIds: links.productTypeIds,
          supplierIds: links.supplierIds,
          dealIds: links.dealIds,
        },
        request: auditRequest,
      });
      return { id: dealer.id, authId };
    });
  } catch (error) {
    throw asDuplicateConflict(error) ?? error;
  }

  let verificationEmailSent = true;
  try {
    await sendVerificationLink(deps, {
      authId: created.authId,
      email: normalised.email,
      firstName: normalised.firstName,
    });
  } catch (error) {
    // The user exists either way; they can ask for another link from their profile.
    verificationEmailSent = false;
    auditRequest.log.warn({ err: error, userId: created.id }, 'verification e-mail for a new user failed');
  }
  return { id: created.id, zCode: zCode(created.id), temporaryPassword, verificationEmailSent };
}

/** GET /api/people/availability: whether an ID/passport number, phone or e-mail is free (any letter case). */
export async function availability(db: Executor, query: AvailabilityQuery): Promise<Availability> {
  if (query.identificationNo) {
    return { available: !(await isIdentificationTaken(db, query.identificationNo.replace(/\s+/g, ''))) };
  }
  if (query.phone) return { available: !(await isPhoneTaken(db, normalisePhone(query.phone))) };
  return { available: !(await isEmailTaken(db, query.email!.trim())) };
}

/** GET /api/onboarding/options: what the wizard offers this actor. */
export async function onboardingOptions(db: Executor, actor: Actor): Promise<OnboardingOptions> {
  const choosesDeals = actorCan(actor, 'update', 'deals');
  const choices = await catalogueChoices(db, {
    includeHidden: choosesDeals,
    deals: choosesDeals ? 'all' : { linkedTo: actor.user.id },
  });
  return {
    ...choices,
    canChooseDeals: choosesDeals,
    canChooseUserType: choosesDeals,
    defaultManager: { id: actor.user.id, zCode: zCode(actor.user.id), name: personName(actor.user) },
  };
}

/** GET /api/onboarding/managers: active users the actor may pick as manager (their downstream for a leader). */
export async function managerOptions(db: Executor, actor: Actor, query: ManagerOptionsQuery): Promise<ManagerOptions> {
  return { items: await findManagerOptions(db, actor, query.search, query.limit) };
}

// ---- for the approvals module (resubmission of a declined request) ---------------------------------

export const countryCodes = (db: Executor) => findCountryCodes(db);
export const identificationTaken = (db: Executor, identificationNo: string, exceptUserId: number) =>
  isIdentificationTaken(db, identificationNo, exceptUserId);
export const phoneTaken = (db: Executor, phone: string, except: { userId: number; authId: string | null }) =>
  isPhoneTaken(db, phone, except);
