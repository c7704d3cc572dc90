import { createHash } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { can } from '@portal/domain/access/permissions';
import { knownFeatures } from '@portal/domain/accounts/me';
import { LIFECYCLE } from '@portal/domain/accounts/waiting';
import {
  annexureOf,
  annexureTitle,
  CONTRACT_MESSAGES,
  type ContractDownloadLink,
  type ContractSubmission,
  type DeclineContractRequest,
  type GenerateContractRequest,
  SIGN_CONTRACT_PAGE,
  type SignContractRequest,
  type SigningOutcome,
  type SigningView,
  SignToken,
} from '@portal/domain/contracts/contracts';
import { zCode } from '@portal/domain/people/z-code';
import type { FastifyRequest } from 'fastify';
import type { Settings } from '../../config.ts';
import type { Executor } from '../../db/client.ts';
import type { Actor } from '../../platform/access.ts';
import { writeAudit } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.ts';
import { type ESign, ESignError } from '../../platform/esign.ts';
import type { Mailer } from '../../platform/mail.ts';
import { sendNotice } from '../../platform/notices.ts';
import type { Outbox, OutgoingMessage } from '../../platform/outbox.ts';
import { assertCanOn } from '../../platform/permissions.ts';
import type { SmsSender } from '../../platform/sms.ts';
import type { FileStorage } from '../../platform/storage.ts';
import { alertUsers } from '../alerts/alerts.service.ts';
import { getStoredFile, saveUpload } from '../files/files.service.ts';
import { type ContractParty, longDate, renderContract, renderSigned } from './contract-document.ts';
import {
  type ContractRow,
  type DeclineAudienceRow,
  expireContracts,
  findAgent,
  findContract,
  findContractByTokenHash,
  findDeclineAudience,
  finishContract,
  insertContract,
  insertSystemAudit,
  listAgentContracts,
  lockContractByTokenHash,
  lockDueReminders,
  markReminded,
  pendingDocuSealContracts,
  settleDocuSealContract,
  updateContract,
} from './contracts.queries.ts';

// Dealer contracts (spec 3 §2.16, §7.4; decision 034): generate, send for signing, sign or decline
// by link, remind and expire. Who may: admins with Users Management ('manage contract'); the
// signing routes are public and trust nothing but the link's token, whose keyed hash alone is kept.

export interface ContractDeps {
  db: Executor;
  storage: FileStorage;
  mailer: Mailer;
  /** The dealer without an e-mail address hears of a link sent elsewhere by SMS (decision 063). */
  sms: SmsSender;
  clock: Clock;
  esign: ESign;
  settings: Pick<Settings, 'publicUrl'>;
}

/**
 * The scheduled job's deps: the reminders are written a batch at a time through the outbox
 * (`postMany`, decision 072), not one `mailer.send` per reminder. Only the job needs it, so the
 * demo seeds, which generate and sign only, do without.
 */
export interface ContractJobDeps extends ContractDeps {
  outbox: Pick<Outbox, 'postMany'>;
}

type Http = Pick<FastifyRequest, 'id' | 'ip' | 'headers'> & { actor?: Actor };

const DAY = 24 * 60 * 60 * 1000;
/** Due reminders written (and marked) per transaction of the job (decision 072). */
export const REMINDER_BATCH = 500;
export const REMINDER_QUEUE = 'contracts.reminders';
/** Every hour at minute 17: reminders and expiry are due by the day, an hour late is fine. */
export const REMINDER_CRON = '17 * * * *';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function submissionOf(row: ContractRow): ContractSubmission {
  return {
    id: row.id,
    status: row.status as ContractSubmission['status'],
    submissionDate: row.createdAt.toISOString(),
    template: { name: row.documentName ?? 'Dealer Agency Agreement' },
    email: row.email,
    productCodes: row.productCodes,
    provider: row.provider as ContractSubmission['provider'],
    signerName: row.signerName,
    signedAt: iso(row.signedAt),
    expiresAt: iso(row.expiresAt),
  };
}

function signingLink(settings: ContractDeps['settings'], token: string): string {
  return `${settings.publicUrl}${SIGN_CONTRACT_PAGE}/${token}`;
}

