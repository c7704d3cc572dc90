import { isMaskedSecret, maskSecret } from '@portal/domain/access/masking';
import { type Action, can, type Subject } from '@portal/domain/access/permissions';
import { FEATURES } from '@portal/domain/accounts/me';
import { COMMISSION_FREEZE_MESSAGE, PROFILE_FROZEN } from '@portal/domain/accounts/profile';
import type { CatalogueRefusal } from '@portal/domain/catalogue/catalogue';
import { duplicateFieldOf } from '@portal/domain/people/creation-errors';
import {
  EDIT_USER_MESSAGES,
  type EditUserCheckRequest,
  type EditUserCheckResponse,
  type EditUserRequest,
} from '@portal/domain/people/edit-user';
import {
  type ActionResult,
  type ChangeManagerRequest,
  type ChangeUserPasswordRequest,
  type ChangeUserTypeRequest,
  type EligibleManagersQuery,
  type EligibleManagersResponse,
  flagChangeRefusal,
  LINK_REFUSALS,
  type LinkOptions,
  managerRefusal,
  NO_PERMISSION,
  nextLifecycleStatus,
  PASSWORD_UPDATED,
  permissionsFor,
  SELECT_USER_TYPE,
  STATUS_REFUSALS,
  type TargetUser,
  type UpdateUserFlagsRequest,
  type UpdateUserLinksRequest,
  type UserStatusRequest,
} from '@portal/domain/people/manage-user';
import { normalisePhone } from '@portal/domain/people/phone';
import {
  dealerNotFound,
  type RevealedSecrets,
  type UniversitySummary,
  type UserDetail,
} from '@portal/domain/people/user-detail';
import { zCode } from '@portal/domain/people/z-code';
import type { FastifyRequest } from 'fastify';
import type { AppDependencies } from '../../app-dependencies.ts';
import type { Database, Executor } from '../../db/client.ts';
import type { Actor } from '../../platform/access.ts';
import { writeAudit } from '../../platform/audit.ts';
import { AppError, badRequest, conflict, type FieldError, forbidden, notFound } from '../../platform/errors.ts';
import { lockUntilCommit } from '../../platform/locks.queries.ts';
import { type NoticeDeps, sendNotice } from '../../platform/notices.ts';
import { hashPassword } from '../../platform/password.ts';
import { permissionActor, permissionTarget } from '../../platform/permissions.ts';
import { endSessionsOf, setCredentialPassword, syncSignInContacts } from '../../platform/sign-in-identity.queries.ts';
import { assertCurrentPassword } from '../../platform/step-up.ts';
import {
  catalogueChoices,
  refusalOfChoice,
  replaceDealerLinks,
  userCatalogueLinkIds,
  userCatalogueLinks,
} from '../catalogue/catalogue.service.ts';
import { isCommissionFreezeOn } from '../commissions/commissions.service.ts';
import { findBankByName, userTypeExists } from '../reference/reference.service.ts';
import { universityProgressOf } from '../university/university.service.ts';
import { findLatestBanking, insertBanking } from './banking.queries.ts';
import {
  findContactOwners,
  findEligibleManagers,
  findManagerCandidate,
  findPersonRef,
  findUserWithNames,
  hasChildHoldingFlags,
  lockUser,
  reassignChildren,
  setParent,
  type Updater,
  type UserRow,
  updateUserRow,
} from './people.queries.ts';

type AuditRequest = Pick<FastifyRequest, 'id' | 'ip' | 'log'> & { actor?: Actor };

export type PeopleDeps = Pick<AppDependencies, 'db' | 'clock'> & NoticeDeps;

// Who may do what to whom (spec 1 §6) is packages/domain's `can`: an admin with Users Management
// reaches everyone (never an admin holding a flag they lack), a leader their own downstream,
// anyone else only themself. The target's relation comes from the closure table.

const refuse = (message = NO_PERMISSION) => forbidden(message, 'NO_PERMISSION');

/** The target as the rules see them; 403 unless the actor may `action subject` on them. */
async function authorise(
  db: Executor,
  actor: Actor,
  action: Action,
  subject: Subject,
  userId: number,
): Promise<TargetUser & { exists: boolean }> {
  const target = await permissionTarget(db, actor, userId);
  // Permissions on a page also need the trainer flags; they are read with the user later.
  const asTarget = { ...target, isLeader: false, isLeaderBlocked: false };
  if (!can(permissionActor(actor), action, subject, asTarget)) throw refuse();
  return asTarget;
}

