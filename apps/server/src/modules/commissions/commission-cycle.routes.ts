import { Readable } from 'node:stream';
import {
  BankingExportRequest,
  ClosePeriodRequest,
  ClosureSummary,
  CommissionFreezeStatus,
  CommissionPeriod,
  CommissionsPeriodQuery,
  CurrentCommissionPeriod,
  CycleStepStarted,
  LineReversed,
  OpenNextPeriod,
  PeriodLines,
  PeriodLinesQuery,
  PeriodQuery,
  ReverseLineRequest,
  SalesReport,
  ToggleCommissionFreeze,
  ToggleCommissionFreezeResult,
  UserCount,
  UsersPage,
  UsersPageQuery,
} from '@portal/domain/commissions/cycle';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AccessGuards, actorOf } from '../../platform/access.ts';
import {
  bankingExport,
  CLOSE_QUEUE,
  type CommissionCycleDeps,
  closureSummary,
  currentPeriod,
  freezeStatus,
  openNextPeriod,
  periodLines,
  reverseLine,
  runClosing,
  runStamping,
  STAMP_QUEUE,
  salesReport,
  startClosing,
  startStamping,
  toggleFreeze,
} from './commission-cycle.service.ts';
import { exportCsv, userCount, usersPage } from './commission-exports.service.ts';

const tags = ['commissions'];

function sendCsv(reply: FastifyReply, file: { fileName: string; lines: AsyncIterable<string> }) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'no-store')
    .send(Readable.from(file.lines));
}

/**
 * The commission cycle's end (spec 3 §2.9, §4.5, §7.3; decision 032): admins with the Commissions
 * flag. What changes state or carries a password is a POST (the spec's GET shapes would put the
 * password in URLs and logs and let a link trigger a close).
 */
