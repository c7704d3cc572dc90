import {
  DealChoices,
  DealChoicesQuery,
  DealProduct,
  DealProductList,
  DealProductRequest,
  DealRequest,
  DealRow,
  DealsPage,
  DealsQuery,
} from '@portal/domain/catalogue/deals';
import { RowIdParam } from '@portal/domain/platform/ids';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { type AccessGuards, actorOf } from '../../platform/access.ts';
import {
  createDeal,
  dealChoices,
  dealProducts,
  dealsPage,
  deleteDeal,
  editDeal,
  getDeal,
  removeDealProduct,
  saveDealProduct,
} from './deals.service.ts';

const tags = ['deals'];
const DealParams = z.object({ id: RowIdParam });
const DealProductParams = z.object({ id: RowIdParam, productId: RowIdParam });
const Ok = z.object({ ok: z.literal(true) });

/**
 * '/deals' (spec 3 §2.11): admins with the Deals flag only, and not in the waiting state (an admin
 * marked inactive or deleted keeps no say over the rates, on a session they still hold).
 */
export const dealsRoutes =
  (db: Database, guards: AccessGuards): FastifyPluginAsyncZod =>
  async (app) => {
    const preHandler = [guards.notWaiting, guards.allowed('manage', 'deal')];
    app.get(
      '/api/deals',
      {
        preHandler,
        schema: {
          tags,
          summary: 'A page of deals, searched by name',
          querystring: DealsQuery,
          response: { 200: DealsPage },
        },
      },
      (request) => dealsPage(db, request.query),
    );
    app.post(
      '/api/deals',
      { preHandler, schema: { tags, summary: 'Creates a deal', body: DealRequest, response: { 201: DealRow } } },
      async (request, reply) => reply.status(201).send(await createDeal(db, actorOf(request), request.body, request)),
    );
    app.get(
      '/api/deals/choices',
      {
        preHandler,
        schema: {
          tags,
          summary: "Suppliers with their product types, deal types, and a supplier's products of a type",
          querystring: DealChoicesQuery,
          response: { 200: DealChoices },
        },
      },
      (request) => dealChoices(db, request.query),
    );
    app.get(
      '/api/deals/:id',
      { preHandler, schema: { tags, params: DealParams, response: { 200: DealRow } } },
      (request) => getDeal(db, request.params.id),
    );
    app.put(
      '/api/deals/:id',
      { preHandler, schema: { tags, params: DealParams, body: DealRequest, response: { 200: DealRow } } },
      (request) => editDeal(db, actorOf(request), request.params.id, request.body, request),
    );
    app.delete(
      '/api/deals/:id',
      {
        preHandler,
        schema: { tags, summary: 'Deletes a deal (kept, marked deleted)', params: DealParams, response: { 200: Ok } },
      },
      (request) => deleteDeal(db, actorOf(request), request.params.id, request),
    );
    app.get(
      '/api/deals/:id/products',
      { preHandler, schema: { tags, params: DealParams, response: { 200: DealProductList } } },
      (request) => dealProducts(db, request.params.id),
    );
    app.put(
      '/api/deals/:id/products',
      {
        preHandler,
        schema: {
          tags,
          summary: "Adds a product of the deal's supplier with its rates, or replaces its rates",
          params: DealParams,
          body: DealProductRequest,
          response: { 200: z.object({ product: DealProduct, added: z.boolean() }) },
        },
      },
      (request) => saveDealProduct(db, actorOf(request), request.params.id, request.body, request),
    );
    app.delete(
      '/api/deals/:id/products/:productId',
      { preHandler, schema: { tags, params: DealProductParams, response: { 200: Ok } } },
      (request) => removeDealProduct(db, actorOf(request), request.params.id, request.params.productId, request),
    );
  };
