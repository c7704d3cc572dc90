import { NamedItem } from '@portal/domain/catalogue/catalogue';
import {
  FindOrderQuery,
  OverrideDealerList,
  OverrideDealersQuery,
  OverrideListQuery,
  OverrideOrder,
  ReallocatedOrderPage,
  ReassignOrderRequest,
  UnmatchedOrderPage,
} from '@portal/domain/orders/order-override';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { type AccessGuards, actorOf } from '../../platform/access.ts';
import {
  findOrder,
  overrideDealers,
  overrideSuppliers,
  reallocatedOrders,
  reassignOrder,
  unmatchedOrders,
} from './order-override.service.ts';

const tags = ['order-override'];

/**
 * '/order-override' (spec 3 §2.13): admins with the Reallocations flag only, and not in the waiting
 * state (an admin marked inactive or deleted reassigns no order, on a session they still hold).
 */
export const orderOverrideRoutes =
  (db: Database, guards: AccessGuards): FastifyPluginAsyncZod =>
  async (app) => {
    const preHandler = [guards.notWaiting, guards.allowed('update', 'order-override')];
    app.get(
      '/api/orders/override/suppliers',
      { preHandler, schema: { tags, summary: 'Suppliers to pick from', response: { 200: z.array(NamedItem) } } },
      () => overrideSuppliers(db),
    );
    app.get(
      '/api/orders/override/unmatched',
      {
        preHandler,
        schema: {
          tags,
          summary: "A supplier's orders of the last 60 days matched to no dealer and not reassigned",
          querystring: OverrideListQuery,
          response: { 200: UnmatchedOrderPage },
        },
      },
      (request) => unmatchedOrders(db, request.query),
    );
    app.get(
      '/api/orders/override/reallocated',
      {
        preHandler,
        schema: {
          tags,
          summary: "A supplier's orders reassigned in the last 60 days, to whom and by whom",
          querystring: OverrideListQuery,
          response: { 200: ReallocatedOrderPage },
        },
      },
      (request) => reallocatedOrders(db, request.query),
    );
    app.get(
      '/api/orders/override/find',
      {
        preHandler,
        schema: {
          tags,
          summary: 'Find Order: one order of the supplier by its number',
          querystring: FindOrderQuery,
          response: { 200: OverrideOrder },
        },
      },
      (request) => findOrder(db, request.query),
    );
    app.get(
      '/api/orders/override/dealers',
      {
        preHandler,
        schema: {
          tags,
          summary: 'Active dealers linked to the supplier, searched by name or Z-code',
          querystring: OverrideDealersQuery,
          response: { 200: OverrideDealerList },
        },
      },
      (request) => overrideDealers(db, request.query),
    );
    app.post(
      '/api/orders/override',
      {
        preHandler,
        schema: {
          tags,
          summary: 'Reassigns an order to a dealer (refused once its commission is paid)',
          body: ReassignOrderRequest,
          response: { 200: OverrideOrder },
        },
      },
      (request) => reassignOrder(db, actorOf(request), request.body, request),
    );
  };
