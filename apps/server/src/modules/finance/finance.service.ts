import { LIFECYCLE } from '@portal/domain/accounts/waiting';
import {
  type ApplicationCreated,
  type AvailableCredit,
  type AvailableSupport,
  availableCents,
  type CreditApplicationPage,
  FINANCE_MESSAGES,
  type NewCreditApplication,
  type NewSupportApplication,
  type SupportApplicationPage,
  type SupportType,
} from '@portal/domain/finance';
import { parseZCode, zCode } from '@portal/domain/people/z-code';
import { formatRand } from '@portal/domain/platform/format';
import type { FastifyRequest } from 'fastify';
import type { Settings } from '../../config.ts';
import type { Database, Executor } from '../../db/client.ts';
import type { Actor } from '../../platform/access.ts';
import { writeAudit } from '../../platform/audit.ts';
import { chatField, type FinanceChat } from '../../platform/chat.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { type Notice, type NoticeDeps, sendNotice } from '../../platform/notices.ts';
import { assertCanOn } from '../../platform/permissions.ts';
import {
  findApplicantStanding,
  findCosigner,
  findCreditPage,
  findSupportPage,
  insertCreditApplication,
  insertSupportApplication,
  type SupportApplicationValues,
} from './finance.queries.ts';

export interface FinanceDeps {
  db: Database;
  financeChat: FinanceChat;
  settings: Pick<Settings, 'publicUrl'>;
  notices: NoticeDeps;
}

/**
 * The applicant, after the permission check on them (answered before existence, so a caller
 * outside the rule learns nothing); deleted users take no new applications, and only an active
 * one does (decision 077: not pending, rejected or a leaver). For a new application the status
 * is read after the applicant's row is locked (with the cosigner's, `alsoLock`), so a status
 * change in flight is waited for and seen.
 */
async function applicantFor(
  db: Executor,
  actor: Actor,
  action: 'create' | 'read',
  userId: number,
  lock = false,
  alsoLock: number[] = [],
) {
  await assertCanOn(db, actor, action, 'finance-application', userId);
  // Money owed in one's own name is filed by someone else: an admin files for others only.
  if (action === 'create' && userId === actor.user.id)
    throw forbidden(FINANCE_MESSAGES.ownApplication, 'NO_PERMISSION');
  const standing = await findApplicantStanding(db, userId, lock, alsoLock);
  if (!standing || (action === 'create' && standing.status === LIFECYCLE.deleted))
    throw notFound(FINANCE_MESSAGES.userNotFound);
  if (action === 'create' && standing.status !== LIFECYCLE.active)
    throw conflict(FINANCE_MESSAGES.applicantNotActive, undefined, 'APPLICANT_NOT_ACTIVE');
  return standing;
}

export async function availableCredit(db: Database, actor: Actor, userId: number): Promise<AvailableCredit> {
  const s = await applicantFor(db, actor, 'read', userId);
  return {
    tier: s.tier,
    maxCreditCents: s.maxCreditCents,
    months: s.months,
    maximumMonthlyPaymentCents: s.maxMonthlyPaymentCents,
    outstandingCreditCents: s.outstandingCents,
    availableCreditCents: availableCents(s.maxCreditCents, s.outstandingCents),
  };
}

export async function availableSupport(db: Database, actor: Actor, userId: number): Promise<AvailableSupport> {
  const s = await applicantFor(db, actor, 'read', userId);
  return {
    tier: s.tier,
    maxSupportCents: s.maxSupportCents,
    pendingSupportCents: s.pendingSupportCents,
    availableSupportCents: availableCents(s.maxSupportCents, s.pendingSupportCents),
  };
}

function userLink(settings: FinanceDeps['settings'], userId: number): string {
  return `${settings.publicUrl}/user-detail/${userId}`;
}

