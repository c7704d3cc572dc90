import type { Database, Executor } from '../db/client.ts';
import { type Logger, silentLogger } from './events.ts';
import type { Jobs } from './jobs.ts';
import {
  claimForDelivery,
  insertOutboxMessage,
  insertOutboxMessages,
  type NewOutboxRow,
  recordDelivered,
  recordFailedAttempt,
} from './outbox.queries.ts';

export type OutboxChannel = 'email' | 'sms' | 'chat' | 'tracker';
export type OutboxStatus = 'queued' | 'sending' | 'sent' | 'failed';

/** A message as a caller hands it over. */
export interface OutgoingMessage {
  channel: OutboxChannel;
  recipient: string;
  subject?: string | null;
  text: string;
  html?: string | null;
  /** Parts of the text that let the recipient in (a pin, a reset or verification link). */
  secrets?: readonly string[] | undefined;
}

/** What a real transport is given: the whole message, secrets included. */
export interface Delivery {
  recipient: string;
  subject: string | null;
  text: string;
  html: string | null;
}

/** A real transport of one channel (SMTP, an SMS gateway); throws when the message did not go. */
export interface Transport {
  name: string;
  deliver(message: Delivery): Promise<void>;
}

export interface Outbox {
  /**
   * Writes the message with `executor` (the caller's transaction, so it exists exactly when the
   * change it reports does). Without a real transport for its channel the row is the delivery
   * (status sent, readable on /outbox); with one the row is queued for the delivery worker.
   */
  post(message: OutgoingMessage, executor?: Executor): Promise<number>;
  /**
   * `post` for a batch (an alert's copies): the rows in one statement per channel kind and their
   * delivery jobs in two more, not a transaction per message. In one transaction: `executor`'s,
   * else its own. Returns how many were written.
   */
  postMany(messages: readonly OutgoingMessage[], executor?: Executor): Promise<number>;
  /** One delivery attempt of a queued message: the worker's job, and a test's direct call. */
  deliver(id: number, retryCount: number): Promise<void>;
}

export interface OutboxOptions {
  db: Database;
  jobs: Jobs;
  transports: Partial<Record<OutboxChannel, Transport>>;
  /** Further attempts after the first failure, and the first wait in seconds (doubling after). */
  retry: { limit: number; delaySeconds: number };
  logger?: Logger;
}

export const MASKED_SECRET = '••••••';
export const DELIVER_QUEUE = 'outbox.deliver';
/** Rows a `postMany` statement writes at most (well under PostgreSQL's 65,535 parameters). */
const POST_MANY_CHUNK = 1000;
/** A row left 'sending' this long was cut off mid-attempt (crash, restart): it may be claimed again. */
const STALE_SENDING_SECONDS = 5 * 60;

/**
 * The text as it may rest in the database once a real transport has it: each one-time pin, reset or
 * verification link replaced by dots. Whoever reads the outbox can then track delivery but not sign
 * in as the recipient.
 */
export function withoutSecrets<T extends string | null | undefined>(text: T, secrets: readonly string[] = []): T {
  if (!text) return text;
  let masked: string = text;
  for (const secret of [...secrets].sort((a, b) => b.length - a.length)) {
    if (secret) masked = masked.split(secret).join(MASKED_SECRET);
  }
  return masked as T;
}

function messageOf(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 2000) || 'delivery failed';
}

