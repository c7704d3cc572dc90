import type { RicaRequest, RicaResponse } from '@portal/domain/rica/rica';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { Actor } from '../../platform/access.ts';
import { writeAudit } from '../../platform/audit.ts';
import { badRequest } from '../../platform/errors.ts';
import { assertActorCan } from '../../platform/permissions.ts';
import type { RicaAdapter } from '../../platform/rica.ts';
import { insertRicaSubmission, isRicaNetwork, recordRicaOutcome } from './rica.queries.ts';

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

  const submission = await db.transaction(async (tx) => {
    const row = await insertRicaSubmission(tx, {
      userId: actor.user.id,
      network: input.network,
      referenceNumber: input.simNumber,
      last4Sim: input.simNumber.slice(-4),
      idType: input.idType,
      countryCode: input.idNationality,
      idNumber: input.idNumber,
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
    idNumber: input.idNumber,
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