function signingMail(input: {
  to: string;
  dealerName: string;
  documentName: string;
  link: string;
  expiresAt: Date;
  reminder: boolean;
}) {
  const opening = input.reminder
    ? `This is a reminder that your ${input.documentName} is still waiting for your signature.`
    : `Your ${input.documentName} is ready for you to read and sign.`;
  const text = [
    `Dear ${input.dealerName},`,
    '',
    opening,
    '',
    `Open this link to read the agreement, type your full name and sign: ${input.link}`,
    '',
    `The link works until ${longDate(input.expiresAt)}.${input.reminder ? ' Earlier links for this contract no longer work; use this one.' : ''} Do not forward this e-mail: whoever holds the link can sign.`,
    '',
    'If you have questions about the agreement, contact your administrator before you sign.',
  ].join('\n');
  return {
    to: input.to,
    subject: input.reminder
      ? `Reminder: please sign your ${input.documentName}`
      : `Please sign your ${input.documentName}`,
    text,
    secrets: [input.link],
  };
}

/** A signing mail as the outbox takes it: what `Mailer.send` writes for it, for a batch. */
function outgoingMail(mail: ReturnType<typeof signingMail>): OutgoingMessage {
  return {
    channel: 'email',
    recipient: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: null,
    secrets: mail.secrets,
  };
}

/** The agent's contracts, newest first (the Dealer Contracts modal). */
export async function contractSubmissions(
  deps: Pick<ContractDeps, 'db'>,
  actor: Actor,
  agentId: number,
): Promise<{ data: ContractSubmission[] }> {
  const target = await assertCanOn(deps.db, actor, 'manage', 'contract', agentId);
  if (!target.exists) throw notFound(`Dealer with ID ${agentId} not found`, 'DEALER_NOT_FOUND');
  const rows = await listAgentContracts(deps.db, agentId);
  return { data: rows.map(submissionOf) };
}

/**
 * Generate New Contract: the PDF with the three annexures, stored with its SHA-256, and sent for
 * signing (a link by e-mail through the outbox, or a DocuSeal submission) in one transaction.
 */