/** `Z-12: Name Surname` as the chat shows a person, the names made inert (chatField). */
function chatPerson(person: { id: number; firstName: string; surname: string }): string {
  return `${zCode(person.id)}: ${chatField(person.firstName)} ${chatField(person.surname)}`;
}

function describeItems(items: NewSupportApplication['items']): string {
  return items.map((item) => `• ${item.type}: ${formatRand(item.valueCents)}`).join('\n');
}

type Person = { id: number; firstName: string; surname: string; email: string | null; phone: string | null };

/**
 * An application puts money owed (or a guarantee) on a person's name: they hear of it at once, by
 * e-mail or else SMS, with who filed it, so one they never asked for does not go unnoticed.
 */
function filedNotice(person: Person, subject: string, what: string, actor: Actor): Notice {
  return {
    email: person.email ?? undefined,
    phone: person.phone ?? undefined,
    subject,
    text: `Hello ${person.firstName},\n\n${what}\nIt was filed on the Dealer Portal by ${zCode(actor.user.id)}: ${actor.user.firstName} ${actor.user.surname}. If you did not ask for it, contact your administrator at once.`,
  };
}

/**
 * A new support application (spec 3 §5.7: one to five items), and in the same transaction the
 * finance team's chat message with a link to the dealer (spec 3 §4.8), and the audit row.
 */
export async function createSupportApplication(
  deps: FinanceDeps,
  actor: Actor,
  userId: number,
  body: NewSupportApplication,
  request?: FastifyRequest,
): Promise<ApplicationCreated> {
  return deps.db.transaction(async (tx) => {
    const applicant = await applicantFor(tx, actor, 'create', userId, true);
    const total = body.items.reduce((sum, item) => sum + item.valueCents, 0);
    const available = availableCents(applicant.maxSupportCents, applicant.pendingSupportCents);
    if (total > available) {
      throw badRequest(FINANCE_MESSAGES.supportOver(available), [
        { field: 'items', message: FINANCE_MESSAGES.supportOver(available) },
      ]);
    }
    const values: SupportApplicationValues = {
      usersMasterId: applicant.id,
      agentZCode: zCode(applicant.id),
      agentName: applicant.firstName,
      agentSurname: applicant.surname,
      itemsAmountCents: total,
      createdBy: actor.user.id,
    };
    const slots = values as Record<string, unknown>;
    body.items.forEach((item, index) => {
      slots[`support${index + 1}Type`] = item.type;
      slots[`support${index + 1}ValueCents`] = item.valueCents;
    });
    const id = await insertSupportApplication(tx, values);
    const chatMessageId = await deps.financeChat.post(
      {
        text: [
          `New support application #${id} for ${chatPerson(applicant)}`,
          describeItems(body.items),
          `Total: ${formatRand(total)}`,
          `Submitted by ${chatPerson(actor.user)}`,
          `Open the dealer: ${userLink(deps.settings, applicant.id)}`,
        ].join('\n'),
      },
      tx,
    );
    await writeAudit(tx, {
      actor,
      action: 'finance.support.create',
      entity: 'support_applications',
      entityId: id,
      after: { userId: applicant.id, items: body.items, itemsAmountCents: total, chatMessageId },
      request,
    });
    await sendNotice(
      deps.notices,
      filedNotice(
        applicant,
        'A support application was filed in your name',
        `A support application #${id} for ${formatRand(total)} was filed for you (${zCode(applicant.id)}):\n${describeItems(body.items)}`,
        actor,
      ),
      request,
      tx,
    );
    return { id, chatMessageId };
  });
}

/**
 * A new credit application: the request may not exceed the available credit (the tier's maximum
 * minus what unsettled applications still owe), nor the months and monthly payment the tier
 * allows; the whole request starts outstanding. Chat message and audit in the same transaction.
 */
