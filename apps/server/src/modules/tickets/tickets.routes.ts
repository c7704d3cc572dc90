import { LeadPage, MyListQuery } from '@portal/domain/orders/my-lists';
import {
  AdminTicketPage,
  AdminTicketsQuery,
  AdminTicketUpdate,
  AttachFilesRequest,
  CannedReply,
  CannedReplyForTicketParams,
  CannedReplyList,
  CannedReplyParams,
  CannedReplyRequest,
  CreateLeadRequest,
  CreateSupportTicketRequest,
  DealerTicketPage,
  DealerTicketsQuery,
  FilledCannedReply,
  KindParams,
  MessageRequest,
  TICKET_ROUTES as R,
  RatingRequest,
  SupportStatus,
  SupportStatusesQuery,
  SupportStatusList,
  SupportStatusParams,
  SupportStatusRequest,
  TicketActivity,
  TicketCreated,
  TicketDetail,
  TicketFileList,
  TicketFormOptions,
  TicketFormQuery,
  type TicketKind,
  TicketOk,
  TicketParams,
  TicketSla,
  TicketSlaRequest,
  TicketThread,
  UnreadCount,
} from '@portal/domain/tickets/tickets';
import type { FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AccessGuards } from '../../platform/access.ts';
import { actorOf, factOf } from '../../platform/access.ts';
import {
  addCannedReply,
  addSupportStatus,
  adminTickets,
  adminUnreadCount,
  cannedReplies,
  cannedReplyForTicket,
  deactivateStatus,
  deleteTicket,
  editCannedReply,
  editSupportStatus,
  markUnread,
  removeCannedReply,
  saveTicketSla,
  supportStatuses,
  ticketSla,
  updateTicketByHelpdesk,
} from './helpdesk.service.ts';
import { assertHelpdesk, type TicketDeps } from './ticket-shared.ts';
import { adminUnreadCountFact } from './tickets.queries.ts';
import {
  addTicketFiles,
  createLead,
  createSupportTicket,
  dealerTickets,
  myLeads,
  postMessage,
  rateService,
  ticketDetail,
  ticketFiles,
  ticketForm,
  ticketThread,
} from './tickets.service.ts';

const tags = ['tickets'];
const helpdeskTags = ['helpdesk'];

/**
 * The ticket engine (decision 021). Dealer routes need an active dealer; the service decides the
 * side (an admin with the kind's flag works as the helpdesk, anyone else sees only their own
 * tickets, another's being a 404). Helpdesk routes refuse admins without the kind's flag (403).
 */
