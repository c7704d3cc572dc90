import { EditUserCheckRequest, EditUserCheckResponse, EditUserRequest } from '@portal/domain/people/edit-user';
import {
  ActionResult,
  ChangeManagerRequest,
  ChangeUserPasswordRequest,
  ChangeUserTypeRequest,
  EligibleManagersQuery,
  EligibleManagersResponse,
  LinkOptions,
  UpdateUserFlagsRequest,
  UpdateUserLinksRequest,
  UserStatusRequest,
} from '@portal/domain/people/manage-user';
import { RevealedSecrets, UserDetailResponse, UserIdParams } from '@portal/domain/people/user-detail';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AccessGuards, actorOf } from '../../platform/access.ts';
import {
  changeManager,
  changeUserPassword,
  changeUserStatus,
  changeUserType,
  checkEditUser,
  editUser,
  getEligibleManagers,
  getLinkOptions,
  getUserDetail,
  type PeopleDeps,
  revealSecrets,
  updateUserFlags,
  updateUserLinks,
} from './people.service.ts';

const tags = ['people'];

/**
 * User detail and the manage-user screen (spec 1 §2.10, §2.11). Reach and role rules live in the
 * service; waiting users may read only their own detail.
 */
export const peopleRoutes =
  (deps: PeopleDeps, guards: AccessGuards): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps;
    const write = { preHandler: guards.notWaiting };

    app.get(
      '/api/people/:id',
      {
        preHandler: guards.signedIn,
        schema: {
          tags,
          summary: 'A user with banking (admins and self), parent, links, university and verification status',
          params: UserIdParams,
          response: { 200: UserDetailResponse },
        },
      },
      async (request, reply) => {
        const actor = actorOf(request);
        if (request.params.id !== actor.user.id) await guards.notWaiting(request, reply);
        return { user: await getUserDetail(db, actor, request.params.id) };
      },
    );

    app.put(
      '/api/people/:id',
      {
        ...write,
        schema: {
          tags,
          summary:
            'Edit User: personal and address (admins, leaders within reach); phone, e-mail, identity, documents, banking (admins)',
          params: UserIdParams,
          body: EditUserRequest,
          response: { 200: ActionResult },
        },
      },
      (request) => editUser(deps, actorOf(request), request.params.id, request.body, request),
    );

    app.post(
      '/api/people/:id/reveal',
      {
        ...write,
        schema: {
          tags,
          summary: 'The full ID and bank account numbers (admins with Users Management and Commissions; audited)',
          params: UserIdParams,
          response: { 200: RevealedSecrets },
        },
      },
      (request) => revealSecrets(db, actorOf(request), request.params.id, request),
    );

    app.post(
      '/api/people/:id/edit-user/check',
      {
        ...write,
        schema: {
          tags,
          summary: 'Duplicate checks of the Edit User dialog (ID number, phone, e-mail), skipped when unchanged',
          params: UserIdParams,
          body: EditUserCheckRequest,
          response: { 200: EditUserCheckResponse },
        },
      },
      (request) => checkEditUser(db, actorOf(request), request.params.id, request.body),
    );

    app.put(
      '/api/people/:id/password',
      {
        ...write,
        schema: {
          tags,
          summary: "Set a user's password (admins; at least 6 characters); ends the user's sessions",
          params: UserIdParams,
          body: ChangeUserPasswordRequest,
          response: { 200: ActionResult },
        },
      },
      (request) => changeUserPassword(deps, actorOf(request), request.params.id, request.body, request),
    );

    app.get(
      '/api/people/:id/eligible-managers',
      {
        ...write,
        schema: {
          tags,
          summary: 'Leaders who may become the manager: not the user, not in their downstream, not deleted (admins)',
          params: UserIdParams,
          querystring: EligibleManagersQuery,
          response: { 200: EligibleManagersResponse },
        },
      },
      (request) => getEligibleManagers(db, actorOf(request), request.params.id, request.query),
    );

    app.put(
      '/api/people/:id/manager',
      {
        ...write,
        schema: {
          tags,
          summary: 'Change manager (admins); without children, they first go to the former parent',
          params: UserIdParams,
          body: ChangeManagerRequest,
          response: { 200: ActionResult },
        },
      },
      (request) => changeManager(deps, actorOf(request), request.params.id, request.body, request),
    );

    app.get(
      '/api/people/:id/link-options',
      {
        ...write,
        schema: {
          tags,
          summary: 'Product types, suppliers (with their product types) and, for admins, deals to choose from',
          params: UserIdParams,
          response: { 200: LinkOptions },
        },
      },
      (request) => getLinkOptions(db, actorOf(request), request.params.id),
    );

    app.put(
      '/api/people/:id/links',
      {
        ...write,
        schema: {
          tags,
          summary: 'Suppliers and product types (leaders within reach, admins) and deals (admins)',
          params: UserIdParams,
          body: UpdateUserLinksRequest,
          response: { 200: ActionResult },
        },
      },
      (request) => updateUserLinks(db, actorOf(request), request.params.id, request.body, request),
    );

    app.put(
      '/api/people/:id/user-type',
      {
        ...write,
        schema: {
          tags,
          summary: 'Change User Type (admins)',
          params: UserIdParams,
          body: ChangeUserTypeRequest,
          response: { 200: ActionResult },
        },
      },
      (request) => changeUserType(db, actorOf(request), request.params.id, request.body, request),
    );

    app.post(
      '/api/people/:id/status',
      {
        ...write,
        schema: {
          tags,
          summary: 'Mark As Inactive (2 → 3), Reactivate User (3 → 2), Delete (→ 4) (admins)',
          params: UserIdParams,
          body: UserStatusRequest,
          response: { 200: ActionResult },
        },
      },
      (request) => changeUserStatus(deps, actorOf(request), request.params.id, request.body, request),
    );

    app.put(
      '/api/people/:id/flags',
      {
        ...write,
        schema: {
          tags,
          summary: 'Trainer, Growth Leader and Block Trainer Status (admins); leaders may only switch Trainer on',
          params: UserIdParams,
          body: UpdateUserFlagsRequest,
          response: { 200: ActionResult },
        },
      },
      (request) => updateUserFlags(deps, actorOf(request), request.params.id, request.body, request),
    );
  };
