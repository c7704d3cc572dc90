import { maskEmail, maskPhone } from '@portal/domain/access/masking';
import { COMMISSION_FREEZE_MESSAGE, type PendingContact, PROFILE_FROZEN } from '@portal/domain/accounts/profile';
import {
  EMAIL_VERIFICATION_FAILED,
  EMAIL_VERIFIED,
  INCORRECT_PIN,
  PHONE_VERIFIED,
  type VerificationResult,
} from '@portal/domain/accounts/verification';
import { duplicateMessage } from '@portal/domain/people/creation-errors';
import { zCode } from '@portal/domain/people/z-code';
import type { FastifyRequest } from 'fastify';
import type { Executor } from '../../db/client.ts';
import type { Actor } from '../../platform/access.ts';
import { writeAudit } from '../../platform/audit.ts';
import { AppError, badRequest, conflict } from '../../platform/errors.ts';
import { sendNotice } from '../../platform/notices.ts';
import { PinSendLimitError } from '../../platform/one-time-pins.ts';
import { markSignInContactVerified, syncSignInContacts } from '../../platform/sign-in-identity.queries.ts';
import { isCommissionFreezeOn } from '../commissions/commissions.service.ts';
import { updateOwnUserRecord, useVerificationEmail } from './accounts.queries.ts';
import {
  type AccountsDeps,
  sendPhoneVerificationCode,
  sendVerificationEmail,
  sendVerificationLink,
  tooManyCodes,
  verifyEmail,
  verifyPhone,
} from './accounts.service.ts';
import {
  addressOfVerificationEmail,
  dropPendingContact,
  livePendingContacts,
  type PendingKind,
  sameAddress,
  takePendingContact,
} from './pending-contact.queries.ts';
import { emailTakenByOther, lockUserRow, phoneTakenByOther } from './profile.queries.ts';

// Decision 069: a new sign-in e-mail or phone asked for on the profile waits in
// users_pending_contact until the new contact proves it with the portal's own verification (the
// e-mailed /verify-email link, the one-time pin of platform/one-time-pins.ts, with their limits).
// Until then the old contact signs in and gets resets; on proof it is replaced in one transaction.

type AuditRequest = Pick<FastifyRequest, 'id' | 'ip' | 'log'> & { actor?: Actor };

const WHAT: Record<PendingKind, string> = { email: 'e-mail address', phone: 'phone number' };

/** A contact as notices and audit rows write it: recognisable to its owner, useless to others. */
export const maskContact = (kind: PendingKind, value: string) =>
  kind === 'email' ? maskEmail(value) : maskPhone(value);

/** The old contact of this kind is the one told (the other channel when the user has none). */
export function oldContactOf(user: { email: string | null; phone: string | null }, kind: PendingKind) {
  if (kind === 'email') return user.email ? { email: user.email } : { phone: user.phone ?? undefined };
  return user.phone ? { phone: user.phone } : { email: user.email ?? undefined };
}

/** The live pending changes, as the own profile shows them. */
export async function pendingOfProfile(
  db: Executor,
  userId: number,
  now: Date,
): Promise<{ pendingEmail: PendingContact | null; pendingPhone: PendingContact | null }> {
  const live = await livePendingContacts(db, userId, now);
  const shown = (kind: PendingKind) => {
    const row = live[kind];
    return row ? { value: row.value, expiresAt: row.expiresAt.toISOString() } : null;
  };
  return { pendingEmail: shown('email'), pendingPhone: shown('phone') };
}

/** The notice to the old contact that a change was asked (the new one masked, never a code). */
export async function noticeOfRequest(
  deps: AccountsDeps,
  tx: Executor,
  user: { id: number; firstName: string; email: string | null; phone: string | null },
  kind: PendingKind,
  value: string,
  request: AuditRequest,
): Promise<void> {
  const what = WHAT[kind];
  await sendNotice(
    deps,
    {
      ...oldContactOf(user, kind),
      subject: `A change of your ${what} was requested`,
      text: `Hello ${user.firstName},\n\nA change of the ${what} on your Dealer Portal account (${zCode(user.id)}) to ${maskContact(kind, value)} was requested. It takes effect only once the new ${what} is verified; until then you keep signing in with this one. If you did not ask for this, change your password and contact your administrator at once.`,
    },
    request,
    tx,
  );
}

function duplicate(kind: PendingKind): AppError {
  const message = duplicateMessage(kind);
  return conflict(message, [{ field: kind, message }], 'DUPLICATE');
}

/** A unique violation of the user's e-mail or phone (another user took it in the same moment). */
function asDuplicate(error: unknown, kind: PendingKind): AppError | undefined {
  const cause = (error as { cause?: unknown })?.cause ?? error;
  return (cause as { code?: string })?.code === '23505' ? duplicate(kind) : undefined;
}

/**
 * The new contact proved itself: it replaces the old one on users_master and the sign-in identity,
 * verified, in one transaction that takes the pending row (once), checks again that nobody else
 * has the value, writes the audit row (masked) and tells the old contact. False when the pending
 * change is gone (expired, cancelled or replaced meanwhile).
 */
