import { maskSecret } from '@portal/domain/access/masking';
import { can } from '@portal/domain/access/permissions';
import { LIFECYCLE } from '@portal/domain/accounts/waiting';
import {
  APPROVAL_MESSAGES,
  type ApprovalActionResult,
  type ApprovalDetail,
  type ApprovalListQuery,
  type ApprovalPage,
  type MyRequestsPage,
  type MyRequestsQuery,
  type ResubmitRequest,
  requestStatusLabel,
  resubmitIdentificationError,
} from '@portal/domain/approvals/approvals';
import { normalisePhone } from '@portal/domain/people/phone';
import { zCode } from '@portal/domain/people/z-code';
import type { FastifyRequest } from 'fastify';
import type { AppDependencies } from '../../app-dependencies.ts';
import type { Database, Executor } from '../../db/client.ts';
import type { Actor } from '../../platform/access.ts';
import { writeAudit } from '../../platform/audit.ts';
import { AppError, badRequest, conflict, type FieldError, forbidden, notFound } from '../../platform/errors.ts';
import { actorCan, permissionActor, permissionTarget } from '../../platform/permissions.ts';
import { syncSignInContacts } from '../../platform/sign-in-identity.queries.ts';
import { assignFilesTo } from '../files/files.service.ts';
import {
  asDuplicateConflict,
  checkPhotos,
  countryCodes,
  identificationTaken,
  phoneTaken,
} from '../onboarding/onboarding.service.ts';
import { latestBanking } from '../people/people.service.ts';
import {
  findApprovalsPage,
  findMyRequestsPage,
  findRequest,
  lockUser,
  REQUEST_STATUSES,
  type UserRow,
  updateUser,
} from './approvals.queries.ts';

export type ApprovalsDeps = Pick<AppDependencies, 'db' | 'mailer' | 'settings'>;
type AuditRequest = Pick<FastifyRequest, 'id' | 'ip' | 'log'> & { actor?: Actor };

const PERMISSION = "You don't have permission to perform this action. Please contact your administrator.";

const notFoundRequest = () => notFound(APPROVAL_MESSAGES.notFound, 'REQUEST_NOT_FOUND');
const localPhone = (stored: string | null) => (stored ? `0${stored.replace(/\D/g, '').slice(-9)}` : null);
const isoDate = (value: string | null) => value ?? null;

/**
 * Admins with Users Management decide on any request; the submitter of a request may read and
 * resubmit it while it is in their branch. Only requests (a submitted user awaiting a decision,
 * approved or declined) are shown here: this is no back door to anyone's ID and photos.
 */
async function canSee(db: Executor, actor: Actor, user: UserRow, action: 'read' | 'update'): Promise<boolean> {
  if (user.submittedBy === null || !REQUEST_STATUSES.includes(user.refsUserLifecycleStatusId)) return false;
  const target = await permissionTarget(db, actor, user.id);
  if (!can(permissionActor(actor), action, 'approval', target)) return false;
  return actorCan(actor, 'decide', 'approval') || user.submittedBy === actor.user.id;
}

/**
 * The request, when the actor may see it. Only those who decide (who reach everyone) hear that an
 * id does not exist; anyone else gets the same 403 for an id nobody has as for one out of reach.
 */
async function visibleRequest(db: Executor, actor: Actor, id: number, action: 'read' | 'update') {
  const found = await findRequest(db, id);
  if (!found) throw actorCan(actor, 'decide', 'approval') ? notFoundRequest() : forbidden(PERMISSION);
  if (!(await canSee(db, actor, found.user, action))) throw forbidden(PERMISSION);
  return found;
}

export async function listApprovals(db: Executor, query: ApprovalListQuery): Promise<ApprovalPage> {
  const { items, total } = await findApprovalsPage(db, query.status, query.page, query.pageSize);
  return { items, total, page: query.page, pageSize: query.pageSize };
}

