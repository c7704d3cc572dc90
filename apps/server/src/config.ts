import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const boolean = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const port = z.coerce.number().int().min(1).max(65535);
/** 0 asks the system for any free port (benchmarks, tests). */
const listenPort = z.coerce.number().int().min(0).max(65535);

/** Every setting the server reads, documented in .env.example. */
const SettingsSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().min(1).default('localhost'),
    PORT: listenPort.default(3000),
    PUBLIC_URL: z.url().optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    TRUST_PROXY: z.string().default('false'),

    DATABASE_URL: z.url().optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    EMBEDDED_PG_PORT: port.default(54329),
    SEED_DEMO: z.enum(['auto', 'always', 'never']).default('auto'),

    AUTH_SECRET: z.string().min(32, 'AUTH_SECRET must be at least 32 characters').optional(),
    SECURE_COOKIES: boolean.optional(),
    /** Sign-in attempts one client address may make per minute, whatever their outcome. */
    AUTH_SIGN_IN_PER_MINUTE: z.coerce.number().int().min(1).default(30),
    /**
     * Requests per client address, counted in this process before any handler runs
     * (platform/rate-limits.ts). A refusal is 429 problem details with Retry-After.
     */
    RATE_LIMIT_SIGN_IN_PER_MINUTE: z.coerce.number().int().min(1).default(30),
    RATE_LIMIT_CODES_PER_HOUR: z.coerce.number().int().min(1).default(20),
    RATE_LIMIT_AVAILABILITY_PER_MINUTE: z.coerce.number().int().min(1).default(60),
    RATE_LIMIT_UPLOADS_PER_MINUTE: z.coerce.number().int().min(1).default(30),
    RATE_LIMIT_EXPORTS_PER_HOUR: z.coerce.number().int().min(1).default(30),
    RATE_LIMIT_PASSWORD_CHANGES_PER_HOUR: z.coerce.number().int().min(1).default(10),
    RATE_LIMIT_NEW_TICKETS_PER_HOUR: z.coerce.number().int().min(1).default(120),
    /** Wrong one-time pins per phone number within an hour before pin sign-in is locked for an hour. */
    PIN_WRONG_PER_HOUR: z.coerce.number().int().min(1).default(10),

    MAIL_TRANSPORT: z.enum(['outbox', 'smtp']).default('outbox'),
    SMTP_URL: z.string().optional(),
    MAIL_FROM: z.string().default('Dealer Portal <no-reply@portal.local>'),
    SMS_TRANSPORT: z.enum(['outbox', 'http']).default('outbox'),
    SMS_HTTP_URL: z.url().optional(),
    SMS_HTTP_TOKEN: z.string().optional(),
    /** The outbox transports keep codes and links readable: allowed in production only when said. */
    OUTBOX_TRANSPORT_ALLOWED: boolean.default(false),
    /** Further delivery attempts after a failed send through SMTP or the SMS gateway. */
    OUTBOX_RETRY_LIMIT: z.coerce.number().int().min(0).max(20).default(5),
    /** Wait before the first retry; each later one waits twice as long. */
    OUTBOX_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).default(30),
    /** How long a stop (SIGTERM) may take before the process exits with code 1 anyway. */
    SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().min(1).default(20),

    /** The finance team's chat (spec 3 §4.8): the outbox by default, or a webhook (HTTP POST JSON). */
    CHAT_TRANSPORT: z.enum(['outbox', 'webhook']).default('outbox'),
    CHAT_WEBHOOK_URL: z.url().optional(),
    CHAT_WEBHOOK_TOKEN: z.string().optional(),
    /** Where the finance messages go: the recipient on /outbox, the `channel` field for the webhook. */
    FINANCE_CHAT_CHANNEL: z.string().min(1).default('finance-team'),

    RICA_ADAPTER: z.enum(['local', 'http']).default('local'),
    RICA_API_URL: z.url().optional(),
    RICA_API_TOKEN: z.string().optional(),

    /** E-signature of dealer contracts: the built-in signer, or DocuSeal's API (decision 034). */
    ESIGN_PROVIDER: z.enum(['builtin', 'docuseal']).default('builtin'),
    DOCUSEAL_URL: z.url().optional(),
    DOCUSEAL_API_KEY: z.string().optional(),
    /** Days after sending on which an unsigned contract's dealer is reminded (each once). */
    CONTRACT_REMINDER_DAYS: z
      .string()
      .regex(/^\d{1,3}(,\d{1,3})*$/, 'a comma-separated list of days')
      .default('3,7'),
    /** Days after which an unsigned contract expires and its link stops working. */
    CONTRACT_EXPIRY_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    /**
     * Siza's optional language model (decision 030): an OpenAI-compatible endpoint that only
     * rephrases the passages Siza found. Unset: answers are composed from the passages and nothing
     * leaves the server. The key is a secret, like the other tokens here.
     */
    SIZA_LLM_BASE_URL: z.url().optional(),
    SIZA_LLM_MODEL: z.string().min(1).optional(),
    SIZA_LLM_API_KEY: z.string().optional(),
    /** Questions one user may ask Siza per hour. */
    SIZA_QUESTIONS_PER_HOUR: z.coerce.number().int().min(1).default(30),

    STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
    STORAGE_DIR: z.string().optional(),
    S3_ENDPOINT: z.url().optional(),
    S3_REGION: z.string().default('af-south-1'),
    S3_BUCKET: z.string().optional(),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    S3_FORCE_PATH_STYLE: boolean.default(true),
  })
  .superRefine((s, ctx) => {
    // With the outbox transports every pin and reset link rests readable in the database; on a
    // production server (DATABASE_URL) that must be an explicit choice, as AUTH_SECRET is.
    const outbox =
      s.MAIL_TRANSPORT === 'outbox' ? 'MAIL_TRANSPORT' : s.SMS_TRANSPORT === 'outbox' ? 'SMS_TRANSPORT' : null;
    if (s.NODE_ENV === 'production' && s.DATABASE_URL && outbox && !s.OUTBOX_TRANSPORT_ALLOWED) {
      ctx.addIssue({
        code: 'custom',
        path: [outbox],
        message: `${outbox}=outbox keeps sign-in codes readable; set a real transport, or OUTBOX_TRANSPORT_ALLOWED=true, in production with DATABASE_URL`,
      });
    }
    if (s.MAIL_TRANSPORT === 'smtp' && !s.SMTP_URL) {
      ctx.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'SMTP_URL is required when MAIL_TRANSPORT=smtp' });
    }
    if (s.SMS_TRANSPORT === 'http' && !s.SMS_HTTP_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['SMS_HTTP_URL'],
        message: 'SMS_HTTP_URL is required when SMS_TRANSPORT=http',
      });
    }
    if (s.CHAT_TRANSPORT === 'webhook' && !s.CHAT_WEBHOOK_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['CHAT_WEBHOOK_URL'],
        message: 'CHAT_WEBHOOK_URL is required when CHAT_TRANSPORT=webhook',
      });
    }
    if (s.RICA_ADAPTER === 'http' && !s.RICA_API_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['RICA_API_URL'],
        message: 'RICA_API_URL is required when RICA_ADAPTER=http',
      });
    }
    if (s.ESIGN_PROVIDER === 'docuseal' && (!s.DOCUSEAL_URL || !s.DOCUSEAL_API_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: ['DOCUSEAL_URL'],
        message: 'DOCUSEAL_URL and DOCUSEAL_API_KEY are required when ESIGN_PROVIDER=docuseal',
      });
    }
    if (s.SIZA_LLM_BASE_URL && !s.SIZA_LLM_MODEL) {
      ctx.addIssue({
        code: 'custom',
        path: ['SIZA_LLM_MODEL'],
        message: 'SIZA_LLM_MODEL is required when SIZA_LLM_BASE_URL is set',
      });
    }
    if (s.STORAGE_DRIVER === 's3' && !s.S3_BUCKET) {
      ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'S3_BUCKET is required when STORAGE_DRIVER=s3' });
    }
  });