async function lockAuthorisedUser(
  tx: Executor,
  actor: Actor,
  action: Action,
  subject: Subject,
  userId: number,
): Promise<{ user: UserRow; target: TargetUser }> {
  // The row first, the rule after, in statements of their own: a flag granted to the target
  // commits before the lock is ours (its insert holds the row) and is then seen (decision 074).
  const user = await lockUser(tx, userId);
  const target = await authorise(tx, actor, action, subject, userId);
  if (!user) throw notFound(dealerNotFound(userId));
  return { user, target: { ...target, isLeader: user.isLeader, isLeaderBlocked: user.isLeaderBlocked } };
}

function updaterOf(actor: Actor, request?: AuditRequest): Updater {
  return { userId: actor.user.id, authId: actor.authId, requestId: request?.id ?? null, ip: request?.ip ?? null };
}

const stamp = (actor: Actor) => ({ lastUpdatedBy: actor.user.id, lastUpdatedByAuthId: actor.authId });

const isoDate = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

// --- Read ------------------------------------------------------------------------------------

async function universitySummaryOf(db: Executor, user: UserRow): Promise<UniversitySummary> {
  try {
    return await universityProgressOf(db, user);
  } catch {
    return { status: -1, relevant: { passed: 0, total: 0 }, compulsory: { passed: 0, total: 0 } };
  }
}

/** GET /api/people/{id}: the user detail and manage-user screen's data (spec 1 §2.10, §2.11). */
export async function getUserDetail(db: Database, actor: Actor, userId: number): Promise<UserDetail> {
  const reached = await authorise(db, actor, 'read', 'person', userId);
  const found = await findUserWithNames(db, userId);
  if (!found) throw notFound(dealerNotFound(userId));
  const { user } = found;
  const target: TargetUser = { ...reached, isLeader: user.isLeader, isLeaderBlocked: user.isLeaderBlocked };
  const permissions = permissionsFor(permissionActor(actor), target);
  // ID, date of birth, passport and payment details: admins with Users Management and the user
  // themself (spec 1 §6); ID and account numbers masked even then (the reveal is separate).
  const seesPrivate = permissions.canEditIdentity || target.relation === 'self';
  const [parent, links, university, banking] = [
    user.parentId === null ? null : ((await findPersonRef(db, user.parentId)) ?? null),
    await userCatalogueLinks(db, user.id),
    await universitySummaryOf(db, user),
    seesPrivate ? await findLatestBanking(db, user.id) : null,
  ];
  return {
    id: user.id,
    zCode: zCode(user.id),
    firstName: user.firstName,
    middleName: user.middleName,
    surname: user.surname,
    companyName: user.companyName,
    refsGender: user.refsGender,
    operatorId: user.operatorId,
    phone: user.phone,
    altPhone: user.altPhone,
    email: user.email,
    street: user.street,
    suburb: user.suburb,
    city: user.city,
    province: user.province,
    provinceName: found.provinceName,
    postalCode: user.postalCode,
    country: user.country,
    countryName: found.countryName,
    refsShirtSize: user.refsShirtSize,
    refsTypeId: user.refsTypeId,
    userTypeName: found.userTypeName,
    lifecycleStatusId: user.refsUserLifecycleStatusId,
    lifecycleStatusName: found.lifecycleStatusName,
    isAdmin: user.isAdmin,
    isLeader: user.isLeader,
    isLeaderDate: isoDate(user.isLeaderDate),
    isLeaderBlocked: user.isLeaderBlocked,
    growthLeader: user.growthLeader,
    growthLeaderTime: isoDate(user.growthLeaderTime),
    emailVerified: user.emailVerified,
    phoneVerified: user.phoneVerified,
    createdAt: new Date(user.createdAt).toISOString(),
    parent,
    ...links,
    university,
    private: seesPrivate
      ? {
          refsIdentityDocType: user.refsIdentityDocType,
          identificationNo: maskSecret(user.identificationNo),
          dateOfBirth: user.dateOfBirth,
          nationality: user.nationality,
          passportIssueDate: user.passportIssueDate,
          passportExpiryDate: user.passportExpiryDate,
          refsPaymentType: user.refsPaymentType,
          eWalletLink: user.eWalletLink,
          idPhotoUrl: user.idPhotoUrl,
          personPhotoUrl: user.personPhotoUrl,
          banking: banking ? { ...banking, accountNumber: maskSecret(banking.accountNumber) } : null,
        }
      : null,
    permissions,
  };
}

/**
 * POST /api/people/{id}/reveal: the full ID and bank account numbers, for an admin with Users
 * Management and Commissions, on an explicit click; every reveal leaves an audit row.
 */
export async function revealSecrets(
  db: Database,
  actor: Actor,
  userId: number,
  request?: AuditRequest,
): Promise<RevealedSecrets> {
  await authorise(db, actor, 'reveal', 'secrets', userId);
  const found = await findUserWithNames(db, userId);
  if (!found) throw notFound(dealerNotFound(userId));
  const banking = await findLatestBanking(db, userId);
  await writeAudit(db, {
    actor,
    action: 'user.secrets.reveal',
    entity: 'users_master',
    entityId: userId,
    before: null,
    after: { identificationNo: maskSecret(found.user.identificationNo), banking: Boolean(banking) },
    request,
  });
  return { identificationNo: found.user.identificationNo, bankAccountNumber: banking?.accountNumber ?? null };
}