export async function generateContract(
  deps: ContractDeps,
  actor: Actor,
  agentId: number,
  body: GenerateContractRequest,
  request?: Http,
): Promise<{ status: 200; contract: ContractSubmission }> {
  const { db, storage, esign, clock } = deps;
  const target = await assertCanOn(db, actor, 'manage', 'contract', agentId);
  const agent = target.exists ? await findAgent(db, agentId) : undefined;
  if (!agent) throw notFound(`Dealer with ID ${agentId} not found`, 'DEALER_NOT_FOUND');
  const code = zCode(agentId);
  if (body.agentCode !== code) {
    throw badRequest(`The dealer code is ${code}`, [{ field: 'agentCode', message: `The dealer code is ${code}` }]);
  }
  const annexures = body.arrIds.map((id) => annexureOf(id)!);
  const has = (set: 'A' | 'B', kind: string) => annexures.some((a) => a.set === set && a.kind === kind);
  const now = clock.now();
  const expiresAt = new Date(now.getTime() + esign.expiryDays * DAY);
  const documentName = body.documentName ?? `Dealer Agency Agreement ${code} ${now.toISOString().slice(0, 10)}`;
  const dealerName = `${agent.firstName} ${agent.surname}`;

  const contract = await db.transaction(async (tx) => {
    const row = await insertContract(tx, {
      usersMasterId: agentId,
      agencyAgreement: true,
      annexAReseller: has('A', 'reseller'),
      annexASuperDealer: has('A', 'superDealer'),
      annexAStandardLeaderCommission: has('A', 'standardLeaderCommission'),
      annexAMultipleTeams: has('A', 'multipleTeams'),
      annexBReseller: has('B', 'reseller'),
      annexBSuperDealer: has('B', 'superDealer'),
      annexBStandardLeaderCommission: has('B', 'standardLeaderCommission'),
      annexBMultipleTeams: has('B', 'multipleTeams'),
      productCodes: body.arrIds,
      documentName,
      email: body.email,
      status: 'pending',
      provider: esign.provider,
      expiresAt,
      createdBy: actor.user.id,
      createdAt: now,
      updatedAt: now,
    });
    const party: ContractParty = {
      contractId: row.id,
      documentName,
      dealerName,
      dealerCode: code,
      idNumber: agent.identificationNo,
      address: agent.address,
      email: body.email,
      generatedBy: `${actor.user.firstName} ${actor.user.surname}`,
      generatedAt: now,
      productCodes: body.arrIds,
    };
    const pdf = Buffer.from(await renderContract(party));
    const stored = await saveUpload({
      db: tx,
      storage,
      data: pdf,
      originalName: `${documentName}.pdf`,
      purpose: 'dealer_contract',
      ownerUserId: agentId,
      uploadedByUserId: actor.user.id,
    });
    const documentSha256 = createHash('sha256').update(pdf).digest('hex');
    let signTokenHash: string | null = null;
    let providerSubmissionId: string | null = null;
    if (esign.docuseal) {
      try {
        providerSubmissionId = await esign.docuseal.createSubmission({
          name: documentName,
          pdf,
          submitter: { email: body.email, name: dealerName },
        });
      } catch (error) {
        if (!(error instanceof ESignError)) throw error;
        throw new AppError('ESIGN_FAILED', 502, CONTRACT_MESSAGES.generateFailed);
      }
    } else {
      const { token, hash } = esign.newToken();
      signTokenHash = hash;
      await deps.mailer.send(
        signingMail({
          to: body.email,
          dealerName,
          documentName,
          link: signingLink(deps.settings, token),
          expiresAt,
          reminder: false,
        }),
        tx,
      );
    }
    // Whoever holds the link signs in the dealer's name: sent anywhere but the address on file,
    // the dealer hears of it there (by SMS when they have no address), so a contract cannot be
    // signed for them unseen (decision 063).
    if (agent.email?.toLowerCase() !== body.email.toLowerCase()) {
      await sendNotice(
        deps,
        {
          email: agent.email ?? undefined,
          phone: agent.phone ?? undefined,
          subject: `Your ${documentName} was sent for signing to another address`,
          text: [
            `Dear ${dealerName},`,
            '',
            `${actor.user.firstName} ${actor.user.surname} sent your ${documentName} (${code}) for signing to ${body.email}, not to this address.`,
            'Whoever holds that link can sign in your name. If you did not expect this, contact your administrator at once.',
          ].join('\n'),
        },
        undefined,
        tx,
      );
    }
    const updated = (await updateContract(tx, row.id, {
      unsignedFileId: stored.id,
      documentSha256,
      signTokenHash,
      providerSubmissionId,
    }))!;
    await writeAudit(tx, {
      actor,
      action: 'contract.generate',
      entity: 'dealer_contracts',
      entityId: row.id,
      after: {
        usersMasterId: agentId,
        email: body.email,
        productCodes: body.arrIds,
        provider: esign.provider,
        documentSha256,
        expiresAt: expiresAt.toISOString(),
      },
      ...(request ? { request } : {}),
    });
    return updated;
  });
  return { status: 200, contract: submissionOf(contract) };
}

async function contractForAdmin(db: Executor, actor: Actor, contractId: number): Promise<ContractRow | undefined> {
  const contract = await findContract(db, contractId);
  if (!contract) return undefined;
  // An admin may open another's contract only where they may manage that person (flags beyond theirs).
  await assertCanOn(db, actor, 'manage', 'contract', contract.usersMasterId);
  return contract;
}