export async function getApproval(db: Executor, actor: Actor, id: number): Promise<ApprovalDetail> {
  const { user, ...found } = await visibleRequest(db, actor, id, 'read');
  const status = user.refsUserLifecycleStatusId;
  // The reviewer compares the number with the ID photo while the request is open; after that it
  // is masked like everywhere else.
  const underReview = status === LIFECYCLE.pending || status === LIFECYCLE.declined;
  // Date of birth, passport date and photos: the submitter typed them and reads them while the
  // request is open; once approved, only those who see them on the user detail (spec 1 §6).
  const seesPrivate = underReview || actorCan(actor, 'decide', 'approval');
  const ifPrivate = <T>(value: T) => (seesPrivate ? value : null);
  return {
    id: user.id,
    zCode: zCode(user.id),
    status,
    statusLabel: requestStatusLabel(status),
    declineReason: user.declineReason,
    email: user.email,
    emailVerified: user.emailVerified,
    phoneVerified: user.phoneVerified,
    createdAt: user.createdAt.toISOString(),
    resubmittedAt: user.resubmittedAt?.toISOString() ?? null,
    submittedBy: found.submittedBy,
    parent: found.parent,
    request: {
      firstName: user.firstName,
      surname: user.surname,
      identificationNo: underReview ? (user.identificationNo ?? '') : maskSecret(user.identificationNo ?? ''),
      refsIdentityDocType: user.refsIdentityDocType === 'PASSPORT' ? 'PASSPORT' : 'RSAID',
      refsGender: user.refsGender === 'F' ? 'F' : 'M',
      nationality: user.nationality,
      phone: user.phone ?? '',
      altPhone: user.altPhone,
      operatorId: user.operatorId,
      dateOfBirth: ifPrivate(isoDate(user.dateOfBirth)),
      passportExpiryDate: ifPrivate(isoDate(user.passportExpiryDate)),
      street: user.street,
      suburb: user.suburb,
      city: user.city,
      province: user.province,
      country: user.country,
      idPhotoUrl: ifPrivate(user.idPhotoUrl),
      personPhotoUrl: ifPrivate(user.personPhotoUrl),
    },
    canDecide: actorCan(actor, 'decide', 'approval') && (status === LIFECYCLE.pending || status === LIFECYCLE.declined),
    canResubmit: status === LIFECYCLE.declined,
  };
}

interface Transition {
  action: string;
  allowedFrom: number[];
  refusal: string;
  to: number;
  declineReason?: string;
  needsVerified?: boolean;
}

/** One status change, on the locked row, with its audit row, in one transaction. */
async function transition(db: Database, actor: Actor, id: number, change: Transition, request: AuditRequest) {
  return db.transaction(async (tx) => {
    const user = await lockUser(tx, id);
    if (!user) throw notFoundRequest();
    if (!change.allowedFrom.includes(user.refsUserLifecycleStatusId)) {
      throw conflict(change.refusal, undefined, 'WRONG_STATUS');
    }
    if (change.needsVerified && !(user.emailVerified && user.phoneVerified)) {
      throw conflict(APPROVAL_MESSAGES.unverified, undefined, 'NOT_VERIFIED');
    }
    const values = {
      refsUserLifecycleStatusId: change.to,
      ...(change.declineReason !== undefined ? { declineReason: change.declineReason } : {}),
      lastUpdatedBy: actor.user.id,
      lastUpdatedByAuthId: actor.authId,
    };
    const updated = await updateUser(tx, id, values);
    await writeAudit(tx, {
      action: change.action,
      entity: 'users_master',
      entityId: id,
      before: { refsUserLifecycleStatusId: user.refsUserLifecycleStatusId, declineReason: user.declineReason },
      after: {
        refsUserLifecycleStatusId: change.to,
        ...(change.declineReason !== undefined ? { declineReason: change.declineReason } : {}),
      },
      request,
    });
    return updated;
  });
}

/**
 * Where the new dealer's commissions go, in words: whoever created the account typed it (a leader
 * may have), so the dealer reads it at their own address and can change it before a payout.
 */
async function payoutInWords(db: Executor, user: UserRow): Promise<string> {
  if (user.refsPaymentType === 'eWallet')
    return `the eWallet of the cellphone number ${localPhone(user.phone) ?? '(none)'}`;
  const banking = await latestBanking(db, user.id);
  return banking ? `the ${banking.bank} account ending ${banking.accountNumber.slice(-4)}` : 'no bank account yet';
}

function approvalEmails(
  deps: ApprovalsDeps,
  user: UserRow,
  parent: { name: string; email: string | null } | null,
  payout: string,
) {
  const signInUrl = `${deps.settings.publicUrl}/login`;
  const code = zCode(user.id);
  const messages = [];
  if (user.email) {
    messages.push({
      to: user.email,
      subject: `Your Dealer Portal account has been approved (${code})`,
      text: [
        `Hello ${user.firstName},`,
        '',
        'Your Dealer Portal account has been approved.',
        '',
        `Your agent code: ${code}`,
        `Sign in at: ${signInUrl}`,
        `Email address: ${user.email}`,
        ...(user.phone ? [`Or sign in with your phone number: ${localPhone(user.phone)}`] : []),
        '',
        'Use the temporary password you were given when your account was created. If you no longer have it, choose "Forgot password?" on the sign-in page to set a new one.',
        '',
        `Your commissions are paid to ${payout}. These details were entered when your account was created: if they are not yours, change them on your profile (Edit Your Details) before your first payout, and tell your administrator.`,
      ].join('\n'),
    });
  }
  if (parent?.email) {
    messages.push({
      to: parent.email,
      subject: `${user.firstName} ${user.surname} (${code}) has been approved`,
      text: [
        `Hello ${parent.name},`,
        '',
        `${user.firstName} ${user.surname} has been approved and joins your team.`,
        '',
        `Agent code: ${code}`,
        `They sign in at ${signInUrl} with the email address ${user.email ?? '(none)'}${user.phone ? ` or the phone number ${localPhone(user.phone)}` : ''}.`,
      ].join('\n'),
    });
  }
  return messages;
}

