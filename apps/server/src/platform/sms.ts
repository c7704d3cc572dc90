import type { Settings } from '../config.ts';
import type { Database } from '../db/client.ts';
import { recordOutbox, withoutSecrets } from './outbox.ts';

export interface SmsMessage {
  /** +27XXXXXXXXX */
  to: string;
  text: string;
  /** Parts of the text that let the recipient in (a one-time pin): stored masked by a real gateway. */
  secrets?: string[];
}

export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
}

/**
 * Outbox by default; an HTTP gateway when configured (POST JSON `{ to, text }` with a bearer
 * token, the shape most South African bulk-SMS gateways accept through a small relay).
 */
export function createSmsSender(settings: Settings, db: Database, fetchImpl: typeof fetch = fetch): SmsSender {
  if (settings.SMS_TRANSPORT === 'outbox') {
    return {
      async send(message) {
        await recordOutbox(db, {
          channel: 'sms',
          recipient: message.to,
          body: message.text,
          transport: 'outbox',
          status: 'sent',
        });
      },
    };
  }
  return {
    async send({ secrets, ...message }) {
      const body = withoutSecrets(message.text, secrets);
      try {
        const response = await fetchImpl(settings.SMS_HTTP_URL!, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(settings.SMS_HTTP_TOKEN ? { authorization: `Bearer ${settings.SMS_HTTP_TOKEN}` } : {}),
          },
          body: JSON.stringify({ to: message.to, text: message.text }),
          signal: AbortSignal.timeout(15_000),
        });
        if (!response.ok) throw new Error(`SMS gateway answered ${response.status}`);
        await recordOutbox(db, {
          channel: 'sms',
          recipient: message.to,
          body,
          transport: 'http',
          status: 'sent',
        });
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        await recordOutbox(db, {
          channel: 'sms',
          recipient: message.to,
          body,
          transport: 'http',
          status: 'failed',
          error: reason,
        });
        throw error;
      }
    },
  };
}