export async function createCreditApplication(
  deps: FinanceDeps,
  actor: Actor,
  userId: number,
  body: NewCreditApplication,
  request?: FastifyRequest,
): Promise<ApplicationCreated> {
  // The cosigner's row is locked with the applicant's, before either is judged (decision 077).
  const cosignerId = body.hasCosigner ? parseZCode(body.cosignerCode ?? '') : undefined;
  return deps.db.transaction(async (tx) => {
    const applicant = await applicantFor(
      tx,
      actor,
      'create',
      userId,
      true,
      cosignerId === undefined ? [] : [cosignerId],
    );
    const available = availableCents(applicant.maxCreditCents, applicant.outstandingCents);
    const errors: { field: string; message: string }[] = [];
    if (body.requestValueCents > available) {
      errors.push({ field: 'requestValue', message: FINANCE_MESSAGES.creditOver(available) });
    }
    if (body.months > applicant.months) {
      errors.push({ field: 'months', message: FINANCE_MESSAGES.monthsOver(applicant.months) });
    }
    if (body.monthlyPaymentCents > applicant.maxMonthlyPaymentCents) {
      errors.push({
        field: 'monthlyPayment',
        message: FINANCE_MESSAGES.monthlyPaymentOver(applicant.maxMonthlyPaymentCents),
      });
    }
    let cosigner: Awaited<ReturnType<typeof findCosigner>>;
    if (body.hasCosigner) {
      // A guarantee is put on the cosigner's name: the same rule as filing on them, so never an
      // admin holding a flag the actor lacks (answered before existence, as for the applicant).
      if (cosignerId !== undefined) await assertCanOn(tx, actor, 'create', 'finance-application', cosignerId);
      // Read after their row was locked: a status change in flight has been waited for.
      cosigner = cosignerId === undefined ? undefined : await findCosigner(tx, cosignerId);
      if (cosignerId === undefined) {
        errors.push({ field: 'cosignerCode', message: FINANCE_MESSAGES.cosignerCode });
      } else if (cosignerId === applicant.id) {
        errors.push({ field: 'cosignerCode', message: FINANCE_MESSAGES.cosignerIsApplicant });
      } else if (cosignerId === actor.user.id) {
        // Whoever files the application does not also guarantee it (decision 077).
        errors.push({ field: 'cosignerCode', message: FINANCE_MESSAGES.cosignerIsSubmitter });
      } else if (!cosigner || cosigner.status === LIFECYCLE.deleted) {
        errors.push({ field: 'cosignerCode', message: FINANCE_MESSAGES.cosignerNotFound });
      } else if (cosigner.status !== LIFECYCLE.active) {
        // A guarantee by someone pending, rejected or gone is worth nothing (decision 077).
        errors.push({ field: 'cosignerCode', message: FINANCE_MESSAGES.cosignerNotActive });
      }
    }
    if (errors.length) throw badRequest(errors[0]!.message, errors);
    const id = await insertCreditApplication(tx, {
      usersMasterId: applicant.id,
      agentZCode: zCode(applicant.id),
      agentName: applicant.firstName,
      agentSurname: applicant.surname,
      creditType: body.creditType satisfies SupportType,
      cosignorUsersMasterId: cosigner?.id ?? null,
      cosignorZCode: cosigner ? zCode(cosigner.id) : null,
      cosignorName: cosigner?.firstName ?? null,
      cosignorSurname: cosigner?.surname ?? null,
      requestValueCents: body.requestValueCents,
      assetType: body.assetType,
      assetDescription: body.assetDescription,
      assetUniqueNumber: body.assetUniqueNumber,
      months: body.months,
      monthlyPaymentCents: body.monthlyPaymentCents,
      maxCreditCents: applicant.maxCreditCents,
      outstandingAmountCents: body.requestValueCents,
      createdBy: actor.user.id,
    });
    const chatMessageId = await deps.financeChat.post(
      {
        text: [
          `New credit application #${id} for ${chatPerson(applicant)}`,
          `${body.creditType}: ${formatRand(body.requestValueCents)} over ${body.months} months at ${formatRand(body.monthlyPaymentCents)} a month`,
          cosigner ? `Cosigner: ${chatPerson(cosigner)}` : 'No cosigner',
          ...(body.assetType || body.assetDescription
            ? [
                `Asset: ${[body.assetType, body.assetDescription, body.assetUniqueNumber]
                  .filter((part): part is string => Boolean(part))
                  .map(chatField)
                  .join(' · ')}`,
              ]
            : []),
          `Available credit before this application: ${formatRand(available)}`,
          `Submitted by ${chatPerson(actor.user)}`,
          `Open the dealer: ${userLink(deps.settings, applicant.id)}`,
        ].join('\n'),
      },
      tx,
    );
    await writeAudit(tx, {
      actor,
      action: 'finance.credit.create',
      entity: 'credit_applications',
      entityId: id,
      after: { userId: applicant.id, ...body, availableCreditCents: available, chatMessageId },
      request,
    });
    const terms = `${body.creditType}: ${formatRand(body.requestValueCents)} over ${body.months} months at ${formatRand(body.monthlyPaymentCents)} a month`;
    await sendNotice(
      deps.notices,
      filedNotice(
        applicant,
        'A credit application was filed in your name',
        `A credit application #${id} was filed for you (${zCode(applicant.id)}): ${terms}.`,
        actor,
      ),
      request,
      tx,
    );
    if (cosigner) {
      await sendNotice(
        deps.notices,
        filedNotice(
          cosigner,
          'You were named as the cosigner of a credit application',
          `You (${zCode(cosigner.id)}) were named as the cosigner of credit application #${id} of ${zCode(applicant.id)}: ${applicant.firstName} ${applicant.surname} (${terms}).`,
          actor,
        ),
        request,
        tx,
      );
    }
    return { id, chatMessageId };
  });
}

