import pg from 'pg';
import type { Executor } from '../db/client.ts';
import { listenOn, notifyChannel, pingConnection } from './events.queries.ts';

// Realtime: services publish small events with pg_notify (sent by PostgreSQL on commit, dropped on
// rollback); every server process keeps one LISTEN connection and hands what arrives to the
// Server-Sent Events streams it holds, so several instances stay in step without a broker.

/** The PostgreSQL channel carrying every portal event as JSON. */
export const EVENTS_CHANNEL = 'portal_events';
/** Sent by triggers (migration 0005) with a users_master id whenever that user's row or flags change. */
export const USER_CHANGED_CHANNEL = 'user_changed';

/** What a browser receives: `{ type, channel, data }`; data holds ids, never whole rows. */
export interface PortalEvent {
  /** `all`, `user.{id}`, `alert.{userId}` or `job.{id}`. */
  channel: string;
  type: string;
  data: Record<string, unknown>;
}

/** An event on the wire, with whom it is for when the channel does not say so itself. */
export interface EventEnvelope extends PortalEvent {
  /** The one user a `job.{id}` (or other non-personal) event is for. */
  userId?: number;
  /** For admins holding this feature flag (a helpdesk console's channel, `tickets.{kind}`). */
  feature?: string;
}

export interface PublishPayload {
  type: string;
  data?: Record<string, unknown>;
  /** Required for channels that do not name a user (`job.{id}`): who may see the event. */
  userId?: number | null;
  /** For channels read by admins holding a flag (`tickets.{kind}`): the flag. */
  feature?: string;
}

const CHANNEL = /^(all|[a-z]+\.[A-Za-z0-9_-]{1,64})$/;
/** pg_notify refuses payloads of 8000 bytes or more. */
const MAX_PAYLOAD_BYTES = 7900;

/**
 * Publishes an event. Given a transaction it is delivered only if and when that transaction commits,
 * so a page never hears of a change it then cannot read.
 */
export async function publish(executor: Executor, channel: string, payload: PublishPayload): Promise<void> {
  if (!CHANNEL.test(channel)) throw new Error(`invalid event channel: ${channel}`);
  const envelope: EventEnvelope = { channel, type: payload.type, data: payload.data ?? {} };
  if (payload.userId !== undefined && payload.userId !== null) envelope.userId = payload.userId;
  if (payload.feature) envelope.feature = payload.feature;
  const text = JSON.stringify(envelope);
  if (Buffer.byteLength(text) > MAX_PAYLOAD_BYTES) {
    throw new Error(`event ${payload.type} on ${channel} is too large; send ids, not rows`);
  }
  await notifyChannel(executor, EVENTS_CHANNEL, text);
}

/** Who an event is for: everyone, one user id, or nobody (a malformed or unaddressed event). */
export function audienceOf(envelope: Pick<EventEnvelope, 'channel' | 'userId'>): 'all' | number | null {
  if (envelope.channel === 'all') return 'all';
  if (typeof envelope.userId === 'number') return envelope.userId;
  const personal = /^(user|alert)\.(\d+)$/.exec(envelope.channel);
  return personal ? Number(personal[2]) : null;
}

export function isAddressedTo(envelope: Pick<EventEnvelope, 'channel' | 'userId'>, userId: number): boolean {
  const audience = audienceOf(envelope);
  return audience === 'all' || audience === userId;
}

/** Turns a raw notification into an envelope; undefined for anything malformed. */
export function parseNotification(channel: string, payload: string | undefined): EventEnvelope | undefined {
  if (channel === USER_CHANGED_CHANNEL) {
    const id = Number(payload);
    if (!Number.isSafeInteger(id) || id <= 0) return undefined;
    return { channel: `user.${id}`, type: 'user.changed', data: { userId: id } };
  }
  if (channel !== EVENTS_CHANNEL || !payload) return undefined;
  try {
    const parsed = JSON.parse(payload) as Partial<EventEnvelope>;
    if (typeof parsed.channel !== 'string' || typeof parsed.type !== 'string') return undefined;
    const envelope: EventEnvelope = {
      channel: parsed.channel,
      type: parsed.type,
      data: parsed.data && typeof parsed.data === 'object' ? parsed.data : {},
    };
    if (typeof parsed.userId === 'number') envelope.userId = parsed.userId;
    if (typeof parsed.feature === 'string') envelope.feature = parsed.feature;
    return envelope;
  } catch {
    return undefined;
  }
}

export type EventListener = (event: PortalEvent) => void;

export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export const silentLogger: Logger = { info() {}, warn() {}, error() {} };

export interface EventHub {
  /** Same as the module's `publish`, for callers holding the hub. */
  publish: typeof publish;
  /**
   * Listens for everything addressed to one user, and to the admin flags in `features` (an admin's
   * own flags, for the helpdesk consoles' channels); returns the unsubscribe function.
   */
  subscribe(userId: number, listener: EventListener, features?: readonly string[]): () => void;
  /** Opens the LISTEN connection; resolves once listening. */
  start(): Promise<void>;
  stop(): Promise<void>;
  readonly isListening: boolean;
  /** Open subscriptions in this process (for health and tests). */
  readonly subscriberCount: number;
}