// --- Edit user -------------------------------------------------------------------------------

const upperOrNull = (value: string | null | undefined) => (value ? value.toUpperCase() : null);

const withoutSpaces = (identificationNo: string) => identificationNo.replace(/\s+/g, '');

/** The duplicate checks of the Edit User dialog; a value equal to the user's own is skipped. */
async function duplicateErrors(
  db: Executor,
  user: UserRow,
  values: { phone?: string | undefined; email?: string | null | undefined; identificationNo?: string | undefined },
): Promise<FieldError[]> {
  const phone = values.phone && values.phone !== user.phone ? values.phone : undefined;
  const email =
    values.email && values.email.toLowerCase() !== (user.email ?? '').toLowerCase() ? values.email : undefined;
  const identificationNo =
    values.identificationNo && values.identificationNo.toUpperCase() !== upperOrNull(user.identificationNo)
      ? values.identificationNo
      : undefined;
  if (!phone && !email && !identificationNo) return [];
  const owners = await findContactOwners(db, user.id, { phone, email, identificationNo });
  const errors: FieldError[] = [];
  if (owners.phone) errors.push({ field: 'personal.phone', message: EDIT_USER_MESSAGES.phoneInUse });
  if (owners.email) errors.push({ field: 'personal.email', message: EDIT_USER_MESSAGES.emailInUse });
  if (owners.identificationNo) errors.push({ field: 'identity.identificationNo', message: EDIT_USER_MESSAGES.idInUse });
  return errors;
}

/**
 * A unique violation of a value the duplicate check passed (another edit took it before this one
 * committed), answered as the check answers it (decision 074).
 */
function asEditDuplicate(error: unknown): AppError | undefined {
  const cause = ((error as { cause?: unknown })?.cause ?? error) as { code?: string; constraint?: string };
  if (cause?.code !== '23505') return undefined;
  const field = duplicateFieldOf(cause.constraint);
  const found =
    field === 'phone'
      ? { field: 'personal.phone', message: EDIT_USER_MESSAGES.phoneInUse }
      : field === 'email'
        ? { field: 'personal.email', message: EDIT_USER_MESSAGES.emailInUse }
        : field === 'identificationNo'
          ? { field: 'identity.identificationNo', message: EDIT_USER_MESSAGES.idInUse }
          : undefined;
  return found && conflict(found.message, [found], 'DUPLICATE');
}

/** POST /api/people/{id}/edit-user/check: run on leaving a tab (spec 1 §5.5). */
export async function checkEditUser(
  db: Database,
  actor: Actor,
  userId: number,
  values: EditUserCheckRequest,
): Promise<EditUserCheckResponse> {
  const reached = await authorise(db, actor, 'update', 'person', userId);
  const found = await findUserWithNames(db, userId);
  if (!found) throw notFound(dealerNotFound(userId));
  const permissions = permissionsFor(permissionActor(actor), { ...reached, ...pickFlags(found.user) });
  const phone = values.phone ? normalisePhone(values.phone) : undefined;
  return {
    errors: await duplicateErrors(db, found.user, {
      phone: phone && /^\+27\d{9}$/.test(phone) ? phone : undefined,
      email: values.email,
      identificationNo:
        permissions.canEditIdentity && values.identificationNo && !isMaskedSecret(values.identificationNo)
          ? withoutSpaces(values.identificationNo)
          : undefined,
    }),
  };
}

const pickFlags = (user: UserRow) => ({ isLeader: user.isLeader, isLeaderBlocked: user.isLeaderBlocked });

function sameBanking(
  current: Awaited<ReturnType<typeof findLatestBanking>>,
  next: { bank: string; accountNumber: string; accountType: number },
): boolean {
  return (
    current !== null &&
    current.bank === next.bank &&
    current.accountNumber === next.accountNumber &&
    current.accountType === next.accountType
  );
}

/**
 * PUT /api/people/{id}: Edit User. The whole request was validated by its schema; here the rules
 * that need the database or the actor: who may change which tab, duplicates, the bank's branch
 * code, the commission freeze and, for new banking, payment type, eWallet link, phone or e-mail,
 * the acting admin's password (decision 071). One transaction with one audit row per changed record.
 */
export async function editUser(
  deps: PeopleDeps,
  actor: Actor,
  userId: number,
  input: EditUserRequest,
  request?: AuditRequest,
): Promise<ActionResult> {
  try {
    return await editUserOnce(deps, actor, userId, input, request);
  } catch (error) {
    throw asEditDuplicate(error) ?? error;
  }
}

