import { DashboardSuppliers, SupplierPage, SupplierParams } from '@portal/domain/suppliers/supplier-page';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import { type AccessGuards, actorOf } from '../../platform/access.ts';
import { dashboardSupplierCards, openSupplier } from '../catalogue/catalogue.service.ts';

// The supplier dashboards (spec 2 "Dashboard", "Supplier page"): the cards on '/' and the
// supplier page's header and tabs. Suppliers are read through the catalogue's service.

export const suppliersRoutes =
  (db: Database, guards: AccessGuards): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/dashboard/suppliers',
      {
        preHandler: [guards.notWaiting],
        schema: {
          tags: ['suppliers'],
          summary: "The dashboard's supplier cards: hidden ones left out, the viewer's own registered",
          response: { 200: DashboardSuppliers },
        },
      },
      async (request) => {
        const { user } = actorOf(request);
        return { suppliers: await dashboardSupplierCards(db, { id: user.id, isAdmin: user.isAdmin }) };
      },
    );

    app.get(
      '/api/suppliers/:supplierId',
      {
        preHandler: [guards.notWaiting],
        schema: {
          tags: ['suppliers'],
          summary: 'A supplier page the viewer may open (403 hidden or not registered, 404 unknown)',
          params: SupplierParams,
          response: { 200: SupplierPage },
        },
      },
      (request) => {
        const { user } = actorOf(request);
        return openSupplier(db, { id: user.id, isAdmin: user.isAdmin }, request.params.supplierId);
      },
    );
  };