export const commissionCycleRoutes =
  (deps: CommissionCycleDeps, guards: AccessGuards): FastifyPluginAsyncZod =>
  async (app) => {
    // Stamping and closing are final-ish and cheap to repeat safely: no automatic retry (a failed
    // close is looked at, then started again).
    deps.jobs.define<{ runId: number }>(STAMP_QUEUE, (data, progress) => runStamping(deps, data, progress), {
      expireInSeconds: 30 * 60,
      followedBy: { action: 'manage', subject: 'commission-cycle' },
    });
    deps.jobs.define<{ runId: number }>(CLOSE_QUEUE, (data, progress) => runClosing(deps, data, progress), {
      expireInSeconds: 30 * 60,
      followedBy: { action: 'manage', subject: 'commission-cycle' },
    });
    const preHandler = [guards.notWaiting, guards.allowed('manage', 'commission-cycle')];
    const requestOf = (request: { id: string; ip: string }) => ({ id: request.id, ip: request.ip });

    app.get(
      '/api/commissions/commission-freeze-status',
      {
        preHandler,
        schema: { tags, summary: 'Whether the commission freeze is on', response: { 200: CommissionFreezeStatus } },
      },
      () => freezeStatus(deps.db),
    );

    app.post(
      '/api/commissions/toggle-commission-freeze',
      {
        preHandler,
        schema: {
          tags,
          summary: 'Turns the commission freeze on or off (audited)',
          body: ToggleCommissionFreeze,
          response: { 200: ToggleCommissionFreezeResult },
        },
      },
      (request) => toggleFreeze(deps.db, actorOf(request), request.body.updateFreeze, requestOf(request)),
    );

    app.get(
      '/api/commissions/current-period',
      {
        preHandler,
        schema: {
          tags,
          summary: 'The active period, the latest closed one and the lines waiting for stamping',
          response: { 200: CurrentCommissionPeriod },
        },
      },
      () => currentPeriod(deps.db),
    );

    app.post(
      '/api/commissions/periods',
      {
        preHandler,
        schema: {
          tags,
          summary: 'Opens the next period once the active one is closed',
          body: OpenNextPeriod,
          response: { 201: CommissionPeriod },
        },
      },
      async (request, reply) => reply.status(201).send(await openNextPeriod(deps.db, actorOf(request), request.body)),
    );

    app.post(
      '/api/commissions/commissions-period-stamping',
      {
        preHandler,
        schema: {
          tags,
          summary: 'Starts stamping: unstamped lines that are not held are attached to the period (a job)',
          querystring: PeriodQuery,
          response: { 202: CycleStepStarted },
        },
      },
      async (request, reply) =>
        reply.status(202).send(await startStamping(deps, actorOf(request), request.query.period)),
    );

    app.get(
      '/api/commissions/closure-summary',
      {
        preHandler,
        schema: {
          tags,
          summary: 'Agent and dealer (leader) blocks with order count and total (cents), and the total paid',
          querystring: PeriodQuery,
          response: { 200: ClosureSummary },
        },
      },
      (request) => closureSummary(deps.db, request.query.period),
    );

    app.post(
      '/api/commissions/export-banking-details',
      {
        preHandler,
        schema: {
          tags,
          summary: "The period's payout file as CSV (bank or eWallet payees); needs the password again",
          body: BankingExportRequest,
        },
      },
      async (request, reply) =>
        sendCsv(reply, await bankingExport(deps.db, actorOf(request), request.body, requestOf(request))),
    );

    app.post(
      '/api/commissions/close-commissions-period',
      {
        preHandler,
        schema: {
          tags,
          summary: 'Closes the period (final; a job); needs the password again; a second close is refused',
          querystring: PeriodQuery,
          body: ClosePeriodRequest,
          response: { 202: CycleStepStarted },
        },
      },
      async (request, reply) =>
        reply.status(202).send(await startClosing(deps, actorOf(request), request.query.period, request.body.password)),
    );

    app.get(
      '/api/commissions/period-lines',
      {
        preHandler,
        schema: {
          tags,
          summary: "A period's lines for one order number, each with the reversal that takes it back, if any",
          querystring: PeriodLinesQuery,
          response: { 200: PeriodLines },
        },
      },
      (request) => periodLines(deps.db, request.query.period, request.query.order),
    );

    app.post(
      '/api/commissions/reverse-line',
      {
        preHandler,
        schema: {
          tags,
          summary:
            'Reverses a line of a closed period: a negative line for the same payee, order and level, stamped into the open period; needs the password again',
          body: ReverseLineRequest,
          response: { 201: LineReversed },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await reverseLine(deps.db, deps.notices, actorOf(request), request.body, requestOf(request))),
    );

    app.get(
      '/api/commissions/sales-report',
      {
        preHandler,
        schema: {
          tags,
          summary: 'Orders activated in the period per supplier and product, with their commission',
          querystring: PeriodQuery,
          response: { 200: SalesReport },
        },
      },
      (request) => salesReport(deps.db, request.query.period),
    );

    // ---- Exports (spec 3 §7.3) ----

    for (const key of ['fibre-comms-report', 'fibre-leader-comms-report', 'banking-report'] as const) {
      app.get(
        `/api/commissions/${key}`,
        {
          preHandler,
          schema: { tags, summary: `The ${key} of a period as CSV, streamed`, querystring: CommissionsPeriodQuery },
        },
        async (request, reply) => sendCsv(reply, await exportCsv(deps.db, key, request.query.commissions_period)),
      );
    }
    for (const key of ['agent-tiers', 'advances', 'user-structure', 'user-contracts'] as const) {
      app.get(
        `/api/commissions/${key}`,
        { preHandler, schema: { tags, summary: `The ${key} export as CSV, streamed` } },
        async (_request, reply) => sendCsv(reply, await exportCsv(deps.db, key, undefined)),
      );
    }

    app.get(
      '/api/commissions/user-count',
      {
        preHandler,
        schema: { tags, summary: 'How many dealers the users export holds', response: { 200: UserCount } },
      },
      () => userCount(deps.db),
    );

    app.get(
      '/api/commissions/users',
      {
        preHandler,
        schema: {
          tags,
          summary: 'One page (at most 1000) of dealers for the all-users export',
          querystring: UsersPageQuery,
          response: { 200: UsersPage },
        },
      },
      (request) => usersPage(deps.db, request.query),
    );
  };
