import { FEATURES } from '@portal/domain/accounts/me';
import { zCode } from '@portal/domain/people/z-code';
import { type ContractDeps, generateContract, signContract } from '../../modules/contracts/contracts.service.ts';
import type { Actor } from '../../platform/access.ts';
import type { Mailer, MailMessage } from '../../platform/mail.ts';
import { insertOutboxMessage } from '../../platform/outbox.queries.ts';
import type { SmsSender } from '../../platform/sms.ts';
import type { Executor } from '../client.ts';
import type { UserRow } from './factories.ts';

// Dealer contracts made through the real service (decision 034), for tests and the demo: the
// generated PDF, its hash and link, and, when asked, the dealer's signature with its certificate.

/** An admin acting outside a request (seeds, tests): every flag, no session. */
export function actorFor(user: UserRow): Actor {
  return {
    user,
    authId: user.authId ?? 'seed',
    sessionId: 'seed',
    role: user.isAdmin ? 'admin' : user.isLeader ? 'leader' : 'agent',
    features: [...FEATURES],
  };
}

/** Writes mail straight to the outbox as sent (the outbox transport), for seeds without services. */
export function outboxMailer(db: Executor): Mailer {
  return {
    async send(message, tx) {
      await insertOutboxMessage(tx ?? db, {
        channel: 'email',
        recipient: message.to,
        subject: message.subject,
        body: message.text,
        html: message.html ?? null,
        transport: 'outbox',
        status: 'sent',
        attempts: 1,
        sentAt: new Date(),
      });
    },
  };
}

/** Writes each SMS straight to the outbox as sent, as outboxMailer does for e-mail. */
export function outboxSms(db: Executor): SmsSender {
  return {
    async send(message, tx) {
      await insertOutboxMessage(tx ?? db, {
        channel: 'sms',
        recipient: message.to,
        body: message.text,
        transport: 'outbox',
        status: 'sent',
        attempts: 1,
        sentAt: new Date(),
      });
    },
  };
}

export interface ContractInput {
  admin: UserRow;
  agent: Pick<UserRow, 'id' | 'email'>;
  codes?: number[];
  email?: string;
  documentName?: string;
  /** Signs it as this typed name, from this address and browser. */
  signAs?: { name: string; ip?: string; userAgent?: string };
}

export async function createDealerContract(deps: ContractDeps, input: ContractInput) {
  const mails: MailMessage[] = [];
  const mailer: Mailer = {
    async send(message, tx) {
      mails.push(message);
      await deps.mailer.send(message, tx);
    },
  };
  const { contract } = await generateContract({ ...deps, mailer }, actorFor(input.admin), input.agent.id, {
    agentCode: zCode(input.agent.id),
    email: input.email ?? input.agent.email ?? `dealer${input.agent.id}@example.test`,
    arrIds: input.codes ?? [306180, 306181, 306174],
    ...(input.documentName ? { documentName: input.documentName } : {}),
  });
  const link = mails[0]?.secrets?.[0];
  const token = link ? link.slice(link.lastIndexOf('/') + 1) : undefined;
  if (input.signAs && token) {
    await signContract(
      { ...deps, mailer },
      token,
      { name: input.signAs.name, consent: true },
      {
        id: 'seed',
        ip: input.signAs.ip ?? '197.88.12.4',
        headers: { 'user-agent': input.signAs.userAgent ?? 'Mozilla/5.0 (Linux; Android 14) Chrome/131.0 Mobile' },
      },
    );
  }
  return { contract, token, link };
}
