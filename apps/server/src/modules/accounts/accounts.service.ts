import { tooManyCodesMessage, tryAgainIn } from '@portal/domain/accounts/limits';
import type { CurrentUser } from '@portal/domain/accounts/me';
import { PASSWORD_UPDATED, type UpdatePasswordRequest } from '@portal/domain/accounts/password';
import {
  EMAIL_VERIFICATION_FAILED,
  EMAIL_VERIFIED,
  INCORRECT_PIN,
  PHONE_VERIFIED,
  VERIFICATION_EMAIL_SENT,
  type VerificationResult,
} from '@portal/domain/accounts/verification';
import { waitingState } from '@portal/domain/accounts/waiting';
import { zCode } from '@portal/domain/people/z-code';
import type { FastifyRequest } from 'fastify';
import type { AppDependencies } from '../../app-dependencies.ts';
import type { Executor } from '../../db/client.ts';
import type { Actor } from '../../platform/access.ts';
import { writeAudit } from '../../platform/audit.ts';
import { HOUR } from '../../platform/clock.ts';
import { AppError, badRequest } from '../../platform/errors.ts';
import { lockUntilCommit } from '../../platform/locks.queries.ts';
import { PinSendLimitError } from '../../platform/one-time-pins.ts';
import {
  endSessionsOf,
  markSignInContactVerified,
  setCredentialPassword,
} from '../../platform/sign-in-identity.queries.ts';
import { assertCurrentPassword } from '../../platform/step-up.ts';
import {
  countVerificationEmailsSince,
  insertVerificationEmail,
  updateOwnUserRecord,
  useVerificationEmail,
} from './accounts.queries.ts';

export type AccountsDeps = Pick<AppDependencies, 'db' | 'auth' | 'mailer' | 'sms' | 'pins' | 'settings' | 'clock'>;
type AuditRequest = Pick<FastifyRequest, 'id' | 'ip'> & { actor?: Actor };

/** What the signed-in page needs about its user: identity, role, flags, waiting state and training. */
export function currentUserOf(actor: Actor, extra: { universityStatus?: number | null } = {}): CurrentUser {
  const { user } = actor;
  const universityStatus = extra.universityStatus ?? actor.universityStatus ?? null;
  return {
    id: user.id,
    zCode: zCode(user.id),
    authId: actor.authId,
    firstName: user.firstName,
    surname: user.surname,
    companyName: user.companyName,
    email: user.email,
    phone: user.phone,
    role: actor.role,
    isAdmin: user.isAdmin,
    isLeader: user.isLeader,
    refsTypeId: user.refsTypeId,
    refsUserTierId: user.refsUserTierId,
    lifecycleStatusId: user.refsUserLifecycleStatusId,
    emailVerified: user.emailVerified,
    phoneVerified: user.phoneVerified,
    features: actor.features,
    mustChangePassword: user.tempPw,
    waiting: waitingState({
      emailVerified: user.emailVerified,
      phoneVerified: user.phoneVerified,
      lifecycleStatusId: user.refsUserLifecycleStatusId,
      refsTypeId: user.refsTypeId,
      universityStatus: universityStatus ?? undefined,
    }),
    universityStatus,
  };
}

/** 429 for a number that asked for too many pins, with when to try again. */
export function tooManyCodes(error: PinSendLimitError): AppError {
  return new AppError(
    'TOO_MANY_CODES',
    429,
    tooManyCodesMessage(error.retryAfterSeconds),
    undefined,
    error.retryAfterSeconds,
  );
}

/**
 * '/update-password': sets the signed-in user's password (better-auth's hash, our scrypt) and ends
 * every other session of the user, in one transaction with an audit row. The current one stays.
 */
export async function updateOwnPassword(
  deps: AccountsDeps,
  actor: Actor,
  { currentPassword, newPassword }: UpdatePasswordRequest,
  request: AuditRequest,
): Promise<{ message: string }> {
  await assertCurrentPassword(deps.db, actor.authId, currentPassword, undefined, { clock: deps.clock });
  const context = await deps.auth.$context;
  const hash = await context.password.hash(newPassword);
  await deps.db.transaction(async (tx) => {
    await setCredentialPassword(tx, actor.authId, hash);
    const ended = await endSessionsOf(tx, actor.authId, { sessionId: actor.sessionId });
    await updateOwnUserRecord(tx, { userId: actor.user.id, authId: actor.authId }, { tempPw: false });
    await writeAudit(tx, {
      action: 'user.password.update',
      entity: 'users_master',
      entityId: actor.user.id,
      before: { password: 'old', tempPw: actor.user.tempPw },
      after: { password: 'new', tempPw: false, otherSessionsEnded: ended },
      request,
    });
  });
  return { message: PASSWORD_UPDATED };
}

const VERIFICATION_LINK_HOURS = 24;
/** At most this many verification e-mails per user per hour. */
const VERIFICATION_EMAILS_PER_HOUR = 5;

/** Makes a '/verify-email/{verificationId}' record (valid 24 hours) and e-mails the link. */
export async function sendVerificationEmail(deps: AccountsDeps, actor: Actor): Promise<{ message: string }> {
  const { user } = actor;
  if (!user.email) throw badRequest('There is no email address on your profile.', undefined, 'NO_EMAIL');
  return sendVerificationLink(deps, { authId: actor.authId, email: user.email, firstName: user.firstName });
}

