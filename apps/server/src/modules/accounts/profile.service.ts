import { maskSecret } from '@portal/domain/access/masking';
import {
  BECOME_LEADER_REFUSALS,
  COMMISSION_FREEZE_MESSAGE,
  type ContactAvailability,
  type ContactAvailabilityQuery,
  type ContactChangeRequest,
  type ContactChangeResult,
  canBecomeLeader,
  EMAIL_IN_USE,
  firstProfileError,
  maskAccountNumber,
  PENDING_CONTACT_HOURS,
  PHONE_IN_USE,
  PROFILE_FROZEN,
  type Profile,
  type ProfileUpdateRequest,
} from '@portal/domain/accounts/profile';
import { normalisePhone } from '@portal/domain/people/phone';
import { zCode } from '@portal/domain/people/z-code';
import type { FastifyRequest } from 'fastify';
import type { Executor } from '../../db/client.ts';
import type { Actor } from '../../platform/access.ts';
import { writeAudit } from '../../platform/audit.ts';
import { HOUR } from '../../platform/clock.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { sendNotice } from '../../platform/notices.ts';
import { PinSendLimitError } from '../../platform/one-time-pins.ts';
import { assertCurrentPassword } from '../../platform/step-up.ts';
import { userCatalogueLinks } from '../catalogue/catalogue.service.ts';
import { isCommissionFreezeOn } from '../commissions/commissions.service.ts';
import { addBanking, latestBanking } from '../people/people.service.ts';
import {
  bankAccountTypeExists,
  countryExists,
  findBankByName,
  provinceExists,
  shirtSizeExists,
} from '../reference/reference.service.ts';
import { updateOwnUserRecord } from './accounts.queries.ts';
import { type AccountsDeps, sendVerificationLink } from './accounts.service.ts';
import { replacePendingContact } from './pending-contact.queries.ts';
import { maskContact, noticeOfRequest, pendingOfProfile } from './pending-contact.service.ts';
import {
  emailTakenByOther,
  findNames,
  findUserById,
  lockUserRow,
  phoneTakenByOther,
  setLeaderIfEligible,
  type UserRow,
} from './profile.queries.ts';

type AuditRequest = Pick<FastifyRequest, 'id' | 'ip' | 'log'> & { actor?: Actor };

const frozen = () => new AppError(PROFILE_FROZEN, 409, COMMISSION_FREEZE_MESSAGE);

/** A wrong step-up password is recorded outside the transaction its refusal rolls back. */
const stepUp = (deps: AccountsDeps) => ({ clock: deps.clock, failures: deps.db });

/** The own profile as '/profile' shows it; account numbers masked. */
export async function getProfile(db: Executor, userId: number, now: Date): Promise<Profile> {
  const user = await findUserById(db, userId);
  if (!user) throw notFound(`Dealer with ID ${userId} not found`);
  const [banking, names, { productTypes, suppliers }, profileFrozen, pending] = await Promise.all([
    user.refsPaymentType === 'bank' ? latestBanking(db, user.id) : Promise.resolve(undefined),
    findNames(db, user),
    userCatalogueLinks(db, user.id),
    isCommissionFreezeOn(db),
    pendingOfProfile(db, user.id, now),
  ]);
  return {
    id: user.id,
    zCode: zCode(user.id),
    firstName: user.firstName,
    middleName: user.middleName,
    surname: user.surname,
    companyName: user.companyName,
    identificationNo: maskSecret(user.identificationNo),
    refsIdentityDocType: user.refsIdentityDocType,
    phone: user.phone,
    email: user.email,
    emailVerified: user.emailVerified,
    phoneVerified: user.phoneVerified,
    createdAt: user.createdAt.toISOString(),
    refsShirtSize: user.refsShirtSize,
    refsPaymentType: user.refsPaymentType,
    eWalletLink: user.eWalletLink,
    banking: banking
      ? {
          bank: banking.bank,
          branchCode: banking.branchCode,
          accountNumberMasked: maskAccountNumber(banking.accountNumber),
          accountType: banking.accountType,
          accountTypeName: banking.accountTypeName,
        }
      : null,
    address: {
      country: user.country,
      countryName: names.countryName,
      street: user.street,
      suburb: user.suburb,
      city: user.city,
      province: user.province,
      provinceName: names.provinceName,
      postalCode: user.postalCode,
    },
    productTypes,
    suppliers,
    isAdmin: user.isAdmin,
    isLeader: user.isLeader,
    isLeaderBlocked: user.isLeaderBlocked,
    refsUserTierId: user.refsUserTierId,
    agreedToRicaTerms: user.agreedToRicaTerms,
    canBecomeLeader: canBecomeLeader(user),
    profileFrozen,
    ...pending,
  };
}

