import {
  CommissionImportRequest,
  CommissionImportStarted,
  CommissionImportStatus,
  CommissionRuns,
  CommissionStepStarted,
  PeriodBody,
  PeriodQuery,
  PostImportComplete,
  PostImportQuery,
  PostImportStarted,
  PreviewExceptions,
  PreviewExceptionsQuery,
  PreviewLines,
  PreviewLinesQuery,
  PreviewTotals,
  PreviewTotalsQuery,
  StructureLevelsBody,
  StructureLevelsComplete,
} from '@portal/domain/commissions/calculation';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AccessGuards, actorOf } from '../../platform/access.ts';
import {
  type CalcStep,
  COMMISSION_STEP_QUEUE,
  type CommissionCalcDeps,
  commissionRunsOf,
  parseSupplier,
  postImportStatus,
  runStep,
  startStep,
  structureLevelsStatus,
} from './commission-calc.service.ts';
import {
  COMMISSION_IMPORT_QUEUE,
  type CommissionImportDeps,
  commissionImportStatus,
  runCommissionImport,
  startCommissionImport,
} from './commission-import.service.ts';
import { previewExceptions, previewLines, previewTotals } from './commission-preview.service.ts';

const tags = ['commissions'];
const Id = z.coerce.number().int().positive().max(2_147_483_647);
/** One retry: a process that died mid-step left nothing (one transaction); the retry redoes it. */
const STEP_JOB_OPTIONS = {
  expireInSeconds: 30 * 60,
  retryLimit: 1,
  retryDelaySeconds: 5,
  // The Commissions screens follow the steps and imports another admin started.
  followedBy: { action: 'import', subject: 'orders' },
} as const;

/**
 * The calculation half of the commission cycle (spec 3 §4.5, §7.3; decision 031): imports,
 * post-import, structure levels, agent and leader steps (each a job) and the preview. Admins with
 * the Commissions flag, the permission of the other commission imports.
 */
export const commissionCalcRoutes =
  (deps: CommissionCalcDeps & CommissionImportDeps, guards: AccessGuards): FastifyPluginAsyncZod =>
  async (app) => {
    deps.jobs.define<{ runId: number; supplierId?: number | null }>(
      COMMISSION_STEP_QUEUE,
      (data, progress) => runStep(deps, data, progress),
      STEP_JOB_OPTIONS,
    );
    deps.jobs.define<{ importId: number }>(
      COMMISSION_IMPORT_QUEUE,
      (data, progress) => runCommissionImport(deps, data, progress),
      STEP_JOB_OPTIONS,
    );
    const preHandler = [guards.notWaiting, guards.allowed('import', 'orders')];

    /**
     * Every calculation step starts the same way whatever its verb and input: the service records
     * the run and enqueues its job, and the answer is 202 with the job to follow (the route's
     * response schema keeps the fields its path promises: post-import and structure levels answer
     * without the run id).
     */
    const stepAccepted = async (
      request: FastifyRequest,
      reply: FastifyReply,
      step: CalcStep,
      periodId: number | null,
      extra?: { supplierId: number | null },
    ) => reply.status(202).send(await startStep(deps, actorOf(request), step, periodId, extra));

    app.post(
      '/api/commissions/import-commissions',
      {
        preHandler,
        schema: {
          tags,
          summary: 'Import an uploaded Agent or Leader payout CSV (purpose commission_import) as a job',
          body: CommissionImportRequest,
          response: { 202: CommissionImportStarted },
        },
      },
      async (request, reply) =>
        reply.status(202).send(await startCommissionImport(deps, actorOf(request), request.body)),
    );

    app.get(
      '/api/commissions/imports/:id',
      {
        preHandler,
        schema: {
          tags,
          summary: 'A payout import: status, stage (preparing, uploading, processing, complete), percent and counts',
          params: z.object({ id: Id }),
          response: { 200: CommissionImportStatus },
        },
      },
      (request) => commissionImportStatus(deps.db, request.params.id),
    );

    app.get(
      '/api/commissions/agent-commissions',
      {
        preHandler,
        config: { startsWork: true },
        schema: {
          tags,
          summary: "Compute the period's agent lines (a job; rerunning gives the same lines)",
          querystring: PeriodQuery,
          response: { 202: CommissionStepStarted },
        },
      },
      (request, reply) => stepAccepted(request, reply, 'agent_commissions', request.query.period),
    );

    app.post(
      '/api/commissions/leader-commissions',
      {
        preHandler,
        schema: {
          tags,
          summary: "Compute the period's leader lines (a job; rerunning gives the same lines)",
          body: PeriodBody,
          response: { 202: CommissionStepStarted },
        },
      },
      (request, reply) => stepAccepted(request, reply, 'leader_commissions', request.body.period),
    );

    app.get(
      '/api/commissions/runs',
      {
        preHandler,
        schema: {
          tags,
          summary: 'The latest run of each calculation step',
          querystring: z.object({ period: Id.optional() }),
          response: { 200: CommissionRuns },
        },
      },
      (request) => commissionRunsOf(deps.db, request.query.period),
    );

    app.get(
      '/api/commissions/preview/lines',
      {
        preHandler,
        schema: {
          tags,
          summary: 'Every line stamping would attach (unstamped, held ones flagged), paged, with totals',
          querystring: PreviewLinesQuery,
          response: { 200: PreviewLines },
        },
      },
      (request) => previewLines(deps.db, request.query),
    );

    app.get(
      '/api/commissions/preview/exceptions',
      {
        preHandler,
        schema: {
          tags,
          summary: 'Orders the latest steps could not pay and imported rows that did not match, with reasons',
          querystring: PreviewExceptionsQuery,
          response: { 200: PreviewExceptions },
        },
      },
      (request) => previewExceptions(deps.db, request.query),
    );

    app.get(
      '/api/commissions/preview/totals',
      {
        preHandler,
        schema: {
          tags,
          summary: 'Totals per payee of the unstamped lines (largest first) and overall',
          querystring: PreviewTotalsQuery,
          response: { 200: PreviewTotals },
        },
      },
      (request) => previewTotals(deps.db, request.query),
    );

    app.get(
      '/api/imports/run-post-import',
      {
        preHandler,
        config: { startsWork: true },
        schema: {
          tags,
          summary: 'Post-import processing: attribute unmatched orders, match order products (a job)',
          querystring: PostImportQuery,
          response: { 202: PostImportStarted },
        },
      },
      (request, reply) =>
        stepAccepted(request, reply, 'post_import', null, { supplierId: parseSupplier(request.query.supplier_id) }),
    );

    app.get(
      '/api/imports/post-import-complete',
      {
        preHandler,
        schema: { tags, summary: 'Whether post-import processing has finished', response: { 200: PostImportComplete } },
      },
      () => postImportStatus(deps.db),
    );

    app.post(
      '/api/structure/update-structure-levels',
      {
        preHandler,
        schema: {
          tags,
          summary: "Refresh every dealer's structure level from the closure table (a job)",
          body: StructureLevelsBody,
          response: { 202: PostImportStarted },
        },
      },
      (request, reply) => stepAccepted(request, reply, 'structure_levels', request.body.commissions_period),
    );

    app.get(
      '/api/structure/structure-levels-update-complete',
      {
        preHandler,
        schema: {
          tags,
          summary: 'Whether the structure levels update has finished',
          response: { 200: StructureLevelsComplete },
        },
      },
      () => structureLevelsStatus(deps.db),
    );
  };
