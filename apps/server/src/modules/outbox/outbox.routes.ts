import { type OutboxMessage, OutboxPage, OutboxQuery } from '@portal/domain/outbox/outbox';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import type { AccessGuards } from '../../platform/access.ts';
import { findOutboxPage } from './outbox.queries.ts';

export const outboxRoutes =
  (db: Database, guards: AccessGuards): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/outbox',
      {
        // Not in the waiting state either: the outbox transport keeps sign-in codes readable here.
        preHandler: [guards.notWaiting, guards.allowed('read', 'outbox')],
        schema: {
          tags: ['outbox'],
          summary: 'Messages the portal sent or is sending, with delivery status, newest first (admins)',
          querystring: OutboxQuery,
          response: { 200: OutboxPage },
        },
      },
      async (request) => {
        const { items, total, totalIsAtLeast } = await findOutboxPage(db, request.query);
        return {
          items: items.map((item) => ({
            ...item,
            createdAt: item.createdAt.toISOString(),
            nextAttemptAt: item.nextAttemptAt?.toISOString() ?? null,
            sentAt: item.sentAt?.toISOString() ?? null,
            channel: item.channel as OutboxMessage['channel'],
            status: item.status as OutboxMessage['status'],
          })),
          page: request.query.page,
          pageSize: request.query.pageSize,
          total,
          totalIsAtLeast,
        };
      },
    );
  };