/** The form field each first-failure message of spec 1 §5.5 belongs to. */
const FIELD_OF_MESSAGE: Record<string, string> = {
  'Account number is incomplete': 'bankAccountNumber',
  'Please add a Street Address': 'street',
  'Please add a Suburb': 'suburb',
  'Please add a Postal Code': 'postalCode',
  'Please add a City': 'city',
  'Please select a bank': 'bank',
  'Please add a bank account number': 'bankAccountNumber',
  'Please select an account type': 'refsBankAccountType',
  'Please check RICA And POPIA Training': 'agreedToRicaTerms',
  'Invalid Postal Code': 'postalCode',
};

function invalid(field: string, message: string): AppError {
  return badRequest(message, [{ field, message }], 'VALIDATION_FAILED');
}

/** Spec 1 §5.5 in its order, then every value against the reference lists. */
async function validateProfile(db: Executor, input: ProfileUpdateRequest) {
  const message = firstProfileError(input);
  if (message) throw invalid(FIELD_OF_MESSAGE[message] ?? 'body', message);
  if (!(await countryExists(db, input.country))) throw invalid('country', 'Invalid Country');
  if (!(await provinceExists(db, input.province))) throw invalid('province', 'Please select a province');
  if (input.refsShirtSize && !(await shirtSizeExists(db, input.refsShirtSize))) {
    throw invalid('refsShirtSize', 'Please select a T-shirt size');
  }
  if (input.refsPaymentType !== 'bank') return undefined;
  const bank = await findBankByName(db, input.bank!);
  if (!bank) throw invalid('bank', 'Please select a bank');
  if (!(await bankAccountTypeExists(db, input.refsBankAccountType!))) {
    throw invalid('refsBankAccountType', 'Invalid bank account type');
  }
  return {
    bank: bank.name,
    branchCode: bank.branchCode,
    accountNumber: input.bankAccountNumber!,
    accountType: input.refsBankAccountType!,
  };
}

/**
 * PUT /api/profile: the profile-edit subset of the signed-in user, validated again, refused while
 * the commission freeze is on. The user row and (for bank payment) a new banking row (the latest
 * row is the one used) are written in one transaction with an audit row. Only the fields of
 * ProfileUpdateRequest can change: anything else in the body was dropped by its schema.
 */