/** Approve: status 2, then the approval e-mails to the dealer and their parent (never a password). */
export async function approve(
  deps: ApprovalsDeps,
  actor: Actor,
  id: number,
  request: AuditRequest,
): Promise<ApprovalActionResult> {
  const user = await transition(
    deps.db,
    actor,
    id,
    {
      action: 'user.approve',
      allowedFrom: [LIFECYCLE.pending, LIFECYCLE.declined],
      refusal: APPROVAL_MESSAGES.notApprovable,
      to: LIFECYCLE.active,
      needsVerified: true,
    },
    request,
  );
  const found = await findRequest(deps.db, id);
  const parent = found?.parent ? { name: found.parent.name, email: found.parentEmail } : null;
  let emailSent = true;
  for (const message of approvalEmails(deps, user, parent, await payoutInWords(deps.db, user))) {
    try {
      await deps.mailer.send(message);
    } catch (error) {
      emailSent = false;
      request.log.warn({ err: error, userId: id }, 'approval e-mail failed');
    }
  }
  return {
    id,
    status: LIFECYCLE.active,
    emailSent,
    message: emailSent ? APPROVAL_MESSAGES.approved : APPROVAL_MESSAGES.emailFailed,
  };
}

export async function decline(
  deps: ApprovalsDeps,
  actor: Actor,
  id: number,
  reason: string,
  request: AuditRequest,
): Promise<ApprovalActionResult> {
  if (!reason.trim())
    throw badRequest(APPROVAL_MESSAGES.reasonRequired, [
      { field: 'reason', message: APPROVAL_MESSAGES.reasonRequired },
    ]);
  await transition(
    deps.db,
    actor,
    id,
    {
      action: 'user.decline',
      allowedFrom: [LIFECYCLE.pending],
      refusal: APPROVAL_MESSAGES.notPending,
      to: LIFECYCLE.declined,
      declineReason: reason.trim(),
    },
    request,
  );
  return { id, status: LIFECYCLE.declined, message: APPROVAL_MESSAGES.declined };
}

export async function deleteRequest(
  deps: ApprovalsDeps,
  actor: Actor,
  id: number,
  request: AuditRequest,
): Promise<ApprovalActionResult> {
  await transition(
    deps.db,
    actor,
    id,
    {
      action: 'user.request.delete',
      allowedFrom: [LIFECYCLE.pending, LIFECYCLE.declined],
      refusal: APPROVAL_MESSAGES.notDeletable,
      to: LIFECYCLE.deleted,
    },
    request,
  );
  return { id, status: LIFECYCLE.deleted, message: APPROVAL_MESSAGES.deleted };
}