export type Settings = ReturnType<typeof finish>;

function finish(raw: z.output<typeof SettingsSchema>) {
  const dataDir = path.resolve(raw.DATA_DIR);
  const publicUrl = (raw.PUBLIC_URL ?? `http://localhost:${raw.PORT}`).replace(/\/$/, '');
  return {
    ...raw,
    dataDir,
    publicUrl,
    storageDir: path.resolve(raw.STORAGE_DIR ?? path.join(dataDir, 'files')),
    trustProxy: parseTrustProxy(raw.TRUST_PROXY),
    secureCookies: raw.SECURE_COOKIES ?? defaultSecureCookies(publicUrl, raw.NODE_ENV),
    isProduction: raw.NODE_ENV === 'production',
    contractReminderDays: [...new Set(raw.CONTRACT_REMINDER_DAYS.split(',').map(Number))].sort((a, b) => a - b),
  };
}

/**
 * Session cookies are Secure outside local development: with an https PUBLIC_URL, and in
 * production unless the portal is served on this machine (localhost), where browsers would drop
 * a Secure cookie sent over plain http from any other host.
 */
function defaultSecureCookies(publicUrl: string, nodeEnv: string): boolean {
  if (publicUrl.startsWith('https://')) return true;
  const host = new URL(publicUrl).hostname;
  const local = host === 'localhost' || host === '127.0.0.1' || host === '[::1]' || host.endsWith('.localhost');
  return nodeEnv === 'production' && !local;
}

/** Fastify's trustProxy: false (default), true, a hop count, or a list of addresses/CIDRs. */
function parseTrustProxy(value: string): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (value === 'false' || value === '') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value.split(',').map((part) => part.trim());
}

export class SettingsError extends Error {}

/** Parses the environment once; throws SettingsError with one line naming each bad setting. */
export function loadSettings(env: NodeJS.ProcessEnv = process.env): Settings {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = SettingsSchema.safeParse(cleaned);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'settings'}: ${issue.message}`);
    throw new SettingsError(`Invalid settings: ${problems.join('; ')}`);
  }
  return finish(parsed.data);
}

/**
 * The auth secret signs session cookies. A newcomer has none, so on first start we make one and
 * keep it beside the data (never in the repository) so sessions survive a restart.
 */
export function resolveAuthSecret(settings: Settings): string {
  if (settings.AUTH_SECRET) return settings.AUTH_SECRET;
  if (settings.isProduction && settings.DATABASE_URL) {
    throw new SettingsError('Invalid settings: AUTH_SECRET is required in production with DATABASE_URL');
  }
  const file = path.join(settings.dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(settings.dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
