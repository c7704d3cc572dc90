import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { hashPassword as betterAuthDefaultHash } from 'better-auth/crypto';
import { desc, eq } from 'drizzle-orm';
import S3rver from 's3rver';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { adminQuery, createThrowawayDatabase, repoRoot, withDatabase } from '../test/test-database.ts';
import { createDatabase, type Database } from './db/client.ts';
import { outboxMessages, storedFiles } from './db/schema/index.ts';
import { createUser } from './db/seed/factories.ts';
import { MASKED_SECRET } from './platform/outbox.ts';

// The server as it runs in production: its own process started like `npm run serve`
// (NODE_ENV=production), a real PostgreSQL database, real SMTP that refuses the first delivery,
// and S3-compatible storage. Only the clock of the retries is short.

const BUCKET = 'portal-files';
const PASSWORD = 'Secret123';
// The smallest valid PNG (1×1 pixel): the upload checks the bytes, not the name.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

interface Mail {
  to: string[];
  raw: string;
}

let server: ChildProcess;
let baseUrl: string;
let db: Database;
let s3: S3rver;
let s3Port: number;
let smtp: SMTPServer;
let databaseName: string;
let filesDir: string;
const stdout: string[] = [];
const received: Mail[] = [];
const refusals: string[] = [];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

function startSmtp(): Promise<number> {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      // The first delivery is refused the way a greylisting or busy server does: try again later.
      if (refusals.length === 0) {
        refusals.push(address.address);
        return callback(Object.assign(new Error('Greylisted, try again later'), { responseCode: 451 }));
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  return new Promise((resolve) =>
    smtp.listen(0, '127.0.0.1', () => resolve((smtp.server.address() as AddressInfo).port)),
  );
}

/** Resolves with the first JSON log line the predicate accepts; every line must be JSON. */
function startServer(env: NodeJS.ProcessEnv): Promise<void> {
  server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  server.stderr!.on('data', (chunk) => {
    stderr += String(chunk);
  });
  return new Promise((resolve, reject) => {
    let buffered = '';
    server.stdout!.on('data', (chunk) => {
      buffered += String(chunk);
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        if (!line.trim()) continue;
        stdout.push(line);
        if (/Dealer Portal is running/.test(line)) resolve();
      }
    });
    server.once('exit', (code) => reject(new Error(`server exited with ${code}: ${stderr}\n${stdout.join('\n')}`)));
  });
}

beforeAll(async () => {
  const adminUrl = inject('testAdminUrl');
  databaseName = `portal_production_${Math.random().toString(36).slice(2, 8)}`;
  await createThrowawayDatabase(adminUrl, databaseName);
  const url = withDatabase(adminUrl, databaseName);

  filesDir = await mkdtemp(path.join(os.tmpdir(), 'portal-s3-'));
  s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: filesDir,
    configureBuckets: [{ name: BUCKET }],
  });
  s3Port = (await s3.run()).port;
  const smtpPort = await startSmtp();
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;

  await startServer({
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    // A developer's own .env must not leak into the test.
    ENV_FILE: path.join(filesDir, 'no.env'),
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    LOG_LEVEL: 'info',
    DATABASE_URL: url,
    DATA_DIR: path.join(filesDir, 'data'),
    AUTH_SECRET: 'production-test-secret-0123456789abcdef',
    MAIL_TRANSPORT: 'smtp',
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    SMS_TRANSPORT: 'http',
    SMS_HTTP_URL: 'http://127.0.0.1:9/sms',
    STORAGE_DRIVER: 's3',
    S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
    S3_BUCKET: BUCKET,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    OUTBOX_RETRY_DELAY_SECONDS: '1',
    SHUTDOWN_TIMEOUT_SECONDS: '20',
  });
  db = createDatabase(url, { max: 2 });
}, 120_000);