export async function myRequests(db: Executor, actor: Actor, query: MyRequestsQuery): Promise<MyRequestsPage> {
  const { rows, total } = await findMyRequestsPage(db, actor, query.page, query.pageSize);
  return {
    items: rows.map((row) => ({
      ...row,
      statusLabel: requestStatusLabel(row.status),
      createdAt: row.createdAt.toISOString(),
    })),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

function validationFailed(errors: FieldError[]): AppError {
  return new AppError('VALIDATION_FAILED', 400, errors[0]!.message, errors);
}

/**
 * The submitter (or an admin) edits a declined request and sends it again: status 1 with a
 * resubmit date, in one transaction with an audit row. A changed phone must be verified again.
 */
export async function resubmit(
  deps: ApprovalsDeps,
  actor: Actor,
  id: number,
  body: ResubmitRequest,
  request: AuditRequest,
): Promise<ApprovalActionResult> {
  const { db } = deps;
  const found = await visibleRequest(db, actor, id, 'update');

  const phone = normalisePhone(body.phone);
  const altPhone = body.altPhone ? normalisePhone(body.altPhone) : null;
  const edited = {
    firstName: body.firstName,
    surname: body.surname,
    identificationNo: body.identificationNo.replace(/\s+/g, ''),
    nationality: body.nationality,
    phone,
    altPhone,
    operatorId: body.operatorId ? body.operatorId.toUpperCase() : null,
    dateOfBirth: body.dateOfBirth,
    passportExpiryDate: body.passportExpiryDate || null,
    street: body.street,
    suburb: body.suburb,
    city: body.city,
    province: body.province,
    country: body.country,
    idPhotoUrl: body.idPhotoUrl,
    personPhotoUrl: body.personPhotoUrl,
  };

  const errors: FieldError[] = [];
  const user = found.user;
  const docType = user.refsIdentityDocType === 'PASSPORT' ? 'PASSPORT' : 'RSAID';
  const idError = resubmitIdentificationError(edited, {
    refsIdentityDocType: docType,
    refsGender: user.refsGender === 'F' ? 'F' : 'M',
  });
  if (idError) errors.push({ field: 'identificationNo', message: idError });
  if (docType === 'PASSPORT' && !edited.passportExpiryDate) {
    errors.push({ field: 'passportExpiryDate', message: 'Passport expiry date is required' });
  }
  if (altPhone && altPhone === phone) {
    errors.push({ field: 'altPhone', message: 'Alternative phone must be different from the phone number' });
  }
  const countries = new Set(await countryCodes(db));
  if (!countries.has(edited.country)) errors.push({ field: 'country', message: 'Invalid Country' });
  if (!countries.has(edited.nationality)) errors.push({ field: 'nationality', message: 'Invalid nationality' });
  if (errors.length) throw validationFailed(errors);

  if (
    edited.identificationNo.toUpperCase() !== (user.identificationNo ?? '').toUpperCase() &&
    (await identificationTaken(db, edited.identificationNo, user.id))
  ) {
    throw conflict(
      APPROVAL_MESSAGES.idInUse,
      [{ field: 'identificationNo', message: APPROVAL_MESSAGES.idInUse }],
      'DUPLICATE',
    );
  }
  if (phone !== user.phone && (await phoneTaken(db, phone, { userId: user.id, authId: user.authId }))) {
    throw conflict(
      APPROVAL_MESSAGES.phoneInUse,
      [{ field: 'phone', message: APPROVAL_MESSAGES.phoneInUse }],
      'DUPLICATE',
    );
  }
  if (
    altPhone &&
    altPhone !== user.altPhone &&
    (await phoneTaken(db, altPhone, { userId: user.id, authId: user.authId }))
  ) {
    throw conflict(
      APPROVAL_MESSAGES.altPhoneInUse,
      [{ field: 'altPhone', message: APPROVAL_MESSAGES.altPhoneInUse }],
      'DUPLICATE',
    );
  }
  const changedPhotos = [
    ...(edited.idPhotoUrl !== user.idPhotoUrl
      ? [{ field: 'idPhotoUrl' as const, address: edited.idPhotoUrl, purpose: 'id_photo' as const }]
      : []),
    ...(edited.personPhotoUrl !== user.personPhotoUrl
      ? [{ field: 'personPhotoUrl' as const, address: edited.personPhotoUrl, purpose: 'person_photo' as const }]
      : []),
  ];
  const fileIds = changedPhotos.length ? await checkPhotos(db, actor, changedPhotos, user.id) : [];

  try {
    await db.transaction(async (tx) => {
      const locked = await lockUser(tx, id);
      if (!locked) throw notFoundRequest();
      if (locked.refsUserLifecycleStatusId !== LIFECYCLE.declined) {
        throw conflict(APPROVAL_MESSAGES.notDeclined, undefined, 'WRONG_STATUS');
      }
      const before = Object.fromEntries(Object.keys(edited).map((key) => [key, locked[key as keyof UserRow]]));
      const changed = Object.keys(edited).filter(
        (key) => String(before[key] ?? '') !== String(edited[key as keyof typeof edited] ?? ''),
      );
      if (!changed.length) throw badRequest(APPROVAL_MESSAGES.noChanges, undefined, 'NO_CHANGES');
      const phoneChanged = edited.phone !== locked.phone;
      const now = new Date();
      await updateUser(tx, id, {
        ...edited,
        ...(phoneChanged ? { phoneVerified: false } : {}),
        refsUserLifecycleStatusId: LIFECYCLE.pending,
        resubmittedAt: now,
        lastUpdatedBy: actor.user.id,
        lastUpdatedByAuthId: actor.authId,
      });
      if (phoneChanged && locked.authId) await syncSignInContacts(tx, locked.authId, { phone: edited.phone });
      if (fileIds.length) await assignFilesTo(tx, id, fileIds);
      await writeAudit(tx, {
        action: 'user.request.resubmit',
        entity: 'users_master',
        entityId: id,
        before: {
          ...before,
          refsUserLifecycleStatusId: locked.refsUserLifecycleStatusId,
          resubmittedAt: locked.resubmittedAt,
        },
        after: {
          ...edited,
          ...(phoneChanged ? { phoneVerified: false } : {}),
          refsUserLifecycleStatusId: LIFECYCLE.pending,
          resubmittedAt: now,
        },
        request,
      });
    });
  } catch (error) {
    throw asDuplicateConflict(error) ?? error;
  }
  return { id, status: LIFECYCLE.pending, message: APPROVAL_MESSAGES.resubmitted };
}