/** Spec 3 §7.4: status 404 means 'Contract not found'; else the first document's url is opened. */
export async function contractDownloadLink(
  deps: Pick<ContractDeps, 'db' | 'esign' | 'clock' | 'mailer' | 'sms'>,
  actor: Actor,
  contractId: number,
): Promise<ContractDownloadLink> {
  let contract = await contractForAdmin(deps.db, actor, contractId);
  if (contract?.provider === 'docuseal' && contract.status === 'pending') {
    // Read again after asking: a request racing this one may be the one that recorded the change.
    await syncDocuSeal(deps, [contract]);
    contract = (await findContract(deps.db, contract.id)) ?? contract;
  }
  if (contract?.status !== 'completed') return { status: 404, message: CONTRACT_MESSAGES.notFound };
  const name = `${contract.documentName ?? 'Dealer Agency Agreement'} (signed).pdf`;
  if (contract.provider === 'docuseal' && deps.esign.docuseal && contract.providerSubmissionId) {
    const documents = await deps.esign.docuseal.documents(contract.providerSubmissionId).catch(() => []);
    if (documents.length === 0) return { status: 404, message: CONTRACT_MESSAGES.notFound };
    return { status: 200, documents };
  }
  if (!contract.signedFileId) return { status: 404, message: CONTRACT_MESSAGES.notFound };
  return { status: 200, documents: [{ name, url: `/api/contracts/${contract.id}/signed.pdf` }] };
}

async function readStored(deps: { db: Executor; storage: FileStorage }, fileId: string): Promise<Buffer> {
  const file = await getStoredFile(deps.db, fileId);
  return buffer(await deps.storage.get(file.storageKey));
}

export async function signedContractPdf(
  deps: Pick<ContractDeps, 'db' | 'storage'>,
  actor: Actor,
  contractId: number,
): Promise<{ pdf: Buffer; fileName: string }> {
  const contract = await contractForAdmin(deps.db, actor, contractId);
  if (contract?.status !== 'completed' || !contract.signedFileId) {
    throw notFound(CONTRACT_MESSAGES.notFound, 'CONTRACT_NOT_FOUND');
  }
  return {
    pdf: await readStored(deps, contract.signedFileId),
    fileName: `${contract.documentName ?? 'Dealer Agency Agreement'} (signed).pdf`,
  };
}

// --- The built-in signer's public side --------------------------------------------------------

const invalidLink = () => notFound(CONTRACT_MESSAGES.linkInvalid, 'SIGNING_LINK_INVALID');
const expiredLink = () => new AppError('SIGNING_LINK_EXPIRED', 410, CONTRACT_MESSAGES.linkExpired);

/** The token's hash, or a refusal for anything that is not a token we could have made. */
function tokenHash(esign: ESign, token: string): string {
  if (!SignToken.safeParse(token).success) throw invalidLink();
  return esign.hashToken(token);
}

function isExpired(contract: ContractRow, now: Date): boolean {
  return (
    contract.status === 'expired' ||
    (contract.status === 'pending' && !!contract.expiresAt && contract.expiresAt <= now)
  );
}

export async function signingView(deps: ContractDeps, token: string): Promise<SigningView> {
  const found = await findContractByTokenHash(deps.db, tokenHash(deps.esign, token));
  if (found?.contract.provider !== 'builtin') throw invalidLink();
  const { contract } = found;
  if (isExpired(contract, deps.clock.now())) throw expiredLink();
  return {
    documentName: contract.documentName ?? 'Dealer Agency Agreement',
    dealerName: found.dealerName,
    dealerCode: zCode(contract.usersMasterId),
    status: contract.status as SigningView['status'],
    expiresAt: iso(contract.expiresAt),
    signerName: contract.signerName,
    signedAt: iso(contract.signedAt),
    annexures: contract.productCodes.map((code) => annexureOf(code)).flatMap((a) => (a ? [annexureTitle(a)] : [])),
  };
}

/** The document the link's holder reads: the original while pending, their signed copy once signed. */
export async function signingPdf(deps: ContractDeps, token: string): Promise<{ pdf: Buffer; fileName: string }> {
  const found = await findContractByTokenHash(deps.db, tokenHash(deps.esign, token));
  if (found?.contract.provider !== 'builtin') throw invalidLink();
  const { contract } = found;
  if (isExpired(contract, deps.clock.now())) throw expiredLink();
  const fileId = contract.status === 'completed' ? contract.signedFileId : contract.unsignedFileId;
  if (!fileId || contract.status === 'declined') throw notFound(CONTRACT_MESSAGES.notFound, 'CONTRACT_NOT_FOUND');
  return { pdf: await readStored(deps, fileId), fileName: `${contract.documentName ?? 'Dealer Agency Agreement'}.pdf` };
}