afterAll(async () => {
  if (server && server.exitCode === null && server.signalCode === null) {
    server.kill('SIGKILL');
  }
  await db?.$client.end();
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  await s3?.close().catch(() => {});
  if (databaseName) await adminQuery(inject('testAdminUrl'), `DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
  if (filesDir) await rm(filesDir, { recursive: true, force: true });
});

async function signIn(email: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  expect(response.status).toBe(200);
  const cookie = response.headers.getSetCookie().find((value) => value.includes('session_token='));
  return cookie!.split(';')[0]!;
}

describe('the server in production mode', () => {
  it('answers live and ready', async () => {
    expect((await fetch(`${baseUrl}/api/health/live`)).status).toBe(200);
    const ready = await fetch(`${baseUrl}/api/health/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'ok', database: 'ok' });
  });

  it('keeps an upload through the API in the S3 bucket', async () => {
    // Hashed by better-auth's own scrypt at its default cost, which the test runner's cheaper
    // hashing (NODE_ENV=test, docs/decisions/040) does not use: the sign-in below only succeeds
    // when the production server hashes at the production cost.
    const passwordHash = await betterAuthDefaultHash(PASSWORD);
    const user = await createUser(db, { passwordHash, emailVerified: true, phoneVerified: true });
    const cookie = await signIn(user.email!);
    const form = new FormData();
    form.append('purpose', 'person_photo');
    form.append('file', new Blob([PNG], { type: 'image/png' }), 'me.png');
    const response = await fetch(`${baseUrl}/api/files`, {
      method: 'POST',
      headers: { cookie, origin: baseUrl },
      body: form,
    });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };

    const [stored] = await db.select().from(storedFiles).where(eq(storedFiles.id, id));
    const listing = await new S3Client({
      region: 'af-south-1',
      endpoint: `http://127.0.0.1:${s3Port}`,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    }).send(new ListObjectsV2Command({ Bucket: BUCKET }));
    expect(listing.Contents?.map((object) => object.Key)).toContain(stored!.storageKey);
  }, 60_000);

  it('delivers a reset mail after the refused first try, and keeps the link masked', async () => {
    const user = await createUser(db, { password: PASSWORD, emailVerified: true });
    const response = await fetch(`${baseUrl}/api/auth/request-password-reset`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl },
      body: JSON.stringify({ email: user.email }),
    });
    expect(response.status).toBe(200);

    await vi.waitFor(() => expect(received.some((mail) => mail.to.includes(user.email!))).toBe(true), {
      timeout: 60_000,
      interval: 250,
    });
    expect(refusals).toEqual([user.email]);
    const mail = received.find((m) => m.to.includes(user.email!))!;
    const token = /reset-password\?token=([\w.%-]+)/.exec(mail.raw.replace(/=\r?\n/g, ''))?.[1];
    expect(token).toBeTruthy();

    const [row] = await vi.waitFor(
      async () => {
        const rows = await db
          .select()
          .from(outboxMessages)
          .where(eq(outboxMessages.recipient, user.email!))
          .orderBy(desc(outboxMessages.id));
        expect(rows[0]?.status).toBe('sent');
        return rows;
      },
      { timeout: 20_000, interval: 250 },
    );
    expect(row).toMatchObject({ transport: 'smtp', status: 'sent', pending: null });
    expect(row!.attempts).toBeGreaterThanOrEqual(2);
    expect(row!.lastError).toMatch(/451|try again/i);
    expect(row!.body).toContain(MASKED_SECRET);
    expect(row!.body).not.toContain(decodeURIComponent(token!));
    expect(row!.body).not.toContain(token!);
  }, 120_000);

  it('writes every log line as JSON and stops cleanly on SIGTERM', async () => {
    const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
    server.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(stdout.length).toBeGreaterThan(3);
    for (const line of stdout) expect(() => JSON.parse(line), line).not.toThrow();
    const messages = stdout.map((line) => JSON.parse(line).msg as string);
    expect(messages).toEqual(expect.arrayContaining(['database migrated', 'Dealer Portal is running', 'stopped']));
    expect(messages.some((msg) => /delivered on attempt 2/.test(msg))).toBe(true);
  }, 60_000);
});