async function editUserOnce(
  deps: PeopleDeps,
  actor: Actor,
  userId: number,
  input: EditUserRequest,
  request?: AuditRequest,
): Promise<ActionResult> {
  const notices: Notice[] = [];
  const result = await deps.db.transaction(async (tx) => {
    const { user, target } = await lockAuthorisedUser(tx, actor, 'update', 'person', userId);
    // The own record is changed on the profile, where contacts are verified and banking needs
    // the password again; Edit User on oneself would skip both.
    if (target.relation === 'self') throw refuse(OWN_DETAILS_ELSEWHERE);
    const permissions = permissionsFor(permissionActor(actor), target);
    if ((input.identity || input.documents) && !permissions.canEditIdentity) throw refuse();
    if (input.banking && !permissions.canEditBanking) throw refuse();

    const { personal, address, documents, banking } = input;
    // A masked ID number is the one the page was shown: keep the stored one. Spaces are dropped,
    // as the wizard and the resubmission do, so a spaced copy cannot pass the duplicate check.
    const identity =
      input.identity && isMaskedSecret(input.identity.identificationNo)
        ? { ...input.identity, identificationNo: user.identificationNo ?? '' }
        : input.identity && { ...input.identity, identificationNo: withoutSpaces(input.identity.identificationNo) };
    const emailChanged = (personal.email ?? '').toLowerCase() !== (user.email ?? '').toLowerCase();
    const phoneChanged = personal.phone !== user.phone;
    // A phone or e-mail signs a person in: a leader may not change it (only the owner, with a
    // code or link to the new contact, or an admin with Users Management).
    if ((emailChanged || phoneChanged) && !permissions.canEditContact) {
      throw refuse(EDIT_USER_MESSAGES.contactNotYours);
    }
    const duplicates = await duplicateErrors(tx, user, {
      phone: personal.phone,
      email: personal.email,
      identificationNo: identity?.identificationNo,
    });
    if (duplicates.length) throw conflict(duplicates[0]!.message, duplicates, 'DUPLICATE');

    const fields: Partial<UserRow> = {
      firstName: personal.firstName,
      middleName: personal.middleName,
      surname: personal.surname,
      companyName: personal.companyName,
      refsGender: personal.refsGender,
      email: personal.email,
      phone: personal.phone,
      altPhone: personal.altPhone,
      operatorId: personal.operatorId,
      refsShirtSize: personal.refsShirtSize,
      ...address,
      ...(identity
        ? {
            refsIdentityDocType: identity.refsIdentityDocType,
            identificationNo: identity.identificationNo,
            dateOfBirth: identity.dateOfBirth,
            nationality: identity.nationality,
            passportIssueDate: identity.refsIdentityDocType === 'PASSPORT' ? identity.passportIssueDate : null,
            passportExpiryDate: identity.refsIdentityDocType === 'PASSPORT' ? identity.passportExpiryDate : null,
          }
        : {}),
      ...(documents ?? {}),
      ...(banking ? { refsPaymentType: banking.refsPaymentType, eWalletLink: banking.eWalletLink } : {}),
    };
    // A changed contact must be verified again (spec 1 §2.5), like a change on the own profile.
    if (emailChanged) fields.emailVerified = false;
    if (phoneChanged) fields.phoneVerified = false;

    // How the person is paid also changes with the payment type, the eWallet link and, for an
    // eWallet payee, the phone (the eWallet is the phone's): frozen and told like a new account.
    const paymentType = banking?.refsPaymentType ?? user.refsPaymentType;
    const walletChanged =
      banking !== undefined &&
      (banking.refsPaymentType !== user.refsPaymentType ||
        (banking.refsPaymentType === 'eWallet' && (banking.eWalletLink || null) !== (user.eWalletLink || null)));
    if ((walletChanged || (phoneChanged && paymentType === 'eWallet')) && (await isCommissionFreezeOn(tx))) {
      throw conflict(COMMISSION_FREEZE_MESSAGE, undefined, PROFILE_FROZEN);
    }

    // A new bank account: decided (and validated) before anything is written, so the step-up
    // below can refuse the whole save.
    let newAccount: { bank: string; accountNumber: string; accountType: number; branchCode: string } | undefined;
    let current: Awaited<ReturnType<typeof findLatestBanking>> = null;
    if (banking?.refsPaymentType === 'bank') {
      const bank = await findBankByName(tx, banking.bank!);
      if (!bank) {
        throw badRequest(EDIT_USER_MESSAGES.bank, [{ field: 'banking.bank', message: EDIT_USER_MESSAGES.bank }]);
      }
      current = await findLatestBanking(tx, user.id);
      const given = banking.bankAccountNumber!;
      if (isMaskedSecret(given) && (!current || maskSecret(current.accountNumber) !== given)) {
        const message = EDIT_USER_MESSAGES.accountIncomplete;
        throw badRequest(message, [{ field: 'banking.bankAccountNumber', message }]);
      }
      const next = {
        bank: bank.name,
        accountNumber: isMaskedSecret(given) ? current!.accountNumber : given,
        accountType: banking.refsBankAccountType!,
      };
      if (!sameBanking(current, next)) {
        if (await isCommissionFreezeOn(tx)) throw conflict(COMMISSION_FREEZE_MESSAGE, undefined, PROFILE_FROZEN);
        newAccount = { ...next, branchCode: bank.branchCode };
      } else if (walletChanged) {
        notices.push(bankingChangedNotice(user, next.accountNumber));
      }
    } else if (walletChanged) {
      notices.push(walletChangedNotice(user, banking?.eWalletLink ?? null));
    }

    // Step-up (decision 071): where another person is paid, and the phone or e-mail that signs
    // them in (by pin or reset link), move only with the ACTING admin's password again. An admin
    // may sign in by phone and pin alone, so a SIM-swapped admin session must not divert pay or
    // take over an account; a wrong password counts toward the admin's step-up lock.
    if (newAccount || walletChanged || emailChanged || phoneChanged) {
      await assertCurrentPassword(tx, actor.authId, input.currentPassword, undefined, {
        clock: deps.clock,
        failures: deps.db,
      });
    }

    if (newAccount) {
      await insertBanking(tx, { userId: user.id, ...newAccount, createdByAuthId: actor.authId });
      await writeAudit(tx, {
        actor,
        action: 'user.banking.update',
        entity: 'banking_details',
        entityId: user.id,
        before: current ? { ...current, accountNumber: `…${current.accountNumber.slice(-4)}` } : null,
        after: { ...newAccount, accountNumber: `…${newAccount.accountNumber.slice(-4)}` },
        request,
      });
      notices.push(bankingChangedNotice(user, newAccount.accountNumber));
    }

    await updateUserRow(tx, user.id, { ...fields, ...stamp(actor) });
    if (user.authId && (emailChanged || phoneChanged)) {
      await syncSignInContacts(tx, user.authId, {
        ...(emailChanged && personal.email ? { email: personal.email } : {}),
        ...(phoneChanged ? { phone: personal.phone } : {}),
      });
    }
    await writeAudit(tx, {
      actor,
      action: 'user.update',
      entity: 'users_master',
      entityId: user.id,
      before: { ...user, identificationNo: maskSecret(user.identificationNo) },
      after: {
        ...fields,
        ...(fields.identificationNo ? { identificationNo: maskSecret(fields.identificationNo) } : {}),
      },
      request,
    });
    if (emailChanged && user.email) notices.push(contactChangedNotice(user, { email: user.email }, 'e-mail address'));
    if (phoneChanged && user.phone) notices.push(contactChangedNotice(user, { phone: user.phone }, 'phone number'));
    // The owner hears of every change to how they sign in or are paid, at the old contact.
    for (const notice of notices) await sendNotice(deps, notice, request, tx);
    return { message: 'User updated successfully' };
  });
  return result;
}

