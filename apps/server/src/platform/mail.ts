import nodemailer from 'nodemailer';
import type { Settings } from '../config.ts';
import type { Database } from '../db/client.ts';
import { recordOutbox, withoutSecrets } from './outbox.ts';

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
  send(message: MailMessage): Promise<void>;
}

/**
 * Outbox by default (nothing leaves the machine; the admin reads it on /outbox); SMTP when
 * configured, still logging each message in the outbox table with its delivery status.
 */
export function createMailer(settings: Settings, db: Database): Mailer {
  if (settings.MAIL_TRANSPORT === 'outbox') {
    return {
      async send(message) {
        await recordOutbox(db, {
          channel: 'email',
          recipient: message.to,
          subject: message.subject,
          body: message.text,
          html: message.html ?? null,
          transport: 'outbox',
          status: 'sent',
        });
      },
    };
  }
  const transport = nodemailer.createTransport(settings.SMTP_URL!);
  return {
    async send({ secrets, ...message }) {
      const body = withoutSecrets(message.text, secrets);
      const html = withoutSecrets(message.html ?? null, secrets);
      try {
        await transport.sendMail({ from: settings.MAIL_FROM, ...message });
        await recordOutbox(db, {
          channel: 'email',
          recipient: message.to,
          subject: message.subject,
          body,
          html,
          transport: 'smtp',
          status: 'sent',
        });
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        await recordOutbox(db, {
          channel: 'email',
          recipient: message.to,
          subject: message.subject,
          body,
          transport: 'smtp',
          status: 'failed',
          error: reason,
        });
        throw error;
      }
    },
  };
}