export const ticketsRoutes =
  (deps: TicketDeps, guards: AccessGuards): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps;
    const dealer = guards.notWaiting;
    // The kind's flag, checked before the handler (params are validated by then); then the waiting
    // state on the actor already loaded (an admin's university status costs no query).
    const helpdesk = async (request: FastifyRequest, reply: FastifyReply) => {
      assertHelpdesk(await guards.requireActor(request), (request.params as { kind: TicketKind }).kind);
      await guards.notWaiting(request, reply);
    };
    // The badge's count is read in the actor's own statement: one round trip for the whole call.
    const helpdeskWithUnreadCount = async (request: FastifyRequest, reply: FastifyReply) => {
      const { kind } = request.params as { kind: TicketKind };
      const fact = { fact: adminUnreadCountFact, params: { kind } };
      assertHelpdesk(await guards.requireActor(request, false, fact), kind);
      await guards.notWaiting(request, reply);
    };
    // Who acts on which ticket, as a `…/:kind/:id` route names it.
    const onTicket = (request: FastifyRequest & { params: TicketParams }) =>
      [actorOf(request), request.params.kind, request.params.id] as const;
    // Every route of a side runs that side's check and is listed under its tag.
    const dealerRoute = <S extends FastifySchema>(schema: S) => ({ preHandler: dealer, schema: { tags, ...schema } });
    const helpdeskRoute = <S extends FastifySchema>(schema: S) => ({
      preHandler: helpdesk,
      schema: { tags: helpdeskTags, ...schema },
    });

    app.get(
      '/api/leads/mine',
      {
        preHandler: guards.notWaiting,
        schema: {
          tags,
          summary: 'Lead Management: the signed-in dealer’s sales-assist leads, paged, with search',
          querystring: MyListQuery,
          response: { 200: LeadPage },
        },
      },
      (request) => myLeads(db, actorOf(request), request.query),
    );

    // --- Dealer side (and the helpdesk on one ticket) ----------------------------------------
    app.get(
      R.form,
      dealerRoute({
        summary: 'Add Lead / New Ticket: the supplier’s instructions, payment types, pattern and categories',
        params: KindParams,
        querystring: TicketFormQuery,
        response: { 200: TicketFormOptions },
      }),
      (request) => ticketForm(db, actorOf(request), request.params.kind, request.query.supplierId),
    );
    app.get(
      R.list,
      dealerRoute({
        summary: 'The signed-in dealer’s own tickets of a kind for a supplier, newest first, with unread flags',
        params: KindParams,
        querystring: DealerTicketsQuery,
        response: { 200: DealerTicketPage },
      }),
      (request) => dealerTickets(deps, actorOf(request), request.params.kind, request.query),
    );
    app.post(
      R.createLead,
      dealerRoute({
        summary: 'Add Lead: a Sales Assist lead (e-mails the supplier’s sales assist contacts)',
        body: CreateLeadRequest,
        response: { 201: TicketCreated },
      }),
      async (request, reply) => reply.status(201).send(await createLead(deps, actorOf(request), request.body, request)),
    );
    app.post(
      R.createSupport,
      dealerRoute({
        summary: 'New Agent Support Ticket (e-mails the supplier’s agent support contacts)',
        body: CreateSupportTicketRequest,
        response: { 201: TicketCreated },
      }),
      async (request, reply) =>
        reply.status(201).send(await createSupportTicket(deps, actorOf(request), request.body, request)),
    );
    app.get(
      R.detail,
      dealerRoute({
        summary: 'One ticket’s Details (its owner, or the helpdesk with history and SLA)',
        params: TicketParams,
        response: { 200: TicketDetail },
      }),
      (request) => ticketDetail(deps, ...onTicket(request)),
    );
    app.get(
      R.activity,
      dealerRoute({
        summary: 'The Activity thread; marks it read for the viewer’s side (internal notes: helpdesk only)',
        params: TicketParams,
        response: { 200: TicketThread },
      }),
      (request) => ticketThread(deps, ...onTicket(request)),
    );
    app.post(
      R.activity,
      dealerRoute({
        summary: 'A message (dealer), a reply or an internal note (helpdesk); refused on a Closed ticket (409)',
        params: TicketParams,
        body: MessageRequest,
        response: { 201: TicketActivity },
      }),
      async (request, reply) =>
        reply.status(201).send(await postMessage(deps, ...onTicket(request), request.body, request)),
    );
    app.get(
      R.files,
      dealerRoute({ summary: 'The Documents tab', params: TicketParams, response: { 200: TicketFileList } }),
      (request) => ticketFiles(deps, ...onTicket(request)),
    );
    app.post(
      R.files,
      dealerRoute({
        summary: 'Attaches uploaded documents (POST /api/files, purpose ticket_document); refused when Closed (409)',
        params: TicketParams,
        body: AttachFilesRequest,
        response: { 201: TicketFileList },
      }),
      async (request, reply) =>
        reply.status(201).send(await addTicketFiles(deps, ...onTicket(request), request.body, request)),
    );
    app.post(
      R.rating,
      dealerRoute({
        summary: 'The owner rates a Closed ticket, once (1–5 stars, optional comment)',
        params: TicketParams,
        body: RatingRequest,
        response: { 200: TicketDetail },
      }),
      (request) => rateService(deps, ...onTicket(request), request.body, request),
    );

    // --- Helpdesk consoles ---------------------------------------------------------------------
    app.get(
      R.adminList,
      helpdeskRoute({
        summary: 'A console grid: filters, search, sort (time left), unread flags; needs the kind’s flag',
        params: KindParams,
        querystring: AdminTicketsQuery,
        response: { 200: AdminTicketPage },
      }),
      (request) => adminTickets(deps, actorOf(request), request.params.kind, request.query),
    );
    app.get(
      R.adminUnreadCount,
      {
        preHandler: helpdeskWithUnreadCount,
        // `{"count":n}` is always under the compression threshold (1 KiB) and a GET has no body to
        // inflate: without the compression plugin's three hooks the answer is the same, sooner
        // (decision 049).
        compress: false,
        decompress: false,
        schema: {
          tags: helpdeskTags,
          summary: 'Tickets of the kind with activity no admin has read',
          params: KindParams,
          response: { 200: UnreadCount },
        },
      },
      (request) => adminUnreadCount(deps, actorOf(request), request.params.kind, factOf(request, adminUnreadCountFact)),
    );
    app.put(
      R.adminTicket,
      helpdeskRoute({
        summary: 'The helpdesk edit: status, sub-status, feedback, supplier, lead fields (history, audit, owner told)',
        params: TicketParams,
        body: AdminTicketUpdate,
        response: { 200: TicketDetail },
      }),
      (request) => updateTicketByHelpdesk(deps, ...onTicket(request), request.body, request),
    );
    app.delete(
      R.adminTicket,
      helpdeskRoute({ summary: 'Soft delete', params: TicketParams, response: { 200: TicketOk } }),
      (request) => deleteTicket(deps, ...onTicket(request), request),
    );
    app.post(
      R.adminMarkUnread,
      helpdeskRoute({
        summary: 'Mark as Unread: the latest activity becomes unread for admins',
        params: TicketParams,
        response: { 200: TicketOk },
      }),
      (request) => markUnread(deps, ...onTicket(request), request),
    );
    app.get(
      R.adminCannedReplyFor,
      helpdeskRoute({
        summary: 'A canned reply with this ticket’s variables filled in',
        params: CannedReplyForTicketParams,
        response: { 200: FilledCannedReply },
      }),
      (request) => cannedReplyForTicket(deps, ...onTicket(request), request.params.replyId),
    );

    app.get(
      R.statuses,
      helpdeskRoute({
        summary: 'The support status reference of a kind (categories, in-progress and closed sub-statuses)',
        params: KindParams,
        querystring: SupportStatusesQuery,
        response: { 200: SupportStatusList },
      }),
      (request) => supportStatuses(db, actorOf(request), request.params.kind, request.query),
    );
    app.post(
      R.statuses,
      helpdeskRoute({
        summary: 'Adds a support status',
        params: KindParams,
        body: SupportStatusRequest,
        response: { 201: SupportStatus },
      }),
      async (request, reply) =>
        reply
          .status(201)
          .send(await addSupportStatus(db, actorOf(request), request.params.kind, request.body, request)),
    );
    app.put(
      R.status,
      helpdeskRoute({
        summary: 'Edits a support status',
        params: SupportStatusParams,
        body: SupportStatusRequest,
        response: { 200: SupportStatus },
      }),
      (request) =>
        editSupportStatus(db, actorOf(request), request.params.kind, request.params.statusId, request.body, request),
    );
    app.delete(
      R.status,
      helpdeskRoute({
        summary: 'Deactivates a support status (tickets keep it)',
        params: SupportStatusParams,
        response: { 200: SupportStatus },
      }),
      (request) => deactivateStatus(db, actorOf(request), request.params.kind, request.params.statusId, request),
    );

    app.get(
      R.cannedReplies,
      helpdeskRoute({
        summary: 'Canned replies of a kind',
        params: KindParams,
        response: { 200: CannedReplyList },
      }),
      (request) => cannedReplies(db, actorOf(request), request.params.kind),
    );
    app.post(
      R.cannedReplies,
      helpdeskRoute({
        summary: 'Adds a canned reply',
        params: KindParams,
        body: CannedReplyRequest,
        response: { 201: CannedReply },
      }),
      async (request, reply) =>
        reply.status(201).send(await addCannedReply(db, actorOf(request), request.params.kind, request.body, request)),
    );
    app.put(
      R.cannedReply,
      helpdeskRoute({
        summary: 'Edits a canned reply',
        params: CannedReplyParams,
        body: CannedReplyRequest,
        response: { 200: CannedReply },
      }),
      (request) =>
        editCannedReply(deps, actorOf(request), request.params.kind, request.params.replyId, request.body, request),
    );
    app.delete(
      R.cannedReply,
      helpdeskRoute({
        summary: 'Removes a canned reply',
        params: CannedReplyParams,
        response: { 200: TicketOk },
      }),
      (request) => removeCannedReply(db, actorOf(request), request.params.kind, request.params.replyId, request),
    );

    app.get(
      R.sla,
      helpdeskRoute({
        summary: 'First-response and resolution targets of a kind',
        params: KindParams,
        response: { 200: TicketSla },
      }),
      (request) => ticketSla(db, actorOf(request), request.params.kind),
    );
    app.put(
      R.sla,
      helpdeskRoute({
        summary: 'Sets the targets (working minutes) for tickets raised from now on',
        params: KindParams,
        body: TicketSlaRequest,
        response: { 200: TicketSla },
      }),
      (request) => saveTicketSla(db, actorOf(request), request.params.kind, request.body, request),
    );
  };