type Notice = Parameters<typeof sendNotice>[1];

function contactChangedNotice(user: UserRow, to: { email?: string; phone?: string }, what: string): Notice {
  return {
    ...to,
    subject: `Your ${what} was changed`,
    text: `Hello ${user.firstName},\n\nAn administrator changed the ${what} on your Dealer Portal account (${zCode(user.id)}). If you did not expect this, contact your administrator at once.`,
  };
}

function bankingChangedNotice(user: UserRow, accountNumber: string): Notice {
  return {
    email: user.email ?? undefined,
    phone: user.phone ?? undefined,
    subject: 'Your banking details were changed',
    text: `Hello ${user.firstName},\n\nThe bank account for your commission payments (${zCode(user.id)}) is now the account ending ${accountNumber.slice(-4)}. If you did not expect this, contact your administrator at once.`,
  };
}

function walletChangedNotice(user: UserRow, link: string | null): Notice {
  return {
    email: user.email ?? undefined,
    phone: user.phone ?? undefined,
    subject: 'Your banking details were changed',
    text: `Hello ${user.firstName},\n\nAn administrator changed how you are paid (${zCode(user.id)}): your commission payments now go to the eWallet of your cellphone number${link ? ` (eWallet link ${link})` : ''}. If you did not expect this, contact your administrator at once.`,
  };
}

export const OWN_DETAILS_ELSEWHERE = 'Change your own details on your profile.';
export const OWN_PASSWORD_ELSEWHERE = 'Change your own password on your profile, with your current password.';

// --- Password --------------------------------------------------------------------------------

