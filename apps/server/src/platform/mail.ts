import nodemailer from 'nodemailer';
import type { Settings } from '../config.ts';
import type { Executor } from '../db/client.ts';
import type { Outbox, Transport } from './outbox.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /**
   * Parts of the text that let the recipient in (a reset or verification link, a code): sent, but
   * stored masked when a real transport delivers the message.
   */
  secrets?: string[];
}

export interface Mailer {
  /** Pass the open transaction as `tx` so the mail exists exactly when the change it reports does. */
  send(message: MailMessage, tx?: Executor): Promise<void>;
}

/** Writes each mail to the outbox; platform/outbox.ts decides whether that is the delivery. */
export function createMailer(outbox: Outbox): Mailer {
  return {
    async send(message, tx) {
      await outbox.post(
        {
          channel: 'email',
          recipient: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html ?? null,
          secrets: message.secrets,
        },
        tx,
      );
    },
  };
}

/** SMTP when configured; none (the outbox is the delivery) by default. */
export function smtpTransport(settings: Settings): Transport | undefined {
  if (settings.MAIL_TRANSPORT !== 'smtp') return undefined;
  // Bounded so a hung server fails the attempt (and it is retried) well within the job's time.
  const transport = nodemailer.createTransport({
    url: settings.SMTP_URL!,
    connectionTimeout: 30_000,
    greetingTimeout: 30_000,
    socketTimeout: 60_000,
  });
  return {
    name: 'smtp',
    async deliver(message) {
      await transport.sendMail({
        from: settings.MAIL_FROM,
        to: message.recipient,
        subject: message.subject ?? '',
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
      });
    },
  };
}
