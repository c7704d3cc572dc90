import type { Settings } from '../config.ts';
import type { Executor } from '../db/client.ts';
import type { Outbox, Transport } from './outbox.ts';

export interface ChatMessage {
  text: string;
}

/**
 * A value someone typed (a name, an asset description), made inert before it goes into a chat
 * message: chat services read `<…>` as links and mentions (`<!channel>`, `<https://x|label>`) and
 * `@channel`/`@here`/`@all` as mentions, and a line break would let the value forge a line of the
 * message (a second 'Open the dealer:' link). Line breaks and invisible format characters become
 * spaces, angle brackets become the look-alike ‹ ›, and a mention word is broken by a word joiner.
 */
export function chatField(value: string): string {
  return value
    .replace(/[\p{Cc}\p{Cf}\u2028\u2029]+/gu, ' ')
    .replace(/</g, '‹')
    .replace(/>/g, '›')
    .replace(/@(?=(?:channel|here|all|everyone)\b)/gi, '@\u2060');
}

/** The finance team's chat (spec 3 §4.8; DECISIONS "Outside services": outbox channel `chat`). */
export interface FinanceChat {
  /** Pass the open transaction so the message exists exactly when the application does. */
  post(message: ChatMessage, tx: Executor): Promise<number>;
}

export function createFinanceChat(outbox: Outbox, settings: Pick<Settings, 'FINANCE_CHAT_CHANNEL'>): FinanceChat {
  return {
    post: (message, tx) =>
      outbox.post({ channel: 'chat', recipient: settings.FINANCE_CHAT_CHANNEL, text: message.text }, tx),
  };
}

/**
 * A chat webhook when configured: POST JSON `{ channel, text }` (the `text` field is what Slack,
 * Mattermost, Rocket.Chat and Google Chat incoming webhooks read), with a bearer token when given.
 * Delivered by the outbox worker, so a chat that is down delays the message, never the application.
 */
export function chatWebhookTransport(settings: Settings, fetchImpl: typeof fetch = fetch): Transport | undefined {
  if (settings.CHAT_TRANSPORT !== 'webhook') return undefined;
  return {
    name: 'webhook',
    async deliver(message) {
      const response = await fetchImpl(settings.CHAT_WEBHOOK_URL!, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(settings.CHAT_WEBHOOK_TOKEN ? { authorization: `Bearer ${settings.CHAT_WEBHOOK_TOKEN}` } : {}),
        },
        body: JSON.stringify({ channel: message.recipient, text: message.text }),
        signal: AbortSignal.timeout(15_000),
      });
      if (!response.ok) throw new Error(`chat webhook answered ${response.status}`);
    },
  };
}
