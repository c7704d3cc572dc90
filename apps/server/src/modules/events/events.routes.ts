import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AccessGuards, actorOf } from '../../platform/access.ts';
import type { EventHub, PortalEvent } from '../../platform/events.ts';

/** A comment line this often keeps proxies from closing an idle stream. */
export const HEARTBEAT_MS = 25_000;
/** A stream is closed after this long; the browser's EventSource reconnects (and signs in again). */
const MAX_STREAM_MS = 60 * 60_000;
/** Sent by a trigger on auth_session (migration 0007) when a session is deleted. */
export const SESSION_ENDED = 'session.ended';
/** Sent by triggers on users_master and users_access_index (migration 0005). */
const USER_CHANGED = 'user.changed';
/** A client this far behind is dropped rather than buffered without end. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

/**
 * GET /api/events: Server-Sent Events for the signed-in user. Each message is one JSON object
 * `{ type, channel, data }` (default event name, so `EventSource.onmessage` sees them all):
 * `user.changed` on `user.{id}`, `job.progress` on `job.{id}` for jobs they started, anything on
 * `all`, `events.resync` after the server lost its feed (refetch what is shown), and
 * `session.ended` just before the stream closes because its session ended (signed out elsewhere).
 * An admin's stream also ends right after its own `user.changed`: its flags pick the channels.
 */
export const eventsRoutes =
  (events: EventHub, guards: AccessGuards): FastifyPluginAsyncZod =>
  async (app) => {
    const open = new Set<() => void>();
    // Streams never end by themselves: end them so the server can close.
    app.addHook('preClose', async () => {
      for (const close of [...open]) close();
    });

    app.get(
      '/api/events',
      {
        preHandler: guards.signedIn,
        schema: {
          tags: ['events'],
          summary: 'Server-Sent Events for the signed-in user (text/event-stream of { type, channel, data })',
        },
      },
      async (request, reply) => {
        const actor = actorOf(request);
        // An admin's flags open the consoles' channels only where the consoles would answer them:
        // an admin in the waiting state (unverified) is refused there, so hears nothing of them.
        const consoles = actor.user.isAdmin && !(await guards.waitingOf(actor)).isWaiting ? actor.features : [];
        reply.hijack();
        const res = reply.raw;
        res.writeHead(200, {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-cache, no-transform',
          connection: 'keep-alive',
          'x-accel-buffering': 'no',
          'x-content-type-options': 'nosniff',
          'x-request-id': request.id,
        });
        res.write('retry: 5000\n: connected\n\n');

        let closed = false;
        const write = (chunk: string) => {
          if (closed) return;
          res.write(chunk);
          if (res.writableLength > MAX_BUFFERED_BYTES) close();
        };
        const send = (event: PortalEvent) => {
          // Sign-out, a password change, or an expiry ended a session of this user: only the
          // stream of that very session hears it, and then ends (the browser's reconnect gets 401).
          if (event.type === SESSION_ENDED) {
            if (event.data.sessionId !== actor.sessionId) return;
            write(`data: ${JSON.stringify({ type: event.type, channel: event.channel, data: {} })}\n\n`);
            close();
            return;
          }
          write(`data: ${JSON.stringify({ type: event.type, channel: event.channel, data: event.data })}\n\n`);
          // An admin's flags chose the consoles' channels this stream hears, once, when it opened.
          // Their own row or flags changed (a flag taken away): end the stream after telling them,
          // so the browser's reconnect subscribes with the flags as they are now, not in an hour.
          if (event.type === USER_CHANGED && actor.user.isAdmin && event.channel === `user.${actor.user.id}`) close();
        };
        // An admin's flags open the helpdesk consoles' channels (tickets.{kind}); a dealer has none.
        const unsubscribe = events.subscribe(actor.user.id, send, consoles);
        const heartbeat = setInterval(() => write(': heartbeat\n\n'), HEARTBEAT_MS);
        // Never past its session's end: the reconnect is then admitted again or refused (401).
        const maxAge = setTimeout(
          () => close(),
          Math.max(0, Math.min(MAX_STREAM_MS, actor.sessionLeftMs ?? MAX_STREAM_MS)),
        );
        function close() {
          if (closed) return;
          closed = true;
          clearInterval(heartbeat);
          clearTimeout(maxAge);
          unsubscribe();
          open.delete(close);
          if (!res.writableEnded) res.end();
        }
        open.add(close);
        // The response's close (not the request's: that fires once the request body is read).
        res.on('close', close);
        res.on('error', close);
      },
    );
  };
