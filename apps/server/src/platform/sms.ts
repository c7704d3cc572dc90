import type { Settings } from '../config.ts';
import type { Executor } from '../db/client.ts';
import type { Outbox, Transport } from './outbox.ts';

export interface SmsMessage {
  /** +27XXXXXXXXX */
  to: string;
  text: string;
  /** Parts of the text that let the recipient in (a one-time pin): stored masked by a real gateway. */
  secrets?: string[];
}

export interface SmsSender {
  /** Pass the open transaction as `tx` so the SMS exists exactly when the change it reports does. */
  send(message: SmsMessage, tx?: Executor): Promise<void>;
}

/** Writes each SMS to the outbox; platform/outbox.ts decides whether that is the delivery. */
export function createSmsSender(outbox: Outbox): SmsSender {
  return {
    async send(message, tx) {
      await outbox.post({ channel: 'sms', recipient: message.to, text: message.text, secrets: message.secrets }, tx);
    },
  };
}

/**
 * An HTTP gateway when configured (POST JSON `{ to, text }` with a bearer token, the shape most
 * South African bulk-SMS gateways accept through a small relay); none by default.
 */
export function httpSmsTransport(settings: Settings, fetchImpl: typeof fetch = fetch): Transport | undefined {
  if (settings.SMS_TRANSPORT !== 'http') return undefined;
  return {
    name: 'http',
    async deliver(message) {
      const response = await fetchImpl(settings.SMS_HTTP_URL!, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(settings.SMS_HTTP_TOKEN ? { authorization: `Bearer ${settings.SMS_HTTP_TOKEN}` } : {}),
        },
        body: JSON.stringify({ to: message.recipient, text: message.text }),
        signal: AbortSignal.timeout(15_000),
      });
      if (!response.ok) throw new Error(`SMS gateway answered ${response.status}`);
    },
  };
}