export async function supportApplications(
  db: Database,
  actor: Actor,
  userId: number,
  page: number,
  pageSize: number,
): Promise<SupportApplicationPage> {
  await applicantFor(db, actor, 'read', userId);
  const { rows, total } = await findSupportPage(db, userId, page, pageSize);
  return {
    items: rows.map((row) => ({
      id: row.id,
      items: [
        [row.s1, row.v1],
        [row.s2, row.v2],
        [row.s3, row.v3],
        [row.s4, row.v4],
        [row.s5, row.v5],
      ]
        .filter(([type, value]) => type !== null && value !== null)
        .map(([type, value]) => ({ type: type as SupportType, valueCents: Number(value) })),
      itemsAmountCents: row.itemsAmountCents,
      status: row.status as 'pending' | 'approved' | 'declined',
      createdAt: row.createdAt.toISOString(),
      createdBy: row.createdBy,
    })),
    page,
    pageSize,
    total,
  };
}

export async function creditApplications(
  db: Database,
  actor: Actor,
  userId: number,
  page: number,
  pageSize: number,
): Promise<CreditApplicationPage> {
  await applicantFor(db, actor, 'read', userId);
  const { rows, total } = await findCreditPage(db, userId, page, pageSize);
  return {
    items: rows.map((row) => ({
      id: row.id,
      creditType: row.creditType as SupportType,
      cosigner: row.cosignorZCode
        ? `${row.cosignorZCode}: ${[row.cosignorName, row.cosignorSurname].filter(Boolean).join(' ')}`
        : null,
      requestValueCents: row.requestValueCents,
      assetType: row.assetType,
      assetDescription: row.assetDescription,
      assetUniqueNumber: row.assetUniqueNumber,
      months: row.months,
      monthlyPaymentCents: row.monthlyPaymentCents,
      maxCreditCents: row.maxCreditCents,
      settled: row.settled,
      outstandingAmountCents: row.outstandingAmountCents,
      createdAt: row.createdAt.toISOString(),
      createdBy: row.createdBy,
    })),
    page,
    pageSize,
    total,
  };
}