function refuseFinished(contract: ContractRow, now: Date): void {
  if (contract.status === 'completed') throw conflict(CONTRACT_MESSAGES.alreadySigned, undefined, 'ALREADY_SIGNED');
  if (contract.status === 'declined') throw conflict(CONTRACT_MESSAGES.alreadyDeclined, undefined, 'ALREADY_DECLINED');
  if (isExpired(contract, now)) throw expiredLink();
}

function userAgentOf(request: Http): string {
  const agent = request.headers['user-agent'];
  return (typeof agent === 'string' ? agent : '').slice(0, 500);
}

/**
 * Signs by link: within one transaction holding the contract's row, the stored original is read
 * and checked against its SHA-256, the signed copy made and stored, and the row completed. A
 * second attempt (or a racing one, after the lock) finds it completed: 409.
 */
export async function signContract(
  deps: ContractDeps,
  token: string,
  body: SignContractRequest,
  request: Http,
): Promise<SigningOutcome> {
  const hash = tokenHash(deps.esign, token);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const contract = await lockContractByTokenHash(tx, hash);
    if (contract?.provider !== 'builtin') throw invalidLink();
    refuseFinished(contract, now);
    if (!contract.unsignedFileId || !contract.documentSha256) throw invalidLink();
    const original = await readStored({ db: tx, storage: deps.storage }, contract.unsignedFileId);
    const actual = createHash('sha256').update(original).digest('hex');
    if (actual !== contract.documentSha256) {
      throw new AppError('DOCUMENT_CHANGED', 500, 'The stored contract does not match its recorded fingerprint.');
    }
    const agent = await findAgent(tx, contract.usersMasterId);
    const dealerName = agent ? `${agent.firstName} ${agent.surname}` : body.name;
    const signed = Buffer.from(
      await renderSigned(
        original,
        {
          contractId: contract.id,
          documentName: contract.documentName ?? 'Dealer Agency Agreement',
          dealerName,
          dealerCode: zCode(contract.usersMasterId),
        },
        {
          signerName: body.name,
          signedAt: now,
          ip: request.ip,
          userAgent: userAgentOf(request),
          documentSha256: contract.documentSha256,
          sentTo: contract.email ?? '',
          sentAt: contract.createdAt,
        },
      ),
    );
    const stored = await saveUpload({
      db: tx,
      storage: deps.storage,
      data: signed,
      originalName: `${contract.documentName ?? 'Dealer Agency Agreement'} (signed).pdf`,
      purpose: 'dealer_contract',
      ownerUserId: contract.usersMasterId,
    });
    const done = await finishContract(tx, contract.id, hash, {
      status: 'completed',
      signerName: body.name,
      signedAt: now,
      signerIp: request.ip,
      signerUserAgent: userAgentOf(request),
      signedFileId: stored.id,
    });
    if (!done) throw conflict(CONTRACT_MESSAGES.alreadySigned, undefined, 'ALREADY_SIGNED');
    await writeAudit(tx, {
      actor: { userId: null, authId: null },
      action: 'contract.sign',
      entity: 'dealer_contracts',
      entityId: contract.id,
      before: { status: 'pending' },
      after: { status: 'completed', signerName: body.name, signedFileId: stored.id },
      request,
    });
    if (contract.email) {
      await deps.mailer.send(
        {
          to: contract.email,
          subject: `Signed: ${contract.documentName ?? 'Dealer Agency Agreement'}`,
          text: [
            `Dear ${dealerName},`,
            '',
            `Thank you for signing your ${contract.documentName ?? 'Dealer Agency Agreement'} on ${longDate(now)}.`,
            'Your administrator keeps the signed copy with its signing certificate; ask them for a copy at any time.',
          ].join('\n'),
        },
        tx,
      );
    }
    return { status: 'completed' as const, message: CONTRACT_MESSAGES.signed };
  });
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * Tells of a declined contract (decision 067; one declined at DocuSeal too, decision 072) everyone
 * who may manage the dealer's contracts now (`manage contract`, as the Dealer Contracts modal asks:
 * an active admin with Users Management, never one lacking a flag an admin dealer holds) and the
 * admin who sent it while they are an active admin: by e-mail (else SMS) through the outbox and by
 * a bell alert, in the decline's transaction. The notice names the dealer, their code, the document and the reason given; never
 * the link nor the ID number. Returns who was told.
 */