export async function updateProfile(
  deps: AccountsDeps,
  actor: Actor,
  input: ProfileUpdateRequest,
  request: AuditRequest,
): Promise<Profile> {
  const banking = await validateProfile(deps.db, input);
  const userId = actor.user.id;
  await deps.db.transaction(async (tx) => {
    if (await isCommissionFreezeOn(tx)) throw frozen();
    const before = await lockUserRow(tx, userId);
    if (!before) throw notFound(`Dealer with ID ${userId} not found`);
    const changes = {
      country: input.country,
      province: input.province,
      street: input.street,
      suburb: input.suburb,
      postalCode: input.postalCode,
      city: input.city,
      refsShirtSize: input.refsShirtSize,
      refsPaymentType: input.refsPaymentType,
      ...(input.eWalletLink !== undefined ? { eWalletLink: input.eWalletLink || null } : {}),
      agreedToRicaTerms: input.agreedToRicaTerms,
    };
    await updateOwnUserRecord(tx, { userId, authId: actor.authId }, changes);

    let bankingBefore: Record<string, unknown> | undefined;
    let bankingAfter: Record<string, unknown> | undefined;
    // Switching to eWallet (paid to the cellphone's eWallet) or changing its link redirects pay
    // as much as a new account does: the same password again and the same notice.
    const walletChanged =
      input.refsPaymentType !== before.refsPaymentType ||
      (input.refsPaymentType === 'eWallet' &&
        input.eWalletLink !== undefined &&
        (input.eWalletLink || null) !== (before.eWalletLink || null));
    if (banking) {
      const latest = await latestBanking(tx, userId);
      const same =
        latest &&
        latest.bank === banking.bank &&
        latest.branchCode === banking.branchCode &&
        latest.accountNumber === banking.accountNumber &&
        latest.accountType === banking.accountType;
      if (!same) {
        // New banking details redirect pay: the owner types their password again.
        await assertCurrentPassword(tx, actor.authId, input.currentPassword, undefined, stepUp(deps));
        await addBanking(tx, { userId, ...banking, createdByAuthId: actor.authId });
        bankingBefore = latest
          ? { ...latest, accountNumber: maskAccountNumber(latest.accountNumber), accountTypeName: undefined }
          : {};
        bankingAfter = { ...banking, accountNumber: maskAccountNumber(banking.accountNumber) };
      }
    }
    if (walletChanged && bankingAfter === undefined) {
      await assertCurrentPassword(tx, actor.authId, input.currentPassword, undefined, stepUp(deps));
    }
    const pick = (row: UserRow) =>
      Object.fromEntries(Object.keys(changes).map((key) => [key, row[key as keyof UserRow]]));
    await writeAudit(tx, {
      action: 'profile.update',
      entity: 'users_master',
      entityId: userId,
      before: { ...pick(before), ...(bankingBefore ? { banking: bankingBefore } : {}) },
      after: { ...changes, ...(bankingAfter ? { banking: bankingAfter } : {}) },
      request,
    });
    if ((bankingAfter !== undefined || walletChanged) && (banking || input.refsPaymentType === 'eWallet')) {
      const now = banking
        ? `The bank account for your commission payments (${zCode(userId)}) is now the account ending ${banking.accountNumber.slice(-4)}.`
        : `Your commission payments (${zCode(userId)}) now go to the eWallet of your cellphone number${input.eWalletLink ? ` (eWallet link ${input.eWalletLink})` : ''}.`;
      await sendNotice(
        deps,
        {
          email: actor.user.email ?? undefined,
          phone: actor.user.phone ?? undefined,
          subject: 'Your banking details were changed',
          text: `Hello ${actor.user.firstName},\n\n${now} If you did not make this change, contact your administrator at once.`,
        },
        request,
        tx,
      );
    }
    return bankingAfter !== undefined || walletChanged;
  });
  return getProfile(deps.db, userId, deps.clock.now());
}

/** Checked on blur (spec 1 §5.5): the user's own value counts as available. */
export async function contactAvailability(
  db: Executor,
  actor: Actor,
  query: ContactAvailabilityQuery,
): Promise<ContactAvailability> {
  if (query.email !== undefined) {
    const taken = await emailTakenByOther(db, query.email, actor.user);
    return { available: !taken, message: taken ? EMAIL_IN_USE : null };
  }
  const phone = normalisePhone(query.phone ?? '');
  if (!/^\+27\d{9}$/.test(phone)) {
    throw invalid('phone', 'Phone number must start with +27 and be followed by 9 digits');
  }
  const taken = await phoneTakenByOther(db, phone, actor.user);
  return { available: !taken, message: taken ? PHONE_IN_USE : null };
}

/**
 * POST /api/profile/contact: a new e-mail and/or phone for the signed-in user, with the current
 * password (step-up: they sign the person in). Each changed one is only PENDING (decision 069):
 * the current one keeps signing in until the new one is proven (a one-time pin to the new number,
 * a verification link to the new address), the old contact is told (the new one masked), and a
 * new request replaces an earlier one. Refused while frozen.
 */