/** PUT /api/people/{id}/password (admin): sets the password and ends every session of the user. */
export async function changeUserPassword(
  deps: PeopleDeps,
  actor: Actor,
  userId: number,
  input: ChangeUserPasswordRequest,
  request?: AuditRequest,
): Promise<ActionResult> {
  // The own password is changed with the current one (POST /api/accounts/password), never here.
  if (userId === actor.user.id) throw refuse(OWN_PASSWORD_ELSEWHERE);
  const hash = await hashPassword(input.password);
  return deps.db.transaction(async (tx) => {
    const { user } = await lockAuthorisedUser(tx, actor, 'update', 'password', userId);
    if (!user.authId) throw conflict('This user has no sign-in account.', undefined, 'NO_SIGN_IN');
    // Step-up (decision 071): a password the admin sets signs them in as this person; a session
    // alone (an admin signs in by phone and pin) is not enough. Wrong ones count toward the lock.
    await assertCurrentPassword(tx, actor.authId, input.currentPassword, undefined, {
      clock: deps.clock,
      failures: deps.db,
    });
    await setCredentialPassword(tx, user.authId, hash);
    const ended = await endSessionsOf(tx, user.authId);
    // The admin knows this password: the user must choose their own at the next sign-in.
    await updateUserRow(tx, user.id, { tempPw: true, ...stamp(actor) });
    await writeAudit(tx, {
      actor,
      action: 'user.password.reset',
      entity: 'users_master',
      entityId: user.id,
      before: { password: 'old' },
      after: { password: 'new', sessionsEnded: ended },
      request,
    });
    return { message: PASSWORD_UPDATED };
  });
}

// --- Change manager --------------------------------------------------------------------------

export async function getEligibleManagers(
  db: Database,
  actor: Actor,
  userId: number,
  query: EligibleManagersQuery,
): Promise<EligibleManagersResponse> {
  await authorise(db, actor, 'read', 'manager', userId);
  const found = await findUserWithNames(db, userId);
  if (!found) throw notFound(dealerNotFound(userId));
  return findEligibleManagers(db, userId, query.search || undefined, query.limit);
}

/**
 * Held by a move (exclusive) and by a creation under the hierarchy (shared): the closure trigger
 * copies a new person's ancestors from their manager's, so a creation must not read them while a
 * move of someone above that manager is in flight, nor a move miss a person created meanwhile.
 */
export const HIERARCHY_MOVE_LOCK = 'users-hierarchy-move';

/**
 * PUT /api/people/{id}/manager (admin, spec 1 §4 "Change manager"). Unchecked 'Move with children'
 * first hands the user's children to the user's former parent; then the user moves. The closure
 * table follows by trigger in this same transaction. Moves are serialised by an advisory lock so
 * two concurrent moves can never build a cycle that neither saw.
 */
export async function changeManager(
  deps: PeopleDeps,
  actor: Actor,
  userId: number,
  input: ChangeManagerRequest,
  request?: AuditRequest,
): Promise<ActionResult> {
  return deps.db.transaction(async (tx) => {
    await lockUntilCommit(tx, HIERARCHY_MOVE_LOCK);
    const { user } = await lockAuthorisedUser(tx, actor, 'update', 'manager', userId);
    const candidate = await findManagerCandidate(tx, user.id, input.managerId);
    const refusal = managerRefusal(user, candidate);
    if (refusal) throw new AppError('MANAGER_NOT_ELIGIBLE', 409, refusal, [{ field: 'managerId', message: refusal }]);
    // Handing the children to the former parent changes their manager too: refused whole when one
    // of them is an admin the actor may not act on (a flag the actor lacks).
    if (!input.moveWithChildren && !(await mayHandOnChildren(tx, actor, user.id))) throw refuse();
    // Step-up (decision 075): a move hands the leader override on the user's sales (and, with
    // children, their whole branch's) to a new upline, so it moves pay: a session alone (an admin
    // signs in by phone and pin) is not enough. Every move that passes the checks above changes the
    // parent (the current manager again is refused as 'same'); wrong passwords count toward the lock.
    await assertCurrentPassword(tx, actor.authId, input.currentPassword, undefined, {
      clock: deps.clock,
      failures: deps.db,
    });
    const updater = updaterOf(actor, request);
    const childrenMoved = input.moveWithChildren ? 0 : await reassignChildren(tx, user.id, user.parentId, updater);
    await setParent(tx, user.id, input.managerId, updater);
    await writeAudit(tx, {
      actor,
      action: 'user.parent.change',
      entity: 'users_master',
      entityId: user.id,
      before: { parentId: user.parentId },
      after: { parentId: input.managerId, moveWithChildren: input.moveWithChildren, childrenMoved },
      request,
    });
    const manager = await findPersonRef(tx, input.managerId);
    return {
      message: `${zCode(user.id)} now reports to ${manager ? `${zCode(manager.id)} ${manager.firstName} ${manager.surname}` : zCode(input.managerId)}.`,
    };
  });
}

