import type { FastifyBaseLogger } from 'fastify';
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
 * Sends a notice after the change it reports has been committed. A failed send is logged and does
 * not undo the change (the audit row stands); the outbox keeps the failure for delivery tracking.
 */
export async function sendNotice(
  deps: NoticeDeps,
  notice: Notice,
  request?: { log?: FastifyBaseLogger },
): Promise<void> {
  try {
    if (notice.email) await deps.mailer.send({ to: notice.email, subject: notice.subject, text: notice.text });
    else if (notice.phone) await deps.sms.send({ to: notice.phone, text: `${notice.subject}. ${notice.text}` });
  } catch (error) {
    request?.log?.warn({ err: error, subject: notice.subject }, 'security notice not sent');
  }
}
