import type { DestinationStream } from 'pino';
import type { Settings } from './config.ts';
import type { Database } from './db/client.ts';
import type { Auth } from './platform/auth.ts';
import type { FinanceChat } from './platform/chat.ts';
import type { Clock } from './platform/clock.ts';
import type { ESign } from './platform/esign.ts';
import type { EventHub } from './platform/events.ts';
import type { Jobs } from './platform/jobs.ts';
import type { Mailer } from './platform/mail.ts';
import type { OneTimePins } from './platform/one-time-pins.ts';
import type { Outbox } from './platform/outbox.ts';
import type { RicaAdapter } from './platform/rica.ts';
import type { SessionPolicy } from './platform/sessions.ts';
import type { SignInLimiter } from './platform/sign-in-limits.ts';
import type { SmsSender } from './platform/sms.ts';
import type { FileStorage } from './platform/storage.ts';

/** Everything the HTTP app is built from (services.ts makes them; tests swap some). */
export interface AppDependencies {
  settings: Settings;
  db: Database;
  auth: Auth;
  mailer: Mailer;
  sms: SmsSender;
  /** Where mail and SMS are written, and delivered from by a worker when a real transport is set. */
  outbox: Outbox;
  storage: FileStorage;
  /** The job queue; buildApp only defines queues and enqueues, main/tests start and stop it. */
  jobs: Jobs;
  /** The realtime hub; its LISTEN connection is started by main/tests. */
  events: EventHub;
  /** SIM registration (RICA): recorded locally by default, the operator's API by settings. */
  rica: RicaAdapter;
  /** The finance team's chat: the outbox (channel chat) by default, a webhook by settings. */
  financeChat: FinanceChat;
  /** Dealer contracts' e-signature: the built-in signer's link key, or DocuSeal by settings. */
  esign: ESign;
  /** The time limits, one-time pins and session rules read (a fake one in tests). */
  clock: Clock;
  /** One-time pins by SMS: phone sign-in and phone verification. */
  pins: OneTimePins;
  /** Idle and absolute session expiry, remember-me, last seen. */
  sessions: SessionPolicy;
  /** Failed e-mail sign-ins per account and client address. */
  signInLimiter: SignInLimiter;
  /** Folder of the built web app; served when present. */
  webDistDir?: string;
  /** Where the request log goes instead of stdout (tests read it). */
  logStream?: DestinationStream;
}
