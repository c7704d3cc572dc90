import { Readable } from 'node:stream';
import {
  AgentListExportQuery,
  AgentListImportQuery,
  AgentListImportRequest,
  AgentListImportStarted,
  AgentListImportStatus,
  AgentListReport,
  AgentListReportQuery,
  AgentListSupplierOptions,
} from '@portal/domain/orders/agent-list-import';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AccessGuards, actorOf } from '../../platform/access.ts';
import {
  AGENT_LIST_IMPORT_QUEUE,
  type AgentListImportDeps,
  agentListCsv,
  agentListImportStatus,
  agentListReport,
  agentListSuppliers,
  runAgentListImport,
  startAgentListImport,
} from './agent-list-import.service.ts';
import { scheduleLeaderboardBranches } from './leaderboard-branches.job.ts';

const tags = ['imports'];
const Id = z.coerce.number().int().positive().max(2_147_483_647);

/** The Agent CSV import (spec 3 §2.1, §3.6; decision 025): admins with the Commissions flag. */
export const agentListImportRoutes =
  (deps: AgentListImportDeps, guards: AccessGuards): FastifyPluginAsyncZod =>
  async (app) => {
    deps.jobs.define<{ importId: number }>(
      AGENT_LIST_IMPORT_QUEUE,
      (data, progress) => runAgentListImport(deps, data, progress),
      { expireInSeconds: 30 * 60, followedBy: { action: 'import', subject: 'orders' } },
    );
    // Imports of people grow branches; the nightly job lists the large ones (decision 037).
    scheduleLeaderboardBranches(deps);
    const preHandler = [guards.notWaiting, guards.allowed('import', 'orders')];

    app.get(
      '/api/imports/sadv-agents/suppliers',
      {
        preHandler,
        schema: {
          tags,
          summary: 'The suppliers an agent list can be imported for',
          response: { 200: AgentListSupplierOptions },
        },
      },
      () => agentListSuppliers(deps.db),
    );

    app.post(
      '/api/imports/sadv-agents',
      {
        preHandler,
        schema: {
          tags,
          summary: "Start importing an uploaded supplier's agent list CSV (purpose sadv_agents)",
          body: AgentListImportRequest,
          response: { 202: AgentListImportStarted },
        },
      },
      async (request, reply) =>
        reply.status(202).send(await startAgentListImport(deps, actorOf(request), request.body)),
    );

    app.get(
      '/api/imports/sadv-agents/:id',
      {
        preHandler,
        schema: {
          tags,
          summary: 'An agent list import: status, stage, counts and a page of its rejected rows (line, reason)',
          params: z.object({ id: Id }),
          querystring: AgentListImportQuery,
          response: { 200: AgentListImportStatus },
        },
      },
      (request) => agentListImportStatus(deps.db, request.params.id, request.query),
    );

    app.get(
      '/api/imports/sadv-agents/suppliers/:supplierId/report',
      {
        preHandler,
        schema: {
          tags,
          summary: "A supplier's stored agent list: matched, unmatched, and our linked dealers missing from it",
          params: z.object({ supplierId: Id }),
          querystring: AgentListReportQuery,
          response: { 200: AgentListReport },
        },
      },
      (request) => agentListReport(deps.db, request.params.supplierId, request.query),
    );

    app.get(
      '/api/imports/sadv-agents/suppliers/:supplierId/export',
      {
        preHandler,
        schema: {
          tags,
          summary: "One list of a supplier's agent list report as CSV, streamed",
          params: z.object({ supplierId: Id }),
          querystring: AgentListExportQuery,
        },
      },
      async (request, reply) => {
        const { fileName, lines } = await agentListCsv(deps.db, request.params.supplierId, request.query.view);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .header('cache-control', 'no-store')
          .send(Readable.from(lines));
      },
    );
  };