/**
 * Handing on is a manager change of each child: refused when one of them is an admin holding a
 * flag the actor lacks (as `can(..., 'update', 'manager', child)` says of each), asked of the
 * database in one statement rather than by reading every child.
 */
async function mayHandOnChildren(tx: Executor, actor: Actor, userId: number): Promise<boolean> {
  const held = permissionActor(actor).features;
  const lacking = FEATURES.filter((feature) => !held.includes(feature));
  return !(await hasChildHoldingFlags(tx, userId, actor.user.id, lacking));
}

// --- Suppliers, product types and deals ------------------------------------------------------

export async function getLinkOptions(db: Database, actor: Actor, userId: number): Promise<LinkOptions> {
  const reached = await authorise(db, actor, 'update', 'links', userId);
  const found = await findUserWithNames(db, userId);
  if (!found) throw notFound(dealerNotFound(userId));
  const permissions = permissionsFor(permissionActor(actor), { ...reached, ...pickFlags(found.user) });
  return catalogueChoices(db, {
    includeHidden: permissions.canChooseDeals,
    deals: permissions.canChooseDeals ? 'all' : 'none',
  });
}

const LINK_REFUSAL_FIELDS: Record<CatalogueRefusal, keyof UpdateUserLinksRequest> = {
  unknownProductType: 'productTypeIds',
  unknownSupplier: 'supplierIds',
  supplierNotOffered: 'supplierIds',
  unknownDeal: 'dealIds',
  dealNotOffered: 'dealIds',
};

const unique = (ids: number[]) => [...new Set(ids)].sort((a, b) => a - b);

/** PUT /api/people/{id}/links: suppliers and product types (leaders within reach), deals (admins). */
export async function updateUserLinks(
  db: Database,
  actor: Actor,
  userId: number,
  input: UpdateUserLinksRequest,
  request?: AuditRequest,
): Promise<ActionResult> {
  return db.transaction(async (tx) => {
    const { user, target } = await lockAuthorisedUser(tx, actor, 'update', 'links', userId);
    const permissions = permissionsFor(permissionActor(actor), target);
    if (input.dealIds !== undefined && !permissions.canChooseDeals) throw refuse();

    const productTypeIds = unique(input.productTypeIds);
    const supplierIds = unique(input.supplierIds);
    const dealIds = input.dealIds === undefined ? undefined : unique(input.dealIds);
    // Hidden suppliers are for admins only: a leader cannot link anyone to one.
    const refusal = await refusalOfChoice(
      tx,
      { productTypeIds, supplierIds, dealIds: dealIds ?? [] },
      { includeHidden: permissions.canChooseDeals },
    );
    if (refusal) {
      const message = LINK_REFUSALS[refusal];
      throw badRequest(message, [{ field: LINK_REFUSAL_FIELDS[refusal], message }], 'INVALID_LINKS');
    }

    const before = await userCatalogueLinkIds(tx, user.id);
    await replaceDealerLinks(tx, user.id, { supplierIds, productTypeIds, dealIds }, actor.user.id);
    await updateUserRow(tx, user.id, stamp(actor));
    await writeAudit(tx, {
      actor,
      action: 'user.links.update',
      entity: 'users_master',
      entityId: user.id,
      before,
      after: { supplierIds, productTypeIds, ...(dealIds ? { dealIds } : {}) },
      request,
    });
    return { message: 'Suppliers and product types updated' };
  });
}

// --- User type, status, flags ----------------------------------------------------------------

export async function changeUserType(
  db: Database,
  actor: Actor,
  userId: number,
  input: ChangeUserTypeRequest,
  request?: AuditRequest,
): Promise<ActionResult> {
  return db.transaction(async (tx) => {
    const { user } = await lockAuthorisedUser(tx, actor, 'update', 'user-type', userId);
    if (!(await userTypeExists(tx, input.refsTypeId))) {
      throw badRequest(SELECT_USER_TYPE, [{ field: 'refsTypeId', message: SELECT_USER_TYPE }]);
    }
    if (user.refsTypeId !== input.refsTypeId) {
      await updateUserRow(tx, user.id, { refsTypeId: input.refsTypeId, ...stamp(actor) });
      await writeAudit(tx, {
        actor,
        action: 'user.type.change',
        entity: 'users_master',
        entityId: user.id,
        before: { refsTypeId: user.refsTypeId },
        after: { refsTypeId: input.refsTypeId },
        request,
      });
    }
    return { message: 'User type updated' };
  });
}

const STATUS_MESSAGES = {
  deactivate: 'User marked as inactive',
  reactivate: 'User reactivated',
  delete: 'User deleted',
} as const;