export async function changeContact(
  deps: AccountsDeps,
  actor: Actor,
  input: ContactChangeRequest,
  request: AuditRequest,
): Promise<ContactChangeResult> {
  const userId = actor.user.id;
  const now = deps.clock.now();
  const result = await deps.db.transaction(async (tx) => {
    if (await isCommissionFreezeOn(tx)) throw frozen();
    const user = await lockUserRow(tx, userId);
    if (!user) throw notFound(`Dealer with ID ${userId} not found`);
    const email = input.email?.trim();
    const phone = input.phone?.trim();
    const emailChanged = email !== undefined && email.toLowerCase() !== (user.email ?? '').toLowerCase();
    const phoneChanged = phone !== undefined && phone !== user.phone;
    if (!emailChanged && !phoneChanged) return { user, emailChanged, phoneChanged };
    if (phoneChanged && (await phoneTakenByOther(tx, phone, user))) {
      throw conflict(PHONE_IN_USE, [{ field: 'phone', message: PHONE_IN_USE }], 'PHONE_IN_USE');
    }
    if (emailChanged && (await emailTakenByOther(tx, email, user))) {
      throw conflict(EMAIL_IN_USE, [{ field: 'email', message: EMAIL_IN_USE }], 'EMAIL_IN_USE');
    }
    // The e-mail and the phone sign the person in (a reset link, a one-time pin) and the eWallet is
    // the phone's: a session alone must not move them, or a stolen cookie would set its own
    // address, ask for a reset link there and keep the account for good. The password again.
    await assertCurrentPassword(tx, actor.authId, input.currentPassword, undefined, stepUp(deps));
    const expiresAt = new Date(now.getTime() + PENDING_CONTACT_HOURS * HOUR);
    const asked = [
      ...(emailChanged ? [['email', email] as const] : []),
      ...(phoneChanged ? [['phone', phone] as const] : []),
    ];
    for (const [kind, value] of asked) {
      await replacePendingContact(tx, { userId, kind, value, requestedAt: now, expiresAt });
      await noticeOfRequest(deps, tx, user, kind, value, request);
    }
    await writeAudit(tx, {
      action: 'profile.contact.request',
      entity: 'users_master',
      entityId: userId,
      before: {},
      after: Object.fromEntries(asked.map(([kind, value]) => [`pending_${kind}`, maskContact(kind, value)])),
      request,
    });
    return { user, emailChanged, phoneChanged, email, phone };
  });

  const { user, emailChanged, phoneChanged } = result;
  if (!emailChanged && !phoneChanged) {
    return { code: 200, emailChanged, phoneChanged, message: 'Your contact details are unchanged.' };
  }
  const notes: string[] = ['Your current contact details stay in use until the new ones are verified.'];
  if (phoneChanged && result.phone) {
    try {
      await deps.pins.send({ phone: result.phone, purpose: 'verify', authId: actor.authId });
      notes.push('A one-time pin has been sent to your new phone number.');
    } catch (error) {
      if (!(error instanceof PinSendLimitError)) throw error;
      notes.push('Please request a one-time pin for your new phone number later.');
    }
  }
  if (emailChanged && result.email) {
    try {
      await sendVerificationLink(deps, { authId: actor.authId, email: result.email, firstName: user.firstName });
      notes.push('A verification link has been sent to your new email address.');
    } catch (error) {
      if (!(error instanceof AppError && error.status === 429)) throw error;
      notes.push('Please request a verification email for your new address later.');
    }
  }
  return { code: 200, emailChanged, phoneChanged, message: notes.join(' ') };
}

function leaderRefusal(user: UserRow): string | undefined {
  if (user.isAdmin) return BECOME_LEADER_REFUSALS.admin;
  if (user.isLeader) return BECOME_LEADER_REFUSALS.alreadyLeader;
  if (user.isLeaderBlocked) return BECOME_LEADER_REFUSALS.blocked;
  if (user.refsUserTierId <= 2) return BECOME_LEADER_REFUSALS.tier;
  return undefined;
}

/**
 * 'Become A Leader' (spec 1 §4): not admin, tier above 2, not already leader, not blocked. Sets
 * is_leader, is_leader_date and the updater in one conditional statement, so a block set at the
 * same moment wins; cannot be undone here.
 */
export async function becomeLeader(deps: AccountsDeps, actor: Actor, request: AuditRequest): Promise<Profile> {
  const userId = actor.user.id;
  await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const updated = await setLeaderIfEligible(tx, { userId, authId: actor.authId }, now);
    if (!updated) {
      const current = await findUserById(tx, userId);
      throw forbidden((current && leaderRefusal(current)) ?? "You can't become a leader.", 'LEADER_NOT_ALLOWED');
    }
    await writeAudit(tx, {
      action: 'user.leader.self',
      entity: 'users_master',
      entityId: userId,
      before: { isLeader: false, isLeaderDate: actor.user.isLeaderDate },
      after: { isLeader: true, isLeaderDate: now },
      request,
    });
  });
  return getProfile(deps.db, userId, deps.clock.now());
}
