import {
  RICA_MESSAGES,
  RICA_SUBMISSIONS_PER_HOUR,
  type RicaRequest,
  type RicaResponse,
} from '@portal/domain/rica/rica';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { Actor } from '../../platform/access.ts';
import { writeAudit } from '../../platform/audit.ts';
import { AppError, badRequest, conflict } from '../../platform/errors.ts';
import { lockUntilCommit } from '../../platform/locks.queries.ts';
import { assertActorCan } from '../../platform/permissions.ts';
import type { RicaAdapter } from '../../platform/rica.ts';
import {
  hasStandingRegistration,
  insertRicaSubmission,
  isRicaNetwork,
  recentSubmissions,
  recordRicaOutcome,
} from './rica.queries.ts';

/**
 * How long a registration waits for the operator's answer before it no longer holds its SIM: the
 * operator call gives up after 60 seconds, so an older unanswered one was cut off (decision 067).
 */
const RICA_IN_FLIGHT_MINUTES = 10;

/**
 * Records the registration first (so nothing is lost if the operator is unreachable), then hands
 * it to the adapter and keeps its answer. '/rica' is a leaders' (and admins') screen.
 */
export async function registerSim(
  db: Database,
  adapter: RicaAdapter,
  actor: Actor,
  input: RicaRequest,
  request?: FastifyRequest,
): Promise<RicaResponse> {
  assertActorCan(actor, 'register', 'rica');
  if (!(await isRicaNetwork(db, input.network)))
    throw badRequest('Network is required', [{ field: 'network', message: 'Network is required' }]);

  // The schema has checked it; stored and sent as the digits alone.
  const idNumber = input.idType === 'RSAID' ? input.idNumber.replace(/\s+/g, '') : input.idNumber;

  const submission = await db.transaction(async (tx) => {
    // Per dealer, then per SIM, each under its own lock until commit, always in that order: two
    // racing requests count and look after each other's row (decision 067).
    await lockUntilCommit(tx, `rica:user:${actor.user.id}`);
    const recent = await recentSubmissions(tx, actor.user.id);
    if (recent.count >= RICA_SUBMISSIONS_PER_HOUR) {
      const retryAfter = Math.max(1, recent.leavesIn);
      throw new AppError('RICA_LIMIT', 429, RICA_MESSAGES.tooMany(retryAfter), undefined, retryAfter);
    }
    await lockUntilCommit(tx, `rica:sim:${input.simNumber}`);
    if (await hasStandingRegistration(tx, input.network, input.simNumber, RICA_IN_FLIGHT_MINUTES)) {
      throw conflict(
        RICA_MESSAGES.simRegistered,
        [{ field: 'simNumber', message: RICA_MESSAGES.simRegistered }],
        'SIM_ALREADY_REGISTERED',
      );
    }
    const row = await insertRicaSubmission(tx, {
      userId: actor.user.id,
      network: input.network,
      referenceNumber: input.simNumber,
      last4Sim: input.simNumber.slice(-4),
      idType: input.idType,
      countryCode: input.idNationality,
      idNumber,
      fullName: input.name,
      surname: input.surname,
      address1: input.address1,
      address2: input.address2 || null,
      address3: input.address3 || null,
      cityTown: input.city,
      suburb: input.suburb,
      postalCode: input.postalCode,
      residentialCountry: input.country,
      adapter: adapter.name,
    });
    await writeAudit(tx, {
      actor,
      action: 'rica.submit',
      entity: 'rica_submissions',
      entityId: String(row.id),
      after: { network: input.network, last4Sim: row.last4Sim },
      request,
    });
    return row;
  });

  const outcome = await adapter.register({
    id: submission.id,
    network: input.network,
    simNumber: input.simNumber,
    idType: input.idType,
    idNationality: input.idNationality,
    idNumber,
    name: input.name,
    surname: input.surname,
    address: [input.address1, input.address2 ?? '', input.address3 ?? ''].filter(Boolean),
    city: input.city,
    suburb: input.suburb,
    postalCode: input.postalCode,
    country: input.country,
  });
  // The operator's answer changes the row's status: audited with it, in one transaction (decision 063).
  await db.transaction(async (tx) => {
    await recordRicaOutcome(tx, submission.id, { status: outcome.status, resultText: outcome.resultText });
    if (outcome.status === submission.status) return;
    await writeAudit(tx, {
      actor,
      action: 'rica.outcome',
      entity: 'rica_submissions',
      entityId: String(submission.id),
      before: { status: submission.status },
      after: { status: outcome.status },
      request,
    });
  });
  return { code: 200, id: submission.id, status: outcome.status, message: { result: outcome.resultText } };
}