export function createOutbox(options: OutboxOptions): Outbox {
  const { db, jobs, transports, retry } = options;
  const logger = options.logger ?? silentLogger;

  jobs.define<{ id: number }>(
    DELIVER_QUEUE,
    (data, _progress, context) => outbox.deliver(data.id, context.retryCount),
    {
      retryLimit: retry.limit,
      retryDelaySeconds: retry.delaySeconds,
      retryBackoff: true,
      // Longer than a transport may take (mail.ts bounds SMTP), shorter than the stale claim.
      expireInSeconds: 120,
      concurrency: 2,
    },
  );

  /** The row of a message a real transport will deliver: masked, with the secrets kept aside. */
  function queuedRow(message: OutgoingMessage, transport: Transport): NewOutboxRow {
    const secrets = message.secrets ?? [];
    return {
      channel: message.channel,
      recipient: message.recipient,
      subject: message.subject ?? null,
      body: withoutSecrets(message.text, secrets),
      html: withoutSecrets(message.html ?? null, secrets),
      transport: transport.name,
      status: 'queued',
      nextAttemptAt: new Date(),
      // Only a message with secrets needs a second, unmasked copy until it is delivered.
      pending: secrets.length ? { text: message.text, html: message.html ?? null } : null,
    };
  }

  /** The row of a message no transport delivers: the row is the delivery (readable on /outbox). */
  function sentRow(message: OutgoingMessage): NewOutboxRow {
    return {
      channel: message.channel,
      recipient: message.recipient,
      subject: message.subject ?? null,
      body: message.text,
      html: message.html ?? null,
      transport: 'outbox',
      status: 'sent',
      attempts: 1,
      sentAt: new Date(),
    };
  }

  async function queue(message: OutgoingMessage, transport: Transport, tx: Executor): Promise<number> {
    const id = await insertOutboxMessage(tx, queuedRow(message, transport));
    await jobs.enqueueWithin(tx, DELIVER_QUEUE, { id });
    return id;
  }

  async function queueMany(messages: readonly OutgoingMessage[], tx: Executor): Promise<boolean> {
    const queued: NewOutboxRow[] = [];
    const sent: NewOutboxRow[] = [];
    for (const message of messages) {
      const transport = transports[message.channel];
      if (transport) queued.push(queuedRow(message, transport));
      else sent.push(sentRow(message));
    }
    for (let i = 0; i < sent.length; i += POST_MANY_CHUNK)
      await insertOutboxMessages(tx, sent.slice(i, i + POST_MANY_CHUNK));
    for (let i = 0; i < queued.length; i += POST_MANY_CHUNK) {
      const ids = await insertOutboxMessages(tx, queued.slice(i, i + POST_MANY_CHUNK));
      await jobs.enqueueManyWithin(
        tx,
        DELIVER_QUEUE,
        ids.map((id) => ({ id })),
      );
    }
    return queued.length > 0;
  }

  const outbox: Outbox = {
    async post(message, executor) {
      const transport = transports[message.channel];
      if (!transport) return insertOutboxMessage(executor ?? db, sentRow(message));
      if (executor) return queue(message, transport, executor);
      const id = await db.transaction((tx) => queue(message, transport, tx));
      jobs.wake(DELIVER_QUEUE);
      return id;
    },

    async postMany(messages, executor) {
      if (!messages.length) return 0;
      if (executor) {
        await queueMany(messages, executor);
        return messages.length;
      }
      if (await db.transaction((tx) => queueMany(messages, tx))) jobs.wake(DELIVER_QUEUE);
      return messages.length;
    },

    async deliver(id, retryCount) {
      const row = await claimForDelivery(db, id, STALE_SENDING_SECONDS);
      // Sent, finally failed, or being sent by another worker: nothing to do.
      if (!row) return;
      const transport = transports[row.channel as OutboxChannel];
      try {
        if (!transport) throw new Error(`no transport for ${row.channel} messages is configured`);
        await transport.deliver({
          recipient: row.recipient,
          subject: row.subject,
          text: row.pending?.text ?? row.body,
          html: row.pending ? row.pending.html : row.html,
        });
      } catch (error) {
        const final = retryCount >= retry.limit;
        const wait = retry.delaySeconds * 2 ** retryCount;
        await recordFailedAttempt(db, id, {
          final,
          lastError: messageOf(error),
          // Given up: the secrets go too (the pin or link has expired or soon will).
          nextAttemptAt: final ? null : new Date(Date.now() + wait * 1000),
        });
        logger.warn(
          `outbox message ${id} (${row.channel}) not delivered, attempt ${row.attempts}${final ? ', giving up' : ''}: ${messageOf(error)}`,
        );
        throw error;
      }
      await recordDelivered(db, id);
      logger.info(`outbox message ${id} (${row.channel}) delivered on attempt ${row.attempts}`);
    },
  };
  return outbox;
}
