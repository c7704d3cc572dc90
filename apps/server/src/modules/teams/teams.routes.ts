import { BulkStatusRequest, BulkStatusResult } from '@portal/domain/teams/bulk-status';
import {
  DealerDetail,
  DealerIdParams,
  DownstreamPage,
  DownstreamQuery,
  TeamListQuery,
  TeamPage,
} from '@portal/domain/teams/team-list';
import { UsersExportPage, UsersExportQuery } from '@portal/domain/teams/users-export';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDependencies } from '../../app-dependencies.ts';
import { type AccessGuards, actorOf } from '../../platform/access.ts';
import { bulkChangeStatus, dealerDetail, exportUsers, listDealers, listDownstream } from './teams.service.ts';

export const teamsRoutes =
  (deps: Pick<AppDependencies, 'db' | 'clock'>, guards: AccessGuards): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps;
    app.get(
      '/api/teams/dealers',
      {
        preHandler: guards.notWaiting,
        schema: {
          tags: ['teams'],
          summary: 'Manage Teams: everyone (admins with Users Management) or the leader’s downstream, paged',
          querystring: TeamListQuery,
          response: { 200: TeamPage },
        },
      },
      (request) => listDealers(db, actorOf(request), request.query),
    );

    app.get(
      '/api/teams/dealers/:dealerId',
      {
        preHandler: guards.notWaiting,
        schema: {
          tags: ['teams'],
          summary: 'A compact summary of a dealer in reach',
          params: DealerIdParams,
          response: { 200: DealerDetail },
        },
      },
      (request) => dealerDetail(db, actorOf(request), request.params.dealerId),
    );

    app.get(
      '/api/teams/downstream/:dealerId',
      {
        preHandler: guards.notWaiting,
        schema: {
          tags: ['teams'],
          summary: 'Everyone below a dealer in reach, paged, with search and lifecycle filter',
          params: DealerIdParams,
          querystring: DownstreamQuery,
          response: { 200: DownstreamPage },
        },
      },
      (request) => listDownstream(db, actorOf(request), request.params.dealerId, request.query),
    );

    app.post(
      '/api/teams/bulk-status',
      {
        preHandler: guards.notWaiting,
        schema: {
          tags: ['teams'],
          summary: 'Mark As Inactive / Reactivate User for up to 500 selected rows (admins)',
          body: BulkStatusRequest,
          response: { 200: BulkStatusResult },
        },
      },
      (request) => bulkChangeStatus(deps, actorOf(request), request.body, request),
    );

    app.get(
      '/api/teams/export',
      {
        preHandler: [guards.notWaiting, guards.allowed('export', 'users-export')],
        schema: {
          tags: ['teams'],
          summary: 'All users for the CSV export, 1000 a page (admins)',
          querystring: UsersExportQuery,
          response: { 200: UsersExportPage },
        },
      },
      (request) => exportUsers(db, actorOf(request), request.query, request),
    );
  };