/** POST /api/people/{id}/status (admin): Mark As Inactive, Reactivate User, Delete (spec 1 §4). */
export async function changeUserStatus(
  deps: PeopleDeps,
  actor: Actor,
  userId: number,
  input: UserStatusRequest,
  request?: AuditRequest,
): Promise<ActionResult> {
  return deps.db.transaction(async (tx) => {
    const { user } = await lockAuthorisedUser(tx, actor, 'update', 'lifecycle-status', userId);
    if (userId === actor.user.id) throw conflict(STATUS_REFUSALS.self, undefined, 'STATUS_NOT_ALLOWED');
    const next = nextLifecycleStatus(user.refsUserLifecycleStatusId, input.action);
    if ('error' in next) throw conflict(next.error, undefined, 'STATUS_NOT_ALLOWED');
    // Step-up (decision 076): only an active Trainer is paid the leader lines on their branch's
    // sales, so every status change adds or removes a payee (or hands the lines to the next Trainer
    // up): a session alone is not enough. Every change that passes the checks above writes;
    // wrong passwords count toward the lock.
    await assertCurrentPassword(tx, actor.authId, input.currentPassword, undefined, {
      clock: deps.clock,
      failures: deps.db,
    });
    await updateUserRow(tx, user.id, { refsUserLifecycleStatusId: next.status, ...stamp(actor) });
    await writeAudit(tx, {
      actor,
      action: `user.status.${input.action}`,
      entity: 'users_master',
      entityId: user.id,
      before: { lifecycleStatusId: user.refsUserLifecycleStatusId },
      after: { lifecycleStatusId: next.status },
      request,
    });
    return { message: STATUS_MESSAGES[input.action] };
  });
}

/**
 * PUT /api/people/{id}/flags: Trainer (stamps is_leader_date), Growth Leader (stamps
 * growth_leader_time) and Block Trainer Status, by the rules of spec 1 §4 and §6.
 */
export async function updateUserFlags(
  deps: PeopleDeps,
  actor: Actor,
  userId: number,
  input: UpdateUserFlagsRequest,
  request?: AuditRequest,
): Promise<ActionResult> {
  return deps.db.transaction(async (tx) => {
    const { user, target } = await lockAuthorisedUser(tx, actor, 'read', 'person', userId);
    const refusal = flagChangeRefusal(permissionActor(actor), target, input);
    if (refusal) throw refuse(refusal);
    const now = new Date();
    const fields: Partial<UserRow> = {};
    if (input.isLeader !== undefined && input.isLeader !== user.isLeader) {
      // Step-up (decision 076): the leader lines on a branch's sales go to the active Trainers above
      // it, so Trainer on makes this user a payee and off hands their lines to the next Trainer up.
      // Asked of the actor (an admin, or a leader turning it on for their downstream) only when it
      // changes; Growth Leader and Block Trainer Status select no payee. Wrong ones count.
      await assertCurrentPassword(tx, actor.authId, input.currentPassword, undefined, {
        clock: deps.clock,
        failures: deps.db,
      });
      fields.isLeader = input.isLeader;
      fields.isLeaderDate = input.isLeader ? now : null;
    }
    if (input.growthLeader !== undefined && input.growthLeader !== user.growthLeader) {
      fields.growthLeader = input.growthLeader;
      fields.growthLeaderTime = input.growthLeader ? now : null;
    }
    if (input.isLeaderBlocked !== undefined && input.isLeaderBlocked !== user.isLeaderBlocked) {
      fields.isLeaderBlocked = input.isLeaderBlocked;
    }
    if (Object.keys(fields).length) {
      await updateUserRow(tx, user.id, { ...fields, ...stamp(actor) });
      await writeAudit(tx, {
        actor,
        action: 'user.flags.change',
        entity: 'users_master',
        entityId: user.id,
        before: user,
        after: fields,
        request,
      });
    }
    return { message: flagMessage(input) };
  });
}

function flagMessage(input: UpdateUserFlagsRequest): string {
  if (input.isLeader !== undefined) return input.isLeader ? 'Trainer status turned on' : 'Trainer status turned off';
  if (input.growthLeader !== undefined)
    return input.growthLeader ? 'Growth leader status turned on' : 'Growth leader status turned off';
  return input.isLeaderBlocked ? 'Trainer status blocked' : 'Trainer status unblocked';
}

/** The account a dealer is paid into now (the latest banking row), for other modules. */
export const latestBanking = (db: Executor, userId: number) => findLatestBanking(db, userId);
/** Adds a banking row (the history is kept; the newest is paid into), inside the caller's transaction. */
export const addBanking = (tx: Executor, row: Parameters<typeof insertBanking>[1]) => insertBanking(tx, row);
