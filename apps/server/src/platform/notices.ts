import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../db/client.ts';
import type { Mailer } from './mail.ts';
import type { SmsSender } from './sms.ts';

export interface NoticeDeps {
  mailer: Mailer;
  sms: SmsSender;
}

/** A security notice to a person: by e-mail when there is an address, else by SMS. */
export interface Notice {
  email?: string | undefined;
  phone?: string | undefined;
  subject: string;
  text: string;
}

/**
 * Writes a notice to the outbox. Given the transaction of the change it reports (`tx`), the notice
 * is part of that change: both are committed or neither. Without one (after the commit) a failed
 * write is logged and does not undo the change. Delivery, with its retries, is the outbox's job.
 */
export async function sendNotice(
  deps: NoticeDeps,
  notice: Notice,
  request?: { log?: FastifyBaseLogger },
  tx?: Executor,
): Promise<void> {
  try {
    if (notice.email) await deps.mailer.send({ to: notice.email, subject: notice.subject, text: notice.text }, tx);
    else if (notice.phone) await deps.sms.send({ to: notice.phone, text: `${notice.subject}. ${notice.text}` }, tx);
  } catch (error) {
    // Inside a transaction a failed statement has aborted it: the change must not commit silently.
    if (tx) throw error;
    request?.log?.warn({ err: error, subject: notice.subject }, 'security notice not sent');
  }
}
