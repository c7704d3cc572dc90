import type { AppDependencies } from './app.ts';
import type { Settings } from './config.ts';
import type { Database } from './db/client.ts';
import { createAuth } from './platform/auth.ts';
import { createEventHub, type EventHubOptions } from './platform/events.ts';
import { createJobs, type JobsOptions } from './platform/jobs.ts';
import { createMailer } from './platform/mail.ts';
import { createSmsSender } from './platform/sms.ts';
import { createStorage } from './platform/storage.ts';

export interface ServiceOptions {
  settings: Settings;
  db: Database;
  /** Connection string of `db`, for the event hub's own listening connection. */
  url: string;
  secret: string;
  jobs?: Omit<JobsOptions, 'db'>;
  events?: Omit<EventHubOptions, 'url'>;
}

/**
 * Everything the app is built from, made the same way for the server, the tests and the
 * benchmarks. Nothing starts here: the caller starts `events` and `jobs` when it wants them.
 */
export function createServices(options: ServiceOptions): AppDependencies {
  const { settings, db, url, secret } = options;
  const mailer = createMailer(settings, db);
  return {
    settings,
    db,
    mailer,
    sms: createSmsSender(settings, db),
    auth: createAuth({ settings, db, secret, mailer }),
    storage: createStorage(settings),
    jobs: createJobs({ db, ...options.jobs }),
    events: createEventHub({ url, ...options.events }),
  };
}
