import {
  AlertIdParams,
  AlertUserQuery,
  MarkAlertRequest,
  MineQuery,
  NewAlertRequest,
  NewAlertResult,
  OkResult,
  RecipientOptionList,
  RecipientSearchQuery,
  SegmentChoices,
  SentAlert,
  SentAlertList,
  SingleAlertQuery,
  UnreadCount,
  UpdateAlertRequest,
  UserAlert,
  UserAlertList,
} from '@portal/domain/alerts/alerts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AccessGuards, actorOf } from '../../platform/access.ts';
import {
  ALERT_COPIES_QUEUE,
  type AlertDeps,
  alertSegmentChoices,
  alertsForUser,
  createAlert,
  dismissAlertPopup,
  editAlert,
  markAlert,
  markAllRead,
  myUnreadCount,
  recipientOptions,
  sendAlertCopies,
  sentAlert,
  sentAlerts,
  singleAlert,
} from './alerts.service.ts';

const tags = ['alerts'];

export const alertsRoutes =
  (deps: AlertDeps, guards: AccessGuards): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps;
    deps.jobs.define<{ alertId: number }>(
      ALERT_COPIES_QUEUE,
      (data, progress) => sendAlertCopies(deps, data, progress),
      {
        retryLimit: 2,
        retryDelaySeconds: 30,
      },
    );

    // Spec 2 §7: the calls other clients use, with their names and shapes.
    app.get(
      '/api/alerts/user-alerts',
      {
        preHandler: guards.notWaiting,
        schema: {
          tags,
          summary: 'The active alerts a user received',
          querystring: AlertUserQuery,
          response: { 200: UserAlertList },
        },
      },
      (request) => alertsForUser(db, actorOf(request), request.query.user_id),
    );
    app.get(
      '/api/alerts/for-user',
      {
        preHandler: guards.notWaiting,
        schema: {
          tags,
          summary: 'The alerts of a user, normalised (created_at, seen, active, is_individual)',
          querystring: AlertUserQuery,
          response: { 200: UserAlertList },
        },
      },
      (request) => alertsForUser(db, actorOf(request), request.query.user_id),
    );
    app.post(
      '/api/alerts/mark-read',
      { preHandler: guards.notWaiting, schema: { tags, body: MarkAlertRequest, response: { 200: OkResult } } },
      (request) => markAlert(db, actorOf(request), request.body, true),
    );
    app.post(
      '/api/alerts/mark-unread',
      { preHandler: guards.notWaiting, schema: { tags, body: MarkAlertRequest, response: { 200: OkResult } } },
      (request) => markAlert(db, actorOf(request), request.body, false),
    );
    app.post(
      '/api/alerts/new-alert',
      {
        preHandler: [guards.notWaiting, guards.allowed('send', 'alert')],
        schema: {
          tags,
          summary: 'Creates an alert and resolves its audience; leaders: own downstream only; segments: admins',
          body: NewAlertRequest,
          response: { 200: NewAlertResult },
        },
      },
      (request) => createAlert(deps, actorOf(request), request.body, request),
    );
    app.get(
      '/api/alerts/single-alert',
      { preHandler: guards.notWaiting, schema: { tags, querystring: SingleAlertQuery, response: { 200: UserAlert } } },
      (request) => singleAlert(db, actorOf(request), request.query.user_id, request.query.id),
    );
    app.put(
      '/api/alerts/update-alert',
      {
        preHandler: [guards.notWaiting, guards.allowed('send', 'alert')],
        schema: { tags, body: UpdateAlertRequest, response: { 200: SentAlert } },
      },
      (request) => editAlert(db, actorOf(request), request.body, request),
    );

    // What the pages need beyond §7.
    app.get(
      '/api/alerts/unread-count',
      {
        preHandler: guards.notWaiting,
        schema: { tags, summary: 'The bell badge: unseen active alerts', response: { 200: UnreadCount } },
      },
      (request) => myUnreadCount(db, actorOf(request)),
    );
    app.post(
      '/api/alerts/mark-all-read',
      { preHandler: guards.notWaiting, schema: { tags, response: { 200: OkResult } } },
      (request) => markAllRead(db, actorOf(request)),
    );
    app.post(
      '/api/alerts/:id/dismiss-popup',
      { preHandler: guards.notWaiting, schema: { tags, params: AlertIdParams, response: { 200: OkResult } } },
      (request) => dismissAlertPopup(db, actorOf(request), request.params.id),
    );
    app.get(
      '/api/alerts/mine',
      {
        preHandler: [guards.notWaiting, guards.allowed('send', 'alert')],
        schema: {
          tags,
          summary: "'/alerts/view': alerts the caller created (admins: all)",
          querystring: MineQuery,
          response: { 200: SentAlertList },
        },
      },
      (request) => sentAlerts(db, actorOf(request), request.query.status),
    );
    app.get(
      '/api/alerts/:id/sent',
      {
        preHandler: [guards.notWaiting, guards.allowed('send', 'alert')],
        schema: {
          tags,
          summary: 'One sent alert for its edit form',
          params: AlertIdParams,
          response: { 200: SentAlert },
        },
      },
      (request) => sentAlert(db, actorOf(request), request.params.id),
    );
    app.get(
      '/api/alerts/recipients',
      {
        preHandler: [guards.notWaiting, guards.allowed('send', 'alert')],
        schema: {
          tags,
          summary: 'Users the caller may address (leaders: own downstream), by name, e-mail or Z-code',
          querystring: RecipientSearchQuery,
          response: { 200: RecipientOptionList },
        },
      },
      (request) => recipientOptions(db, actorOf(request), request.query.search, request.query.ids),
    );
    app.get(
      '/api/alerts/segment-choices',
      {
        preHandler: [guards.notWaiting, guards.allowed('send', 'alert-segment')],
        schema: {
          tags,
          summary: 'Product types, suppliers and structure levels for segment alerts',
          response: { 200: SegmentChoices },
        },
      },
      () => alertSegmentChoices(db),
    );
  };
