import {
  CreateSalesNoteRequest,
  SalesNote,
  SalesNotePage,
  SalesNoteRequest,
  SalesNoteSupplierList,
  SalesNotesQuery,
} from '@portal/domain/orders/sales-notes';
import { RowIdParam } from '@portal/domain/platform/ids';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { type AccessGuards, actorOf } from '../../platform/access.ts';
import { allNotes, deleteNote, editNote, logSale, myNotes, salesNoteSuppliers } from './sales-notes.service.ts';

const tags = ['sales-notes'];
const NoteParams = z.object({ id: RowIdParam });
const Ok = z.object({ ok: z.literal(true) });

/** Sales notes: the dealer's own (the supplier page's tab) and every dealer's for admins ('/edit-sales-note'). */
export const salesNotesRoutes =
  (db: Database, guards: AccessGuards): FastifyPluginAsyncZod =>
  async (app) => {
    const own = [guards.notWaiting, guards.allowed('manage', 'sales-note')];
    const admin = [guards.notWaiting, guards.allowed('list', 'sales-note')];
    app.get(
      '/api/sales-notes',
      {
        preHandler: own,
        schema: {
          tags,
          summary: "Logged Sales: the signed-in dealer's notes for a supplier, newest first",
          querystring: SalesNotesQuery,
          response: { 200: SalesNotePage },
        },
      },
      (request) => myNotes(db, actorOf(request), request.query),
    );
    app.post(
      '/api/sales-notes',
      {
        preHandler: own,
        schema: { tags, summary: 'Logs a sale', body: CreateSalesNoteRequest, response: { 201: SalesNote } },
      },
      async (request, reply) => reply.status(201).send(await logSale(db, actorOf(request), request.body, request)),
    );
    app.put(
      '/api/sales-notes/:id',
      {
        preHandler: own,
        schema: {
          tags,
          summary: 'Edits a note (its owner, or an admin)',
          params: NoteParams,
          body: SalesNoteRequest,
          response: { 200: SalesNote },
        },
      },
      (request) => editNote(db, actorOf(request), request.params.id, request.body, request),
    );
    app.delete(
      '/api/sales-notes/:id',
      {
        preHandler: own,
        schema: { tags, summary: 'Removes a note (its owner, or an admin)', params: NoteParams, response: { 200: Ok } },
      },
      (request) => deleteNote(db, actorOf(request), request.params.id, request),
    );
    app.get(
      '/api/sales-notes/all',
      {
        preHandler: admin,
        schema: {
          tags,
          summary: "Every dealer's notes for a supplier (Edit Sales Note)",
          querystring: SalesNotesQuery,
          response: { 200: SalesNotePage },
        },
      },
      (request) => allNotes(db, request.query),
    );
    app.get(
      '/api/sales-notes/suppliers',
      {
        preHandler: admin,
        schema: { tags, summary: 'Suppliers that take sales notes', response: { 200: SalesNoteSupplierList } },
      },
      () => salesNoteSuppliers(db),
    );
  };