async function applyPendingContact(
  deps: AccountsDeps,
  actor: Actor,
  kind: PendingKind,
  value: string,
  request: AuditRequest,
  proof?: (tx: Executor) => Promise<boolean>,
): Promise<boolean> {
  const userId = actor.user.id;
  const now = deps.clock.now();
  try {
    return await deps.db.transaction(async (tx) => {
      // The phone is an eWallet payee's pay destination: no contact moves while commissions are frozen.
      if (await isCommissionFreezeOn(tx)) throw new AppError(PROFILE_FROZEN, 409, COMMISSION_FREEZE_MESSAGE);
      const user = await lockUserRow(tx, userId);
      if (!user) return false;
      if (proof && !(await proof(tx))) return false;
      if (!(await takePendingContact(tx, { userId, kind, value, now }))) return false;
      const taken =
        kind === 'email' ? await emailTakenByOther(tx, value, user) : await phoneTakenByOther(tx, value, user);
      if (taken) throw duplicate(kind);
      const changes = kind === 'email' ? { email: value, emailVerified: true } : { phone: value, phoneVerified: true };
      await updateOwnUserRecord(tx, { userId, authId: actor.authId }, changes);
      await syncSignInContacts(tx, actor.authId, kind === 'email' ? { email: value } : { phone: value });
      await markSignInContactVerified(tx, actor.authId, kind === 'email' ? { email: true } : { phone: value });
      const old = kind === 'email' ? user.email : user.phone;
      await writeAudit(tx, {
        action: 'profile.contact.update',
        entity: 'users_master',
        entityId: userId,
        before:
          kind === 'email'
            ? { email: old && maskEmail(old), emailVerified: user.emailVerified }
            : { phone: old && maskPhone(old), phoneVerified: user.phoneVerified },
        after: { ...changes, [kind]: maskContact(kind, value) },
        request,
      });
      const what = WHAT[kind];
      await sendNotice(
        deps,
        {
          ...oldContactOf(user, kind),
          subject: `Your ${what} was changed`,
          text: `Hello ${user.firstName},\n\nThe ${what} on your Dealer Portal account (${zCode(userId)}) was changed to ${maskContact(kind, value)}, which now signs you in. If you did not make this change, contact your administrator at once.`,
        },
        request,
        tx,
      );
      return true;
    });
  } catch (error) {
    throw asDuplicate(error, kind) ?? error;
  }
}

/**
 * '/verify-phone': with a pending phone change alive, the pin is the one sent to the new number
 * (its tries and limits as any verification pin) and proves the change; otherwise as before.
 */
export async function verifyPhoneOrPending(
  deps: AccountsDeps,
  actor: Actor,
  code: string,
  request: AuditRequest,
): Promise<VerificationResult> {
  const pending = (await livePendingContacts(deps.db, actor.user.id, deps.clock.now())).phone;
  if (!pending) return verifyPhone(deps, actor, code, request);
  const incorrect = () => badRequest(INCORRECT_PIN, undefined, 'INCORRECT_PIN');
  const pin = await deps.pins.verify({ phone: pending.value, purpose: 'verify', code, authId: actor.authId });
  if (!pin) throw incorrect();
  if (!(await applyPendingContact(deps, actor, 'phone', pending.value, request))) throw incorrect();
  return { verified: true, message: PHONE_VERIFIED };
}

/**
 * '/verify-email/{verificationId}': the link of a live pending change proves it. A link made for
 * any other address than the current one (an expired, replaced or cancelled change) fails, even
 * when the current address is verified. Otherwise as before (spec 1 §5.5).
 */
export async function verifyEmailOrPending(
  deps: AccountsDeps,
  actor: Actor,
  verificationId: string,
  request: AuditRequest,
): Promise<VerificationResult> {
  const failed = () => badRequest(EMAIL_VERIFICATION_FAILED, undefined, 'EMAIL_VERIFICATION_FAILED');
  const pending = (await livePendingContacts(deps.db, actor.user.id, deps.clock.now())).email;
  const address = await addressOfVerificationEmail(deps.db, { verificationId, authId: actor.authId });
  if (pending && sameAddress(address, pending.value)) {
    const now = deps.clock.now();
    const proof = (tx: Executor) =>
      useVerificationEmail(tx, { verificationId, authId: actor.authId, email: pending.value, now });
    if (!(await applyPendingContact(deps, actor, 'email', pending.value, request, proof))) throw failed();
    return { verified: true, message: EMAIL_VERIFIED };
  }
  if (address !== undefined && !sameAddress(address, actor.user.email)) throw failed();
  return verifyEmail(deps, actor, verificationId, request);
}

/** 'Resend': to the pending new address while a change waits, else to the own one. */
export async function resendVerificationEmail(deps: AccountsDeps, actor: Actor): Promise<{ message: string }> {
  const pending = (await livePendingContacts(deps.db, actor.user.id, deps.clock.now())).email;
  if (!pending) return sendVerificationEmail(deps, actor);
  return sendVerificationLink(deps, { authId: actor.authId, email: pending.value, firstName: actor.user.firstName });
}

/** 'Resend OTP': to the pending new number while a change waits, else to the own one. */
export async function resendPhoneCode(deps: AccountsDeps, actor: Actor): Promise<{ message: string }> {
  const pending = (await livePendingContacts(deps.db, actor.user.id, deps.clock.now())).phone;
  if (!pending) return sendPhoneVerificationCode(deps, actor);
  try {
    await deps.pins.send({ phone: pending.value, purpose: 'verify', authId: actor.authId });
  } catch (error) {
    if (error instanceof PinSendLimitError) throw tooManyCodes(error);
    throw error;
  }
  return { message: 'A one-time pin has been sent to your new phone number.' };
}

/** Drops the own pending change of this kind; the current contact stays as it is. */
export async function cancelPendingContact(
  deps: AccountsDeps,
  actor: Actor,
  kind: PendingKind,
  request: AuditRequest,
): Promise<{ message: string }> {
  await deps.db.transaction(async (tx) => {
    if (!(await dropPendingContact(tx, actor.user.id, kind))) return;
    await writeAudit(tx, {
      action: 'profile.contact.cancel',
      entity: 'users_master',
      entityId: actor.user.id,
      before: { pending: kind },
      after: { pending: null },
      request,
    });
  });
  return { message: `The change of your ${WHAT[kind]} was cancelled.` };
}