async function tellOfDecline(
  deps: Pick<ContractDeps, 'mailer' | 'sms'>,
  tx: Executor,
  contract: ContractRow,
  now: Date,
): Promise<number[]> {
  const people = await findDeclineAudience(
    tx,
    contract.createdBy === null ? [contract.usersMasterId] : [contract.usersMasterId, contract.createdBy],
  );
  const dealer = people.find((person) => person.id === contract.usersMasterId);
  if (!dealer) return [];
  const isActiveAdmin = (person: DeclineAudienceRow) => person.isAdmin && person.lifecycleStatusId === LIFECYCLE.active;
  const mayManage = (person: DeclineAudienceRow) =>
    isActiveAdmin(person) &&
    can(
      { id: person.id, isAdmin: true, isLeader: person.isLeader, features: knownFeatures(person.features) },
      'manage',
      'contract',
      {
        id: dealer.id,
        relation: person.id === dealer.id ? 'self' : 'other',
        isAdmin: dealer.isAdmin,
        features: knownFeatures(dealer.features),
      },
    );
  const recipients = people.filter(
    (person) => mayManage(person) || (person.id === contract.createdBy && isActiveAdmin(person)),
  );
  if (recipients.length === 0) return [];

  const documentName = contract.documentName ?? 'Dealer Agency Agreement';
  const docuseal = contract.provider === 'docuseal';
  const where = docuseal ? 'at DocuSeal' : 'through its signing link';
  const what = `The ${documentName} sent for signing to ${dealer.firstName} ${dealer.surname} (${zCode(dealer.id)}) was declined ${where} on ${longDate(now)}.`;
  // DocuSeal keeps the reason its signer typed; the portal asks it only for the status.
  const why = contract.declineReason
    ? `Reason given: ${contract.declineReason}`
    : docuseal
      ? 'Any reason given is kept at DocuSeal.'
      : 'No reason was given.';
  const next =
    "The link no longer works. To offer the agreement again, generate a new contract from the dealer's Dealer Contracts.";
  for (const person of recipients) {
    await sendNotice(
      deps,
      {
        email: person.email ?? undefined,
        phone: person.phone ?? undefined,
        subject: `Contract declined: ${documentName}`,
        text: [`Dear ${person.firstName},`, '', what, why, '', next].join('\n'),
      },
      undefined,
      tx,
    );
  }
  const ids = recipients.map((person) => person.id);
  await alertUsers(tx, {
    userIds: ids,
    title: 'Contract declined',
    descriptionHtml: [what, why, next].map((line) => `<p>${escapeHtml(line)}</p>`).join(''),
    createdBy: null,
    type: 'contract',
  });
  return ids;
}

export async function declineContract(
  deps: ContractDeps,
  token: string,
  body: DeclineContractRequest,
  request: Http,
): Promise<SigningOutcome> {
  const hash = tokenHash(deps.esign, token);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const contract = await lockContractByTokenHash(tx, hash);
    if (contract?.provider !== 'builtin') throw invalidLink();
    refuseFinished(contract, now);
    const done = await finishContract(tx, contract.id, hash, {
      status: 'declined',
      declinedAt: now,
      declineReason: body.reason ?? null,
      signerIp: request.ip,
      signerUserAgent: userAgentOf(request),
    });
    if (!done) throw conflict(CONTRACT_MESSAGES.alreadyDeclined, undefined, 'ALREADY_DECLINED');
    // The page says the administrator has been told: in this transaction, so only the request
    // that declined it tells anyone (a racing or replayed decline is the 409 above).
    const told = await tellOfDecline(deps, tx, done, now);
    await writeAudit(tx, {
      actor: { userId: null, authId: null },
      action: 'contract.decline',
      entity: 'dealer_contracts',
      entityId: contract.id,
      before: { status: 'pending' },
      after: { status: 'declined', declineReason: body.reason ?? null, toldUserIds: told },
      request,
    });
    return { status: 'declined' as const, message: CONTRACT_MESSAGES.declined };
  });
}

// --- DocuSeal and the scheduled reminders ------------------------------------------------------

