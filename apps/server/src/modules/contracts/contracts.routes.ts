import {
  AgentParams,
  ContractDownloadLink,
  ContractParams,
  ContractSubmissionList,
  DeclineContractRequest,
  GenerateContractRequest,
  GeneratedContract,
  CONTRACT_ROUTES as R,
  SignContractRequest,
  SigningOutcome,
  SigningView,
  SignTokenParams,
} from '@portal/domain/contracts/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AccessGuards } from '../../platform/access.ts';
import { actorOf } from '../../platform/access.ts';
import type { Jobs } from '../../platform/jobs.ts';
import { attachmentDisposition } from '../files/files.service.ts';
import {
  type ContractJobDeps,
  contractDownloadLink,
  contractSubmissions,
  declineContract,
  generateContract,
  REMINDER_CRON,
  REMINDER_QUEUE,
  runContractReminders,
  signContract,
  signedContractPdf,
  signingPdf,
  signingView,
} from './contracts.service.ts';

const tags = ['contracts'];

function sendPdf(reply: FastifyReply, pdf: Buffer, fileName: string, inline: boolean) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-length', String(pdf.length))
    .header(
      'content-disposition',
      attachmentDisposition(fileName).replace(/^attachment/, inline ? 'inline' : 'attachment'),
    )
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(pdf);
}

/**
 * Dealer contracts (decision 034): the admin's Dealer Contracts modal ('manage contract': admins
 * with Users Management) and the built-in signer's public routes, which trust the link's token only.
 * Reminders and expiry run as the hourly `contracts.reminders` job.
 */
export const contractsRoutes =
  (deps: ContractJobDeps & { jobs: Jobs }, guards: AccessGuards): FastifyPluginAsyncZod =>
  async (app) => {
    deps.jobs.define(REMINDER_QUEUE, () => runContractReminders(deps), { expireInSeconds: 15 * 60 });
    deps.jobs.schedule(REMINDER_QUEUE, REMINDER_CRON);
    // Not in the waiting state either: an admin marked inactive or deleted generates and reads none.
    const admin = [guards.notWaiting, guards.allowed('manage', 'contract')];

    app.get(
      R.submissions,
      {
        preHandler: admin,
        schema: {
          tags,
          summary: "Dealer Contracts: the agent's contracts (status, submission date, template)",
          params: AgentParams,
          response: { 200: ContractSubmissionList },
        },
      },
      (request) => contractSubmissions(deps, actorOf(request), request.params.agentId),
    );

    app.post(
      R.generate,
      {
        preHandler: admin,
        schema: {
          tags,
          summary: 'Generate New Contract: the agreement PDF with three annexures, sent for signing',
          params: AgentParams,
          body: GenerateContractRequest,
          response: { 200: GeneratedContract },
        },
      },
      (request) => generateContract(deps, actorOf(request), request.params.agentId, request.body, request),
    );

    app.get(
      R.downloadLink,
      {
        preHandler: admin,
        schema: {
          tags,
          summary: "Open Signed Contract: the completed contract's document (status 404: 'Contract not found')",
          params: ContractParams,
          response: { 200: ContractDownloadLink },
        },
      },
      (request) => contractDownloadLink(deps, actorOf(request), request.params.contractId),
    );

    app.get(
      R.signedPdf,
      {
        preHandler: admin,
        schema: { tags, summary: 'The signed contract with its signing certificate (PDF)', params: ContractParams },
      },
      async (request, reply) => {
        const { pdf, fileName } = await signedContractPdf(deps, actorOf(request), request.params.contractId);
        return sendPdf(reply, pdf, fileName, true);
      },
    );

    // --- The built-in signer: public, by the link's token ------------------------------------
    app.get(
      R.signingView,
      {
        schema: {
          tags,
          summary: 'Signing page: the contract the link is for (no sign-in; the token is the proof)',
          params: SignTokenParams,
          response: { 200: SigningView },
        },
      },
      (request) => signingView(deps, request.params.token),
    );

    app.get(
      R.signingPdf,
      {
        schema: {
          tags,
          summary: 'Signing page: the document to read (signed copy once signed)',
          params: SignTokenParams,
        },
      },
      async (request, reply) => {
        const { pdf, fileName } = await signingPdf(deps, request.params.token);
        return sendPdf(reply, pdf, fileName, true);
      },
    );

    app.post(
      R.sign,
      {
        schema: {
          tags,
          summary: 'Sign the contract with the typed name and consent (once)',
          params: SignTokenParams,
          body: SignContractRequest,
          response: { 200: SigningOutcome },
        },
      },
      (request) => signContract(deps, request.params.token, request.body, request),
    );

    app.post(
      R.decline,
      {
        schema: {
          tags,
          summary: 'Decline the contract',
          params: SignTokenParams,
          body: DeclineContractRequest,
          response: { 200: SigningOutcome },
        },
      },
      (request) => declineContract(deps, request.params.token, request.body, request),
    );
  };
