import type { AppDependencies } from './app-dependencies.ts';
import type { Settings } from './config.ts';
import type { Database } from './db/client.ts';
import { createAuth } from './platform/auth.ts';
import { chatWebhookTransport, createFinanceChat } from './platform/chat.ts';
import { type Clock, systemClock } from './platform/clock.ts';
import { createESign } from './platform/esign.ts';
import { createEventHub, type EventHubOptions } from './platform/events.ts';
import { createJobs, type JobsOptions } from './platform/jobs.ts';
import { createMailer, smtpTransport } from './platform/mail.ts';
import { createOneTimePins } from './platform/one-time-pins.ts';
import { createOutbox } from './platform/outbox.ts';
import { createRicaAdapter } from './platform/rica.ts';
import { createSessionPolicy } from './platform/sessions.ts';
import { createSignInLimiter } from './platform/sign-in-limits.ts';
import { createSmsSender, httpSmsTransport } from './platform/sms.ts';
import { createStorage } from './platform/storage.ts';

export interface ServiceOptions {
  settings: Settings;
  db: Database;
  /** Connection string of `db`, for the event hub's own listening connection. */
  url: string;
  secret: string;
  jobs?: Omit<JobsOptions, 'db'>;
  events?: Omit<EventHubOptions, 'url'>;
  /** The time limits, one-time pins and session rules read; tests pass a fake clock. */
  clock?: Clock;
}

/**
 * Everything the app is built from, made the same way for the server, the tests and the
 * benchmarks. Nothing starts here: the caller starts `events` and `jobs` when it wants them.
 */
export function createServices(options: ServiceOptions): AppDependencies {
  const { settings, db, url, secret } = options;
  const clock = options.clock ?? systemClock;
  const jobs = createJobs({ db, ...options.jobs });
  const outbox = createOutbox({
    db,
    jobs,
    transports: {
      email: smtpTransport(settings),
      sms: httpSmsTransport(settings),
      chat: chatWebhookTransport(settings),
    },
    retry: { limit: settings.OUTBOX_RETRY_LIMIT, delaySeconds: settings.OUTBOX_RETRY_DELAY_SECONDS },
    ...(options.jobs?.logger ? { logger: options.jobs.logger } : {}),
  });
  const mailer = createMailer(outbox);
  const sms = createSmsSender(outbox);
  const pins = createOneTimePins({ db, secret, clock, sms, wrongPinsPerHour: settings.PIN_WRONG_PER_HOUR });
  const sessions = createSessionPolicy({ db, clock });
  return {
    settings,
    db,
    mailer,
    sms,
    clock,
    pins,
    sessions,
    signInLimiter: createSignInLimiter({ db, clock }),
    auth: createAuth({ settings, db, secret, mailer, pins, sessions }),
    storage: createStorage(settings),
    jobs,
    outbox,
    events: createEventHub({ url, ...options.events }),
    rica: createRicaAdapter(settings),
    financeChat: createFinanceChat(outbox, settings),
    esign: createESign(settings, secret),
  };
}
