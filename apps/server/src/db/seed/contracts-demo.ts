import type { ESign } from '../../platform/esign.ts';
import type { FileStorage } from '../../platform/storage.ts';
import type { Executor } from '../client.ts';
import { createDealerContract, outboxMailer, outboxSms } from './contract-factories.ts';
import type { UserRow } from './factories.ts';

const DAY = 86_400_000;

/**
 * Dealer contracts for the demo (decision 034): the leader's signed agreement, the agent's still
 * waiting for a signature (its link is in the outbox), and a few more over the last weeks, made by
 * the same factory the tests use.
 */
export async function seedContracts(
  db: Executor,
  people: { admin: UserRow; leader: UserRow; agent: UserRow; everyone: UserRow[] },
  storage: FileStorage,
  esign: ESign,
  today: Date,
) {
  const make = (at: Date) => ({
    db,
    storage,
    esign,
    mailer: outboxMailer(db),
    sms: outboxSms(db),
    clock: { now: () => at },
    settings: { publicUrl: process.env.PUBLIC_URL ?? 'http://localhost:3000' },
  });
  const ago = (days: number) => new Date(today.getTime() - days * DAY);
  const { admin, leader, agent } = people;
  await createDealerContract(make(ago(21)), {
    admin,
    agent: leader,
    codes: [305527, 306181, 306183],
    signAs: { name: `${leader.firstName} ${leader.surname}` },
  });
  await createDealerContract(make(ago(1)), { admin, agent, codes: [306180, 306181, 302783] });
  const others = people.everyone.filter((user) => user.id !== leader.id && user.id !== agent.id && user.email);
  const plan: Array<{ days: number; codes: number[]; sign: boolean }> = [
    { days: 40, codes: [306180, 302783, 306185], sign: true },
    { days: 12, codes: [306180, 306181, 306174], sign: true },
    { days: 5, codes: [302783, 306177, 306185], sign: false },
    { days: 2, codes: [306180, 305527, 306183], sign: false },
  ];
  for (const [index, step] of plan.entries()) {
    const person = others[index * 3];
    if (!person) break;
    await createDealerContract(make(ago(step.days)), {
      admin,
      agent: person,
      codes: step.codes,
      ...(step.sign ? { signAs: { name: `${person.firstName} ${person.surname}` } } : {}),
    });
  }
}
