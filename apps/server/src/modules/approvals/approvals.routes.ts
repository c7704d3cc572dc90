import {
  ApprovalActionResult,
  ApprovalDetail,
  ApprovalListQuery,
  ApprovalPage,
  DeclineRequest,
  MyRequestsPage,
  MyRequestsQuery,
  ResubmitRequest,
} from '@portal/domain/approvals/approvals';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AccessGuards, actorOf } from '../../platform/access.ts';
import {
  type ApprovalsDeps,
  approve,
  decline,
  deleteRequest,
  getApproval,
  listApprovals,
  myRequests,
  resubmit,
} from './approvals.service.ts';

const IdParams = z.object({ id: z.coerce.number().int().positive('Invalid user ID') });

/**
 * Approvals (spec 1 §2.11a, §4; spec 3 §2.8, §4.6). Deciding is for admins; a submitter reads and
 * resubmits their own requests. Nobody in the waiting state gets here (spec 1 §2.2).
 */
export const approvalsRoutes =
  (deps: ApprovalsDeps, guards: AccessGuards): FastifyPluginAsyncZod =>
  async (app) => {
    const adminOnly = [guards.allowed('decide', 'approval'), guards.notWaiting];
    const anyone = [guards.signedIn, guards.notWaiting];
    // 'Your Pending Requests' belongs to those who submit people (leaders, people admins).
    const submitters = [guards.allowed('create', 'user'), guards.notWaiting];

    app.get(
      '/api/approvals',
      {
        preHandler: adminOnly,
        schema: {
          tags: ['approvals'],
          summary:
            'Users awaiting a decision (status 1) or declined (5): both verified, with a submitter; newest first',
          querystring: ApprovalListQuery,
          response: { 200: ApprovalPage },
        },
      },
      (request) => listApprovals(deps.db, request.query),
    );

    app.get(
      '/api/approvals/mine',
      {
        preHandler: submitters,
        schema: {
          tags: ['approvals'],
          summary: "'Your Pending Requests': the users the caller submitted (Pending, Approved, Declined)",
          querystring: MyRequestsQuery,
          response: { 200: MyRequestsPage },
        },
      },
      (request) => myRequests(deps.db, actorOf(request), request.query),
    );

    app.get(
      '/api/approvals/:id',
      {
        preHandler: anyone,
        schema: {
          tags: ['approvals'],
          summary: 'One request (admins, or its submitter)',
          params: IdParams,
          response: { 200: ApprovalDetail },
        },
      },
      (request) => getApproval(deps.db, actorOf(request), request.params.id),
    );

    app.post(
      '/api/approvals/:id/approve',
      {
        preHandler: adminOnly,
        schema: {
          tags: ['approvals'],
          summary:
            "Approve (status 2) and e-mail the dealer and their parent; the status stands when e-mail fails ('Failed to send approval email')",
          params: IdParams,
          response: { 200: ApprovalActionResult },
        },
      },
      (request) => approve(deps, actorOf(request), request.params.id, request),
    );

    app.post(
      '/api/approvals/:id/decline',
      {
        preHandler: adminOnly,
        schema: {
          tags: ['approvals'],
          summary: 'Decline a pending request (status 5) with a reason',
          params: IdParams,
          body: DeclineRequest,
          response: { 200: ApprovalActionResult },
        },
      },
      (request) => decline(deps, actorOf(request), request.params.id, request.body.reason, request),
    );

    app.post(
      '/api/approvals/:id/delete',
      {
        preHandler: adminOnly,
        schema: {
          tags: ['approvals'],
          summary: 'Delete a pending or declined request (status 4)',
          params: IdParams,
          response: { 200: ApprovalActionResult },
        },
      },
      (request) => deleteRequest(deps, actorOf(request), request.params.id, request),
    );

    app.put(
      '/api/approvals/:id/resubmit',
      {
        preHandler: anyone,
        schema: {
          tags: ['approvals'],
          summary: 'The submitter edits a declined request and sends it again (status 1, resubmit date)',
          params: IdParams,
          body: ResubmitRequest,
          response: { 200: ApprovalActionResult },
        },
      },
      (request) => resubmit(deps, actorOf(request), request.params.id, request.body, request),
    );
  };
