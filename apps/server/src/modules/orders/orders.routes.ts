import { Readable } from 'node:stream';
import { Leaderboard, LeaderboardQuery, LeaderboardSuppliers } from '@portal/domain/orders/leaderboard';
import { ActiveOrderPage, MyListQuery } from '@portal/domain/orders/my-lists';
import {
  AGENT_REPORT_FILE,
  OrderReport,
  OrderReportExportQuery,
  type OrderReportFilter,
  OrderReportQuery,
  ReportAgents,
  ReportAgentsQuery,
} from '@portal/domain/orders/order-report';
import { StructureReport, StructureReportQuery } from '@portal/domain/orders/structure-report';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import { type AccessGuards, actorOf, factOf } from '../../platform/access.ts';
import { leaderboard, rankedSuppliers } from './leaderboard.service.ts';
import { myActiveOrders } from './my-lists.service.ts';
import { orderOverrideRoutes } from './order-override.routes.ts';
import {
  orderReport,
  orderReportChecksFact,
  orderReportChecksOf,
  orderReportChecksParams,
  orderReportCsv,
  reportAgents,
} from './order-report.service.ts';
import { salesNotesRoutes } from './sales-notes.routes.ts';
import { structureReport } from './structure-report.service.ts';

export const ordersRoutes =
  (db: Database, guards: AccessGuards): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(orderOverrideRoutes(db, guards));
    await app.register(salesNotesRoutes(db, guards));
    // The order report's reach and supplier checks are read in the actor's statement (decision
    // 048); the service judges them after the guards, before it reads any order.
    const reportChecks = guards.notWaitingWith((request) => ({
      fact: orderReportChecksFact,
      params: orderReportChecksParams(request.query as OrderReportFilter),
    }));
    const checksOf = (request: FastifyRequest) => orderReportChecksOf(factOf(request, orderReportChecksFact));
    app.get(
      '/api/leaderboard',
      {
        preHandler: [guards.notWaiting, guards.allowed('read', 'leaderboard')],
        schema: {
          tags: ['orders'],
          summary: 'Dealers ranked by orders paid in a month, for one supplier or all (overall or own structure)',
          querystring: LeaderboardQuery,
          response: { 200: Leaderboard },
        },
      },
      (request) => leaderboard(db, actorOf(request), request.query),
    );

    app.get(
      '/api/leaderboard/suppliers',
      {
        preHandler: [guards.notWaiting, guards.allowed('read', 'leaderboard')],
        schema: {
          tags: ['orders'],
          summary: 'The suppliers the leaderboard can be filtered by',
          response: { 200: LeaderboardSuppliers },
        },
      },
      () => rankedSuppliers(db),
    );

    app.get(
      '/api/orders/structure',
      {
        preHandler: [guards.notWaiting, guards.allowed('read', 'structure-report')],
        schema: {
          tags: ['orders'],
          summary: 'Structure report: a dealer and their direct children, each with subtree totals in a date range',
          querystring: StructureReportQuery,
          response: { 200: StructureReport },
        },
      },
      (request) => structureReport(db, actorOf(request), request.query),
    );

    app.get(
      '/api/orders/active',
      {
        preHandler: guards.notWaiting,
        schema: {
          tags: ['orders'],
          summary: 'Active Orders: the signed-in dealer’s orders not yet activated, paged, with search',
          querystring: MyListQuery,
          response: { 200: ActiveOrderPage },
        },
      },
      (request) => myActiveOrders(db, actorOf(request), request.query),
    );

    app.get(
      '/api/orders/report',
      {
        preHandler: [reportChecks, guards.allowed('read', 'order-report')],
        schema: {
          tags: ['orders'],
          summary: "A dealer's orders at a supplier by report type, 50 a page, with the range's tiles",
          querystring: OrderReportQuery,
          response: { 200: OrderReport },
        },
      },
      (request) => orderReport(db, actorOf(request), request.query, checksOf(request)),
    );

    app.get(
      '/api/orders/report/export',
      {
        preHandler: [reportChecks, guards.allowed('read', 'order-report')],
        schema: {
          tags: ['orders'],
          summary: "The whole report as the 'Agent Report' CSV file, streamed",
          querystring: OrderReportExportQuery,
        },
      },
      async (request, reply) => {
        const lines = await orderReportCsv(db, actorOf(request), request.query, checksOf(request));
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${AGENT_REPORT_FILE}"`)
          .header('cache-control', 'no-store')
          .send(Readable.from(lines));
      },
    );

    app.get(
      '/api/orders/report/agents',
      {
        preHandler: [guards.notWaiting, guards.allowed('list', 'order-report')],
        schema: {
          tags: ['orders'],
          summary: "'Select Downstream Agent': the viewer's downstream dealers linked to the supplier",
          querystring: ReportAgentsQuery,
          response: { 200: ReportAgents },
        },
      },
      (request) => reportAgents(db, actorOf(request), request.query),
    );
  };