export async function sendVerificationLink(
  deps: Pick<AccountsDeps, 'db' | 'mailer' | 'settings' | 'clock'>,
  to: { authId: string; email: string; firstName: string },
): Promise<{ message: string }> {
  const now = deps.clock.now();
  // One transaction: a verification record exists exactly when its mail is on its way. Counted
  // under a lock per identity, so parallel requests queue up and each counts the ones before it
  // (decision 074).
  await deps.db.transaction(async (tx) => {
    await lockUntilCommit(tx, `verification-email:${to.authId}`);
    const sent = await countVerificationEmailsSince(tx, to.authId, new Date(now.getTime() - HOUR));
    if (sent >= VERIFICATION_EMAILS_PER_HOUR) {
      throw new AppError(
        'TOO_MANY_EMAILS',
        429,
        `Too many verification emails requested. ${tryAgainIn(30 * 60)}`,
        undefined,
        30 * 60,
      );
    }
    const verificationId = await insertVerificationEmail(tx, {
      authId: to.authId,
      email: to.email,
      expiresAt: new Date(now.getTime() + VERIFICATION_LINK_HOURS * HOUR),
      createdAt: now,
    });
    const link = `${deps.settings.publicUrl}/verify-email/${verificationId}`;
    await deps.mailer.send(
      {
        to: to.email,
        subject: 'Verify your email address',
        text: `Hello ${to.firstName},\n\nPlease verify your email address for the Dealer Portal with this link (valid for ${VERIFICATION_LINK_HOURS} hours):\n${link}\n\nIf you did not ask for this, ignore this e-mail.`,
        secrets: [link],
      },
      tx,
    );
  });
  return { message: VERIFICATION_EMAIL_SENT };
}

/**
 * '/verify-email/{verificationId}': already verified is a success; otherwise the record must be
 * the signed-in user's, for their current address, unexpired and unused. It is used up at once.
 */
export async function verifyEmail(
  deps: AccountsDeps,
  actor: Actor,
  verificationId: string,
  request: AuditRequest,
): Promise<VerificationResult> {
  const { user } = actor;
  if (user.emailVerified) return { verified: true, message: EMAIL_VERIFIED };
  if (!user.email) throw badRequest(EMAIL_VERIFICATION_FAILED, undefined, 'EMAIL_VERIFICATION_FAILED');
  const now = deps.clock.now();
  const verified = await deps.db.transaction(async (tx) => {
    const used = await useVerificationEmail(tx, { verificationId, authId: actor.authId, email: user.email!, now });
    if (!used) return false;
    await markContactVerified(tx, actor, { email: true }, request);
    return true;
  });
  if (!verified) throw badRequest(EMAIL_VERIFICATION_FAILED, undefined, 'EMAIL_VERIFICATION_FAILED');
  return { verified: true, message: EMAIL_VERIFIED };
}

/** Sends a one-time pin to the user's own phone (same limit as sign-in codes: 3 per 15 minutes). */
export async function sendPhoneVerificationCode(deps: AccountsDeps, actor: Actor): Promise<{ message: string }> {
  const { phone } = actor.user;
  if (!phone) throw badRequest('There is no phone number on your profile.', undefined, 'NO_PHONE');
  try {
    await deps.pins.send({ phone, purpose: 'verify', authId: actor.authId });
  } catch (error) {
    if (error instanceof PinSendLimitError) throw tooManyCodes(error);
    throw error;
  }
  return { message: 'A one-time pin has been sent to your phone.' };
}

/** '/verify-phone': the pin sent to the user's own current phone sets phone_verified. */
export async function verifyPhone(
  deps: AccountsDeps,
  actor: Actor,
  code: string,
  request: AuditRequest,
): Promise<VerificationResult> {
  const { phone } = actor.user;
  const incorrect = () => badRequest(INCORRECT_PIN, undefined, 'INCORRECT_PIN');
  if (!phone) throw incorrect();
  const pin = await deps.pins.verify({ phone, purpose: 'verify', code, authId: actor.authId });
  if (!pin) throw incorrect();
  await deps.db.transaction((tx) => markContactVerified(tx, actor, { phone: true }, request));
  return { verified: true, message: PHONE_VERIFIED };
}

async function markContactVerified(
  tx: Executor,
  actor: Actor,
  which: { email?: boolean; phone?: boolean },
  request: AuditRequest,
): Promise<void> {
  const { user } = actor;
  const changes = {
    ...(which.email ? { emailVerified: true } : {}),
    ...(which.phone ? { phoneVerified: true } : {}),
  };
  await updateOwnUserRecord(tx, { userId: user.id, authId: actor.authId }, changes);
  await markSignInContactVerified(tx, actor.authId, { email: which.email, phone: which.phone ? user.phone : null });
  await writeAudit(tx, {
    action: which.email ? 'user.email.verify' : 'user.phone.verify',
    entity: 'users_master',
    entityId: user.id,
    before: { emailVerified: user.emailVerified, phoneVerified: user.phoneVerified },
    after: changes,
    request,
  });
}
