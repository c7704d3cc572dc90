import {
  CreateLinkRequest,
  LinkAddress,
  LinkRequest,
  LinksQuery,
  SupplierLink,
  SupplierLinkPage,
} from '@portal/domain/links/supplier-links';
import { RowIdParam } from '@portal/domain/platform/ids';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { type AccessGuards, actorOf } from '../../platform/access.ts';
import { addLink, deleteLink, editLink, linkAddressFor, openLink, supplierLinks } from './links.service.ts';

const tags = ['supplier-links'];
const LinkParams = z.object({ id: RowIdParam });
const Ok = z.object({ ok: z.literal(true) });
/** Opening takes nothing from the browser: the dealer is the signed-in one. */
const NoBody = z.strictObject({}).nullish();

/** The supplier page's Links tab: everyone who may open the supplier reads and opens; admins manage. */
export const linksRoutes =
  (db: Database, guards: AccessGuards): FastifyPluginAsyncZod =>
  async (app) => {
    const viewer = [guards.notWaiting];
    const admin = [guards.notWaiting, guards.allowed('manage', 'supplier-link')];
    app.get(
      '/api/supplier-links',
      {
        preHandler: viewer,
        schema: {
          tags,
          summary: "A supplier's active links, paged and searched by name (403/404 as the supplier page)",
          querystring: LinksQuery,
          response: { 200: SupplierLinkPage },
        },
      },
      (request) => supplierLinks(db, actorOf(request), request.query),
    );
    app.post(
      '/api/supplier-links',
      {
        preHandler: admin,
        schema: { tags, summary: 'Adds a link (admins)', body: CreateLinkRequest, response: { 201: SupplierLink } },
      },
      async (request, reply) => reply.status(201).send(await addLink(db, actorOf(request), request.body, request)),
    );
    app.put(
      '/api/supplier-links/:id',
      {
        preHandler: admin,
        schema: {
          tags,
          summary: "Edits a link's name, address and parameters (admins)",
          params: LinkParams,
          body: LinkRequest,
          response: { 200: SupplierLink },
        },
      },
      (request) => editLink(db, actorOf(request), request.params.id, request.body, request),
    );
    app.delete(
      '/api/supplier-links/:id',
      {
        preHandler: admin,
        schema: { tags, summary: 'Deletes a link (soft; admins)', params: LinkParams, response: { 200: Ok } },
      },
      (request) => deleteLink(db, actorOf(request), request.params.id, request),
    );
    app.get(
      '/api/supplier-links/:id/address',
      {
        preHandler: viewer,
        schema: {
          tags,
          summary: 'The link built for the signed-in dealer, to share (no click counted)',
          params: LinkParams,
          response: { 200: LinkAddress },
        },
      },
      (request) => linkAddressFor(db, actorOf(request), request.params.id),
    );
    app.post(
      '/api/supplier-links/:id/open',
      {
        preHandler: viewer,
        schema: {
          tags,
          summary: 'Opens a link: counts the click and returns the address built for the signed-in dealer',
          params: LinkParams,
          body: NoBody,
          response: { 200: LinkAddress },
        },
      },
      (request) => openLink(db, actorOf(request), request.params.id),
    );
  };