export interface EventHubOptions {
  url: string;
  logger?: Logger;
  /** First reconnect delay; doubles up to maxDelayMs. */
  initialDelayMs?: number;
  maxDelayMs?: number;
  /** How often the idle connection is checked, so a silently dropped one is noticed. */
  healthCheckMs?: number;
}

/**
 * One LISTEN connection per process. If it drops, it reconnects with back-off and tells every
 * local subscriber `events.resync` (events sent meanwhile were missed: pages should refetch).
 */
export function createEventHub(options: EventHubOptions): EventHub {
  const logger = options.logger ?? silentLogger;
  const initialDelayMs = options.initialDelayMs ?? 500;
  const maxDelayMs = options.maxDelayMs ?? 30_000;
  const healthCheckMs = options.healthCheckMs ?? 30_000;

  const byUser = new Map<number, Set<EventListener>>();
  /** The admin flags a listener hears (only listeners that hold any are here). */
  const flagsOf = new Map<EventListener, ReadonlySet<string>>();
  let client: pg.Client | undefined;
  let listening = false;
  let stopped = true;
  let attempt = 0;
  let reconnectTimer: NodeJS.Timeout | undefined;
  let healthTimer: NodeJS.Timeout | undefined;

  function deliver(listener: EventListener, event: PortalEvent): void {
    try {
      listener(event);
    } catch (error) {
      logger.error(`event listener failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  function dispatch(envelope: EventEnvelope): void {
    const event: PortalEvent = { channel: envelope.channel, type: envelope.type, data: envelope.data };
    if (envelope.feature) {
      const feature = envelope.feature;
      for (const [listener, flags] of flagsOf) if (flags.has(feature)) deliver(listener, event);
      return;
    }
    const audience = audienceOf(envelope);
    if (audience === 'all') {
      for (const listeners of byUser.values()) for (const listener of listeners) deliver(listener, event);
    } else if (audience !== null) {
      for (const listener of byUser.get(audience) ?? []) deliver(listener, event);
    }
  }

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: options.url, application_name: 'portal-events', keepAlive: true });
    next.on('notification', (message) => {
      const envelope = parseNotification(message.channel, message.payload);
      if (envelope) dispatch(envelope);
    });
    // Until it is listening, `lost` ignores this connection (client is not it yet): a failure
    // surfaces as the rejection below instead.
    next.on('error', (error) => lost(next, error));
    next.on('end', () => lost(next));
    try {
      await next.connect();
      await listenOn(next, [EVENTS_CHANNEL, USER_CHANGED_CHANNEL]);
    } catch (error) {
      next.removeAllListeners('end');
      next.removeAllListeners('error');
      next.on('error', () => {});
      await next.end().catch(() => {});
      throw error;
    }
    client = next;
    listening = true;
    healthTimer = setInterval(() => {
      pingConnection(next).catch((error) => lost(next, error));
    }, healthCheckMs);
    healthTimer.unref();
  }

  /** The connection `which` is gone: drop it and try again later (once per connection). */
  function lost(which: pg.Client, error?: Error): void {
    if (client !== which) return;
    client = undefined;
    listening = false;
    clearInterval(healthTimer);
    which.removeAllListeners('end');
    which.on('error', () => {});
    which.end().catch(() => {});
    if (stopped) return;
    logger.warn(`event listener connection lost${error ? `: ${error.message}` : ''}; reconnecting`);
    scheduleReconnect();
  }

  function scheduleReconnect(): void {
    const base = Math.min(maxDelayMs, initialDelayMs * 2 ** attempt);
    const delay = base / 2 + Math.random() * (base / 2);
    attempt += 1;
    reconnectTimer = setTimeout(async () => {
      reconnectTimer = undefined;
      if (stopped) return;
      try {
        await connect();
        if (stopped) {
          await closeClient();
          return;
        }
        attempt = 0;
        logger.info('event listener reconnected');
        dispatch({ channel: 'all', type: 'events.resync', data: {} });
      } catch (error) {
        logger.warn(`event listener could not reconnect: ${error instanceof Error ? error.message : String(error)}`);
        scheduleReconnect();
      }
    }, delay);
    reconnectTimer.unref();
  }

  async function closeClient(): Promise<void> {
    const current = client;
    client = undefined;
    listening = false;
    clearInterval(healthTimer);
    if (!current) return;
    current.removeAllListeners('end');
    current.removeAllListeners('error');
    current.on('error', () => {});
    await current.end().catch(() => {});
  }

  return {
    publish,
    subscribe(userId, listener, features) {
      if (features?.length) flagsOf.set(listener, new Set(features));
      let listeners = byUser.get(userId);
      if (!listeners) {
        listeners = new Set();
        byUser.set(userId, listeners);
      }
      listeners.add(listener);
      return () => {
        flagsOf.delete(listener);
        const set = byUser.get(userId);
        if (!set) return;
        set.delete(listener);
        if (set.size === 0) byUser.delete(userId);
      };
    },
    async start() {
      if (!stopped) return;
      stopped = false;
      attempt = 0;
      try {
        await connect();
      } catch (error) {
        stopped = true;
        throw error;
      }
    },
    async stop() {
      stopped = true;
      clearTimeout(reconnectTimer);
      reconnectTimer = undefined;
      await closeClient();
    },
    get isListening() {
      return listening;
    },
    get subscriberCount() {
      let count = 0;
      for (const listeners of byUser.values()) count += listeners.size;
      return count;
    },
  };
}