/**
 * Brings pending DocuSeal contracts' statuses up to date; an unreachable DocuSeal changes nothing.
 * A decline is told as the built-in signer's is (decision 072), by whichever request or job
 * settled it, in the transaction that settled it.
 */
async function syncDocuSeal(
  deps: Pick<ContractDeps, 'db' | 'esign' | 'clock' | 'mailer' | 'sms'>,
  contracts: Array<Pick<ContractRow, 'id' | 'providerSubmissionId'>>,
): Promise<ContractRow[]> {
  const client = deps.esign.docuseal;
  if (!client) return [];
  const changed: ContractRow[] = [];
  for (const contract of contracts) {
    if (!contract.providerSubmissionId) continue;
    let status: Awaited<ReturnType<typeof client.submission>>['status'];
    try {
      ({ status } = await client.submission(contract.providerSubmissionId));
    } catch (error) {
      if (error instanceof ESignError) continue;
      throw error;
    }
    if (status === 'pending') continue;
    const now = deps.clock.now();
    const row = await deps.db.transaction(async (tx) => {
      const updated = await settleDocuSealContract(tx, contract.id, {
        status,
        ...(status === 'completed' ? { signedAt: now } : {}),
        ...(status === 'declined' ? { declinedAt: now } : {}),
      });
      // Already settled (by a racing request or the job, or expired here): nothing to record,
      // nobody to tell.
      if (!updated) return undefined;
      const told = status === 'declined' ? await tellOfDecline(deps, tx, updated, now) : undefined;
      await insertSystemAudit(tx, [
        {
          action: `contract.${status}`,
          entityId: contract.id,
          before: { status: 'pending' },
          after: told ? { status, toldUserIds: told } : { status },
        },
      ]);
      return updated;
    });
    if (row) changed.push(row);
  }
  return changed;
}

export interface ReminderRun {
  reminded: number;
  expired: number;
  synced: number;
}

/**
 * The scheduled job: expires what is past its expiry, then e-mails each due reminder once with a
 * fresh link (only the hash is kept, so a reminder cannot repeat the first link), then asks
 * DocuSeal about its pending contracts. Running it twice in a row sends nothing the second time.
 *
 * Reminders go a batch at a time (decision 072): each batch's mails are written through
 * `outbox.postMany` in the transaction that marks the batch reminded, so a run that fails part-way
 * leaves every batch either written and marked or neither, and the retry goes on with the rest.
 */
export async function runContractReminders(
  deps: ContractJobDeps,
  batchSize: number = REMINDER_BATCH,
): Promise<ReminderRun> {
  const now = deps.clock.now();
  const expired = await deps.db.transaction(async (tx) => {
    const expiredRows = await expireContracts(tx, now);
    await insertSystemAudit(
      tx,
      expiredRows.map((row) => ({
        action: 'contract.expire',
        entityId: row.id,
        before: { status: 'pending' },
        after: { status: 'expired' },
      })),
    );
    return expiredRows.length;
  });
  let reminded = 0;
  for (;;) {
    const written = await deps.db.transaction(async (tx) => {
      const due = await lockDueReminders(tx, now, deps.esign.reminderDays, batchSize);
      if (due.length === 0) return 0;
      const links = due.map((reminder) => ({ reminder, ...deps.esign.newToken() }));
      await markReminded(
        tx,
        links.map(({ reminder, hash }) => ({ id: reminder.id, hash, reached: reminder.reached })),
      );
      await deps.outbox.postMany(
        links.map(({ reminder, token }) =>
          outgoingMail(
            signingMail({
              to: reminder.email,
              dealerName: reminder.dealerName,
              documentName: reminder.documentName,
              link: signingLink(deps.settings, token),
              expiresAt: reminder.expiresAt,
              reminder: true,
            }),
          ),
        ),
        tx,
      );
      return due.length;
    });
    reminded += written;
    // A short batch was the last: what is left is locked by a concurrent run, or not yet due.
    if (written < batchSize) break;
  }
  const synced = deps.esign.docuseal ? (await syncDocuSeal(deps, await pendingDocuSealContracts(deps.db))).length : 0;
  return { reminded, expired, synced };
}
