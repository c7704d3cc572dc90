import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buffer } from 'node:stream/consumers';
import { CONTRACT_MESSAGES, type ContractSubmissionList } from '@portal/domain/contracts/contracts';
import { buildSaId } from '@portal/domain/people/sa-id';
import { zCode } from '@portal/domain/people/z-code';
import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastLinkMailedTo, lastMessageTo } from '../../../test/outbox-reader.ts';
import { pdfText } from '../../../test/pdf-text.ts';
import { createTestContext, TEST_ORIGIN, type TestContext } from '../../../test/test-app.ts';
import { auditLog, dealerContracts, storedFiles, usersMaster } from '../../db/schema/index.ts';
import { createUser, grantFeatures, type UserRow } from '../../db/seed/factories.ts';
import { HOUR } from '../../platform/clock.ts';
import { REMINDER_QUEUE, runContractReminders } from './contracts.service.ts';

// Dealer contracts over HTTP and a real database (decision 034): who may generate and open them,
// the generated PDF and its hash, the built-in signer's link (tampered: refused; signed: once,
// even when two race), the signed copy's certificate, reminders and expiry by the clock, and the
// DocuSeal adapter against a local fake of its API.

const PASSWORD = 'Secret123';
const DAY = 24 * HOUR;
let ctx: TestContext;
let admin: UserRow;
let agent: UserRow;
const cookies = { admin: '', flagless: '', agent: '', leader: '' };
type Who = keyof typeof cookies;

function call(method: 'GET' | 'POST', url: string, who: Who | null, payload?: object, headers = {}) {
  return ctx.app.inject({
    method,
    url,
    headers: { ...(who ? { cookie: cookies[who] } : {}), origin: TEST_ORIGIN, ...headers },
    ...(payload ? { payload } : {}),
  });
}

const generate = (who: Who, agentId: number, body: Record<string, unknown> = {}) =>
  call('POST', `/api/contracts/agents/${agentId}/generate-new-contract`, who, {
    agentCode: zCode(agentId),
    email: `dealer.${agentId}@example.test`,
    arrIds: [306180, 305527, 306174],
    ...body,
  });

async function newContract(email: string) {
  const res = await generate('admin', agent.id, { email });
  expect(res.statusCode).toBe(200);
  const link = await lastLinkMailedTo(ctx.db, email);
  return { id: res.json().contract.id as number, token: link.slice(link.lastIndexOf('/') + 1), link };
}

const sign = (token: string, name = 'Thandi Mokoena', headers = {}) =>
  call('POST', `/api/sign-contract/${token}/sign`, null, { name, consent: true }, headers);

async function row(id: number) {
  const [found] = await ctx.db.select().from(dealerContracts).where(eq(dealerContracts.id, id));
  return found!;
}

async function storedBytes(fileId: string) {
  const [file] = await ctx.db.select().from(storedFiles).where(eq(storedFiles.id, fileId));
  return buffer(await ctx.storage.get(file!.storageKey));
}

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createUser(ctx.db, { isAdmin: true, password: PASSWORD, firstName: 'Naledi', surname: 'Dlamini' });
  await grantFeatures(ctx.db, admin.id, ['Users Management']);
  const flagless = await createUser(ctx.db, { isAdmin: true, password: PASSWORD });
  const leader = await createUser(ctx.db, { isLeader: true, password: PASSWORD });
  agent = await createUser(ctx.db, {
    password: PASSWORD,
    firstName: 'Thandi',
    surname: 'Mokoena',
    parentId: leader.id,
  });
  cookies.admin = await ctx.signIn(admin.email!, PASSWORD);
  cookies.flagless = await ctx.signIn(flagless.email!, PASSWORD);
  cookies.agent = await ctx.signIn(agent.email!, PASSWORD);
  cookies.leader = await ctx.signIn(leader.email!, PASSWORD);
});

afterAll(async () => {
  await ctx?.close();
});

describe('generating a contract', () => {
  it('is for admins with Users Management only: the agent, a leader and a flagless admin are refused', async () => {
    for (const who of ['agent', 'leader', 'flagless'] as const) {
      expect((await generate(who, agent.id)).statusCode).toBe(403);
      expect((await call('GET', `/api/contracts/agents/${agent.id}/get-contract-submissions`, who)).statusCode).toBe(
        403,
      );
    }
    const [row] = await ctx.db.select().from(dealerContracts).where(eq(dealerContracts.usersMasterId, agent.id));
    expect(row).toBeUndefined();
  });

  it('refuses an admin with Users Management once marked inactive or deleted, on the session they still hold', async () => {
    for (const status of [3, 4]) {
      const leaver = await createUser(ctx.db, { isAdmin: true, password: PASSWORD });
      await grantFeatures(ctx.db, leaver.id, ['Users Management']);
      const cookie = await ctx.signIn(leaver.email!, PASSWORD);
      await ctx.db.update(usersMaster).set({ refsUserLifecycleStatusId: status }).where(eq(usersMaster.id, leaver.id));
      const headers = { cookie, origin: TEST_ORIGIN };
      const generated = await ctx.app.inject({
        method: 'POST',
        url: `/api/contracts/agents/${agent.id}/generate-new-contract`,
        headers,
        payload: { agentCode: zCode(agent.id), email: 'leaver@example.test', arrIds: [306180, 305527, 306174] },
      });
      expect(generated.statusCode).toBe(403);
      const listed = await ctx.app.inject({
        method: 'GET',
        url: `/api/contracts/agents/${agent.id}/get-contract-submissions`,
        headers,
      });
      expect(listed.statusCode).toBe(403);
    }
  });

  it('needs three different annexures from the two sets and the agent’s own dealer code', async () => {
    expect((await generate('admin', agent.id, { arrIds: [306180, 305527] })).statusCode).toBe(400);
    expect((await generate('admin', agent.id, { arrIds: [306180, 306180, 305527] })).statusCode).toBe(400);
    expect((await generate('admin', agent.id, { arrIds: [306180, 305527, 123456] })).statusCode).toBe(400);
    const wrongCode = await generate('admin', agent.id, { agentCode: 'Z-1' });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json().detail).toBe(`The dealer code is ${zCode(agent.id)}`);
  });

  it('stores the PDF with its SHA-256, the flags of the chosen annexures, and e-mails a link whose token is not stored', async () => {
    const res = await generate('admin', agent.id, { email: 'thandi.first@example.test' });
    expect(res.statusCode).toBe(200);
    const { contract } = res.json();
    expect(contract).toMatchObject({ status: 'pending', productCodes: [306180, 305527, 306174], provider: 'builtin' });

    const stored = await row(contract.id);
    expect(stored).toMatchObject({
      annexAReseller: true,
      annexASuperDealer: true,
      annexBMultipleTeams: true,
      annexBReseller: false,
      agencyAgreement: true,
      createdBy: admin.id,
    });
    const pdf = await storedBytes(stored.unsignedFileId!);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(createHash('sha256').update(pdf).digest('hex')).toBe(stored.documentSha256);
    const text = pdfText(pdf).join('\n');
    expect(text).toContain('DEALER AGENCY AGREEMENT');
    expect(text).toContain('Thandi Mokoena');
    expect(text).toContain('6. Protection of personal information (POPIA)');
    expect(text).toContain('Annexure B (Herotel-type network) - Multiple Teams Onboarding Growth TL1%');
    expect(text).toMatch(/Page 1 of \d+/);

    const mail = await lastMessageTo(ctx.db, 'thandi.first@example.test', 'email');
    expect(mail.subject).toContain('Please sign your Dealer Agency Agreement');
    const link = await lastLinkMailedTo(ctx.db, 'thandi.first@example.test');
    expect(link).toMatch(/^http:\/\/localhost:3000\/sign-contract\/[A-Za-z0-9_-]{43}$/);
    const token = link.slice(link.lastIndexOf('/') + 1);
    expect(stored.signTokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.signTokenHash).not.toContain(token);

    const [audit] = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'contract.generate'));
    expect(audit).toMatchObject({ actorUserId: admin.id, entityId: String(contract.id) });

    const list = (await call('GET', `/api/contracts/agents/${agent.id}/get-contract-submissions`, 'admin')).json();
    expect((list as ContractSubmissionList).data.map((c) => c.id)).toContain(contract.id);
    expect((list as ContractSubmissionList).data[0]!.template.name).toMatch(/^Dealer Agency Agreement Z-/);
  });
});

describe('the built-in signer', () => {
  it('refuses a tampered link: nothing is shown and nothing signed', async () => {
    const { id, token } = await newContract('tamper@example.test');
    const last = token.at(-1) === 'A' ? 'B' : 'A';
    const tampered = `${token.slice(0, -1)}${last}`;
    for (const bad of [tampered, `${token}x`, token.slice(1), 'not-a-token']) {
      expect((await call('GET', `/api/sign-contract/${bad}`, null)).statusCode).toBe(404);
      expect((await call('GET', `/api/sign-contract/${bad}/document.pdf`, null)).statusCode).toBe(404);
      const res = await sign(bad);
      expect(res.statusCode).toBe(404);
      expect(res.json().detail).toBe(CONTRACT_MESSAGES.linkInvalid);
    }
    expect((await row(id)).status).toBe('pending');
    const view = await call('GET', `/api/sign-contract/${token}`, null);
    expect(view.statusCode).toBe(200);
    expect(view.json()).toMatchObject({ dealerName: 'Thandi Mokoena', dealerCode: zCode(agent.id), status: 'pending' });
  });

  it('signs once: the signed copy has the typed name and a certificate whose hash is the stored original’s', async () => {
    const { id, token } = await newContract('signer@example.test');
    const before = await call('GET', `/api/contracts/${id}/get-contract-download-link`, 'admin');
    expect(before.json()).toEqual({ status: 404, message: CONTRACT_MESSAGES.notFound });

    const res = await sign(token, 'Thandi N. Mokoena', { 'user-agent': 'Mozilla/5.0 (Test Phone) Chrome/131.0' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'completed', message: CONTRACT_MESSAGES.signed });

    const again = await sign(token, 'Someone Else');
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(CONTRACT_MESSAGES.alreadySigned);
    expect((await call('POST', `/api/sign-contract/${token}/decline`, null, {})).statusCode).toBe(409);

    const stored = await row(id);
    expect(stored).toMatchObject({ status: 'completed', signerName: 'Thandi N. Mokoena', signerIp: '127.0.0.1' });
    const original = await storedBytes(stored.unsignedFileId!);
    const originalHash = createHash('sha256').update(original).digest('hex');
    expect(originalHash).toBe(stored.documentSha256);

    const link = await call('GET', `/api/contracts/${id}/get-contract-download-link`, 'admin');
    expect(link.json().status).toBe(200);
    const url = link.json().documents[0].url as string;
    expect(url).toBe(`/api/contracts/${id}/signed.pdf`);
    expect((await call('GET', url, 'flagless')).statusCode).toBe(403);
    const signed = await call('GET', url, 'admin');
    expect(signed.statusCode).toBe(200);
    expect(signed.headers['content-type']).toBe('application/pdf');
    const lines = pdfText(signed.rawPayload);
    expect(lines).toContain('Thandi N. Mokoena');
    expect(lines).toContain('SIGNING CERTIFICATE');
    expect(lines).toContain(originalHash);
    expect(lines).toContain('127.0.0.1');
    expect(lines.join('\n')).toContain('Mozilla/5.0 (Test Phone) Chrome/131.0');
    // The original's pages are all there, before the certificate.
    expect(signed.rawPayload.length).toBeGreaterThan(original.length);

    const [audit] = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'contract.sign'));
    expect(audit).toMatchObject({ entityId: String(id), ipAddress: '127.0.0.1' });
    const view = await call('GET', `/api/sign-contract/${token}`, null);
    expect(view.json()).toMatchObject({ status: 'completed', signerName: 'Thandi N. Mokoena' });
  });

  it('completes a contract once when two signatures race', async () => {
    const { id, token } = await newContract('race@example.test');
    const answers = await Promise.all([sign(token, 'First Racer'), sign(token, 'Second Racer')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const stored = await row(id);
    const files = await ctx.db.select().from(storedFiles).where(eq(storedFiles.ownerUserId, agent.id));
    expect(files.filter((f) => f.id === stored.signedFileId)).toHaveLength(1);
    expect(['First Racer', 'Second Racer']).toContain(stored.signerName);
  });

  it('lets the dealer decline, after which the link cannot sign', async () => {
    const { id, token } = await newContract('decliner@example.test');
    const res = await call('POST', `/api/sign-contract/${token}/decline`, null, { reason: 'Commission too low' });
    expect(res.json()).toEqual({ status: 'declined', message: CONTRACT_MESSAGES.declined });
    expect((await sign(token)).statusCode).toBe(409);
    expect(await row(id)).toMatchObject({ status: 'declined', declineReason: 'Commission too low' });
  });
});

describe('reminders and expiry (the scheduled job)', () => {
  it('reminds after 3 and 7 days, each once with a fresh link, and expires after 30', async () => {
    const first = await newContract('reminded@example.test');
    const sent = async () =>
      (await ctx.db.select().from(dealerContracts).where(eq(dealerContracts.id, first.id)))[0]!.remindersSent;
    const run = async () => (await ctx.jobs.runNow(REMINDER_QUEUE, {})).result as { reminded: number; expired: number };

    await run();
    expect(await sent()).toBe(0);

    ctx.clock.advance(3 * DAY + HOUR);
    await run();
    expect(await sent()).toBe(1);
    const reminder = await lastMessageTo(ctx.db, 'reminded@example.test', 'email');
    expect(reminder.subject).toContain('Reminder: please sign');
    const second = await lastLinkMailedTo(ctx.db, 'reminded@example.test');
    expect(second).not.toBe(first.link);
    // Only the hash of the newest link is kept: the first link no longer opens the contract.
    expect((await call('GET', `/api/sign-contract/${first.token}`, null)).statusCode).toBe(404);
    const secondToken = second.slice(second.lastIndexOf('/') + 1);
    expect((await call('GET', `/api/sign-contract/${secondToken}`, null)).statusCode).toBe(200);

    await run();
    expect(await sent()).toBe(1);
    expect((await lastMessageTo(ctx.db, 'reminded@example.test', 'email')).id).toBe(reminder.id);

    ctx.clock.advance(4 * DAY);
    await run();
    expect(await sent()).toBe(2);
    const third = await lastMessageTo(ctx.db, 'reminded@example.test', 'email');
    expect(third.id).not.toBe(reminder.id);
    await run();
    expect((await lastMessageTo(ctx.db, 'reminded@example.test', 'email')).id).toBe(third.id);

    const latest = await lastLinkMailedTo(ctx.db, 'reminded@example.test');
    const latestToken = latest.slice(latest.lastIndexOf('/') + 1);
    ctx.clock.advance(23 * DAY);
    // Past its expiry the link is refused even before the job has run.
    const late = await sign(latestToken);
    expect(late.statusCode).toBe(410);
    expect(late.json().detail).toBe(CONTRACT_MESSAGES.linkExpired);
    const result = await run();
    expect(result.expired).toBeGreaterThanOrEqual(1);
    expect(await row(first.id)).toMatchObject({ status: 'expired', signTokenHash: null, remindersSent: 2 });
    expect((await lastMessageTo(ctx.db, 'reminded@example.test', 'email')).id).toBe(third.id);
    const [audit] = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'contract.expire'));
    expect(audit).toMatchObject({ entityId: expect.any(String), actorUserId: null });
  });

  it('writes many due reminders in a few statements, each contract reminded once when a run fails part-way and is retried (decision 072)', async () => {
    const N = 40;
    const now = ctx.clock.now();
    // N pending built-in contracts sent four days ago: each has its first reminder due.
    const inserted = await ctx.db.execute<{ id: number; email: string }>(sql`
      insert into dealer_contracts (users_master_id, document_name, email, status, provider, sign_token_hash,
                                    expires_at, created_by, created_at, updated_at)
      select ${agent.id}, 'Bulk reminded agreement ' || g, 'bulk' || g || '.reminded@example.test', 'pending',
             'builtin', md5('bulk' || g), ${new Date(now.getTime() + 26 * DAY).toISOString()}::timestamptz,
             ${admin.id}, ${new Date(now.getTime() - 4 * DAY).toISOString()}::timestamptz, now()
        from generate_series(1, ${N}) g
      returning id, email`);
    const ids = inserted.rows.map((r) => r.id).sort((a, b) => a - b);
    const emails = inserted.rows.map((r) => r.email).sort();
    const reminded = async () => {
      const result = await ctx.db.execute<{ recipient: string; subject: string; body: string }>(
        sql`select recipient, subject, body from outbox_messages where recipient like 'bulk%.reminded@example.test'`,
      );
      return result.rows;
    };
    const markers = async () =>
      (
        await ctx.db.execute<{ sent: number }>(
          sql`select reminders_sent as sent from dealer_contracts where id = any(${`{${ids.join(',')}}`}::int[]) order by id`,
        )
      ).rows.map((r) => r.sent);

    const query = pg.Client.prototype.query;
    const textOf = (args: unknown[]) => {
      const first = args[0] as string | { text?: string } | undefined;
      return (typeof first === 'string' ? first : (first?.text ?? '')).toLowerCase();
    };
    // A first run, in batches of 16, fails when it writes its second batch to the outbox: the
    // first batch stays written and marked, nothing of the second stays.
    let outboxWrites = 0;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      if (textOf(args).includes('insert into "outbox_messages"') && ++outboxWrites === 2) {
        return Promise.reject(new Error('outbox down'));
      }
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof query;
    try {
      await expect(runContractReminders(ctx.services, 16)).rejects.toThrow(/outbox_messages/);
    } finally {
      pg.Client.prototype.query = query;
    }
    expect(await reminded()).toHaveLength(16);
    expect(await markers()).toEqual(ids.map((_, i) => (i < 16 ? 1 : 0)));

    // The retry (the job) reminds the other 24, with a handful of statements, not one per reminder.
    let statements = 0;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      statements += 1;
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof query;
    try {
      expect((await ctx.jobs.runNow(REMINDER_QUEUE, {})).state).toBe('completed');
    } finally {
      pg.Client.prototype.query = query;
    }
    const mails = await reminded();
    // Every contract once: none skipped, none repeated.
    expect(mails.map((m) => m.recipient).sort()).toEqual(emails);
    expect(statements).toBeLessThan(N - 16);
    expect(await markers()).toEqual(ids.map(() => 1));
    // The texts are the reminders' own: a fresh link that opens the contract.
    const one = mails.find((m) => m.recipient === 'bulk7.reminded@example.test')!;
    expect(one.subject).toBe('Reminder: please sign your Bulk reminded agreement 7');
    expect(one.body).toContain(
      'This is a reminder that your Bulk reminded agreement 7 is still waiting for your signature.',
    );
    const link = await lastLinkMailedTo(ctx.db, 'bulk7.reminded@example.test');
    const view = await call('GET', `/api/sign-contract/${link.slice(link.lastIndexOf('/') + 1)}`, null);
    expect(view.statusCode).toBe(200);
    expect(view.json().documentName).toBe('Bulk reminded agreement 7');

    // Run again: nothing is due, nothing is sent twice.
    expect((await ctx.jobs.runNow(REMINDER_QUEUE, {})).state).toBe('completed');
    expect(await reminded()).toHaveLength(N);
    expect(await markers()).toEqual(ids.map(() => 1));
  });
});

describe('the DocuSeal adapter (by settings)', () => {
  let fake: Server;
  let docuseal: TestContext;
  const submissions = new Map<string, { status: string; name: string; email: string; key: string | undefined }>();
  let failNext = false;
  /** Document addresses the fake answers instead of its own (an outside service is not trusted to link). */
  let documentUrls: string[] | undefined;

  beforeAll(async () => {
    fake = createServer(async (req, res) => {
      const body = await buffer(req);
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(json));
      };
      if (failNext) {
        failNext = false;
        return send(500, { error: 'boom' });
      }
      const key = req.headers['x-auth-token'] as string | undefined;
      if (req.method === 'POST' && req.url === '/api/submissions/pdf') {
        const input = JSON.parse(body.toString());
        const id = String(1000 + submissions.size);
        const pdf = Buffer.from(input.documents[0].file, 'base64');
        if (pdf.subarray(0, 5).toString() !== '%PDF-') return send(422, { error: 'not a pdf' });
        submissions.set(id, { status: 'pending', name: input.name, email: input.submitters[0].email, key });
        return send(200, { id: Number(id), name: input.name });
      }
      const match = /^\/api\/submissions\/(\d+)(\/documents)?$/.exec(req.url ?? '');
      const found = match ? submissions.get(match[1]!) : undefined;
      if (!found) return send(404, { error: 'not found' });
      if (match![2]) {
        return send(200, {
          id: Number(match![1]),
          documents: (documentUrls ?? [`https://docuseal.test/file/${match![1]}.pdf`]).map((url) => ({
            name: found.name,
            url,
          })),
        });
      }
      return send(200, { id: Number(match![1]), status: found.status });
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    const port = (fake.address() as AddressInfo).port;
    docuseal = await createTestContext({
      ESIGN_PROVIDER: 'docuseal',
      DOCUSEAL_URL: `http://127.0.0.1:${port}/api`,
      DOCUSEAL_API_KEY: 'test-docuseal-key',
    });
  });

  afterAll(async () => {
    await docuseal?.close();
    await new Promise((resolve) => fake?.close(resolve));
  });

  it('sends the PDF as a DocuSeal submission, follows its status and opens its signed document', async () => {
    const boss = await createUser(docuseal.db, { isAdmin: true, password: PASSWORD });
    await grantFeatures(docuseal.db, boss.id, ['Users Management']);
    const dealer = await createUser(docuseal.db, { password: PASSWORD, firstName: 'Sipho', surname: 'Nkosi' });
    const cookie = await docuseal.signIn(boss.email!, PASSWORD);
    const inject = (method: 'GET' | 'POST', url: string, payload?: object) =>
      docuseal.app.inject({ method, url, headers: { cookie, origin: TEST_ORIGIN }, ...(payload ? { payload } : {}) });
    const body = { agentCode: zCode(dealer.id), email: 'sipho@example.test', arrIds: [302783, 306177, 306185] };

    failNext = true;
    const failed = await inject('POST', `/api/contracts/agents/${dealer.id}/generate-new-contract`, body);
    expect(failed.statusCode).toBe(502);
    expect(failed.json().detail).toBe(CONTRACT_MESSAGES.generateFailed);
    expect(await docuseal.db.select().from(dealerContracts)).toHaveLength(0);

    const res = await inject('POST', `/api/contracts/agents/${dealer.id}/generate-new-contract`, body);
    expect(res.statusCode).toBe(200);
    const { contract } = res.json();
    expect(contract.provider).toBe('docuseal');
    const [stored] = await docuseal.db.select().from(dealerContracts).where(eq(dealerContracts.id, contract.id));
    expect(stored!.signTokenHash).toBeNull();
    const submission = submissions.get(stored!.providerSubmissionId!)!;
    expect(submission).toMatchObject({ email: 'sipho@example.test', status: 'pending', key: 'test-docuseal-key' });

    const pending = await inject('GET', `/api/contracts/${contract.id}/get-contract-download-link`);
    expect(pending.json()).toEqual({ status: 404, message: CONTRACT_MESSAGES.notFound });

    submission.status = 'completed';
    const done = await inject('GET', `/api/contracts/${contract.id}/get-contract-download-link`);
    expect(done.json()).toEqual({
      status: 200,
      documents: [{ name: submission.name, url: `https://docuseal.test/file/${stored!.providerSubmissionId}.pdf` }],
    });
    const list = await inject('GET', `/api/contracts/agents/${dealer.id}/get-contract-submissions`);
    expect(list.json().data[0].status).toBe('completed');
  });

  it('opens only http(s) document addresses from DocuSeal (decision 063)', async () => {
    const boss = await createUser(docuseal.db, { isAdmin: true, password: PASSWORD });
    await grantFeatures(docuseal.db, boss.id, ['Users Management']);
    const dealer = await createUser(docuseal.db, { password: PASSWORD });
    const cookie = await docuseal.signIn(boss.email!, PASSWORD);
    const inject = (method: 'GET' | 'POST', url: string, payload?: object) =>
      docuseal.app.inject({ method, url, headers: { cookie, origin: TEST_ORIGIN }, ...(payload ? { payload } : {}) });
    const res = await inject('POST', `/api/contracts/agents/${dealer.id}/generate-new-contract`, {
      agentCode: zCode(dealer.id),
      email: dealer.email!,
      arrIds: [302783, 306177, 306185],
    });
    const { contract } = res.json();
    const [stored] = await docuseal.db.select().from(dealerContracts).where(eq(dealerContracts.id, contract.id));
    submissions.get(stored!.providerSubmissionId!)!.status = 'completed';
    try {
      documentUrls = ['javascript:alert(document.domain)', 'data:text/html,<script>alert(1)</script>', ' https://x'];
      const refused = await inject('GET', `/api/contracts/${contract.id}/get-contract-download-link`);
      expect(refused.json()).toEqual({ status: 404, message: CONTRACT_MESSAGES.notFound });
      documentUrls = ['javascript:alert(1)', 'https://docuseal.test/file/signed.pdf'];
      const kept = await inject('GET', `/api/contracts/${contract.id}/get-contract-download-link`);
      expect(kept.json().documents.map((d: { url: string }) => d.url)).toEqual([
        'https://docuseal.test/file/signed.pdf',
      ]);
    } finally {
      documentUrls = undefined;
    }
  });

  it('records a DocuSeal completion once when two requests learn of it together (decision 063)', async () => {
    const boss = await createUser(docuseal.db, { isAdmin: true, password: PASSWORD });
    await grantFeatures(docuseal.db, boss.id, ['Users Management']);
    const dealer = await createUser(docuseal.db, { password: PASSWORD });
    const cookie = await docuseal.signIn(boss.email!, PASSWORD);
    const inject = (method: 'GET' | 'POST', url: string, payload?: object) =>
      docuseal.app.inject({ method, url, headers: { cookie, origin: TEST_ORIGIN }, ...(payload ? { payload } : {}) });
    const res = await inject('POST', `/api/contracts/agents/${dealer.id}/generate-new-contract`, {
      agentCode: zCode(dealer.id),
      email: dealer.email!,
      arrIds: [302783, 306177, 306185],
    });
    expect(res.statusCode).toBe(200);
    const { contract } = res.json();
    const [stored] = await docuseal.db.select().from(dealerContracts).where(eq(dealerContracts.id, contract.id));
    submissions.get(stored!.providerSubmissionId!)!.status = 'completed';

    const answers = await Promise.all(
      Array.from({ length: 4 }, () => inject('GET', `/api/contracts/${contract.id}/get-contract-download-link`)),
    );
    for (const answer of answers) expect(answer.json().status).toBe(200);
    const audits = await docuseal.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'dealer_contracts'), eq(auditLog.entityId, String(contract.id))));
    expect(audits.map((row) => row.action).sort()).toEqual(['contract.completed', 'contract.generate']);
  });

  it('tells who may manage the dealer’s contracts of a DocuSeal decline, once, however many learn of it together (decision 072)', async () => {
    const boss = await createUser(docuseal.db, { isAdmin: true, password: PASSWORD });
    await grantFeatures(docuseal.db, boss.id, ['Users Management']);
    const flagless = await createUser(docuseal.db, { isAdmin: true, password: PASSWORD });
    await grantFeatures(docuseal.db, flagless.id, ['Deals']);
    const dealer = await createUser(docuseal.db, { password: PASSWORD, firstName: 'Bongani', surname: 'Mahlangu' });
    const cookie = await docuseal.signIn(boss.email!, PASSWORD);
    const inject = (method: 'GET' | 'POST', url: string, payload?: object) =>
      docuseal.app.inject({ method, url, headers: { cookie, origin: TEST_ORIGIN }, ...(payload ? { payload } : {}) });
    const documentName = 'Agency Agreement declined at DocuSeal';
    const res = await inject('POST', `/api/contracts/agents/${dealer.id}/generate-new-contract`, {
      agentCode: zCode(dealer.id),
      email: dealer.email!,
      arrIds: [302783, 306177, 306185],
      documentName,
    });
    expect(res.statusCode).toBe(200);
    const { contract } = res.json();
    const [stored] = await docuseal.db.select().from(dealerContracts).where(eq(dealerContracts.id, contract.id));
    submissions.get(stored!.providerSubmissionId!)!.status = 'declined';

    // The admin opening it (four times at once) and the hourly job all learn of it together.
    const answers = await Promise.all([
      ...Array.from({ length: 4 }, () => inject('GET', `/api/contracts/${contract.id}/get-contract-download-link`)),
      docuseal.jobs.runNow(REMINDER_QUEUE, {}),
    ]);
    for (const answer of answers.slice(0, 4)) {
      expect((answer as Awaited<ReturnType<typeof inject>>).json()).toEqual({
        status: 404,
        message: CONTRACT_MESSAGES.notFound,
      });
    }
    expect((await docuseal.jobs.runNow(REMINDER_QUEUE, {})).state).toBe('completed');
    const [settled] = await docuseal.db.select().from(dealerContracts).where(eq(dealerContracts.id, contract.id));
    expect(settled!.status).toBe('declined');

    const mails = await docuseal.db.$client.query(
      `SELECT recipient, subject, body FROM outbox_messages
        WHERE subject LIKE 'Contract declined:%' AND body LIKE $1 ORDER BY id`,
      [`%${documentName}%`],
    );
    const alerts = await docuseal.db.$client.query(
      `SELECT r.user_id FROM alerts a JOIN alert_recipients r ON r.alert_id = a.id
        WHERE a.type = 'contract' AND a.title = 'Contract declined' AND a.description_html LIKE $1`,
      [`%${documentName}%`],
    );
    const recipients = (mails.rows as Array<{ recipient: string }>).map((m) => m.recipient);
    const alerted = (alerts.rows as Array<{ user_id: number }>).map((a) => a.user_id);
    // The Users Management admin (who also sent it) is told once by mail and once in the bell.
    expect(recipients.filter((r) => r === boss.email)).toHaveLength(1);
    expect(alerted.filter((id) => id === boss.id)).toHaveLength(1);
    // An admin without Users Management and the dealer are not told.
    expect(recipients).not.toContain(flagless.email);
    expect(recipients).not.toContain(dealer.email);
    expect(alerted).not.toContain(flagless.id);
    expect(alerted).not.toContain(dealer.id);
    // Each is told once: as many mails as alerts, no recipient twice.
    expect(new Set(recipients).size).toBe(recipients.length);
    expect(alerted.length).toBe(recipients.length);
    const mail = (mails.rows as Array<{ recipient: string; subject: string; body: string }>).find(
      (m) => m.recipient === boss.email,
    )!;
    expect(mail.subject).toBe(`Contract declined: ${documentName}`);
    expect(mail.body).toContain(`Bongani Mahlangu (${zCode(dealer.id)}) was declined at DocuSeal on`);

    const audits = await docuseal.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'dealer_contracts'), eq(auditLog.entityId, String(contract.id))));
    const declined = audits.filter((row) => row.action === 'contract.declined');
    expect(declined).toHaveLength(1);
    expect((declined[0]!.after as { toldUserIds: number[] }).toldUserIds).toContain(boss.id);
  });
});

describe('a link sent elsewhere', () => {
  it('tells the dealer at the address on file when the link goes to another address', async () => {
    // The clock of the tests above has moved past the first session.
    cookies.admin = await ctx.signIn(admin.email!, PASSWORD);
    const res = await generate('admin', agent.id, { email: 'someone.else@example.test' });
    expect(res.statusCode).toBe(200);
    const notice = await lastMessageTo(ctx.db, agent.email!, 'email');
    expect(notice.subject).toContain('was sent for signing to another address');
    expect(notice.body).toContain('someone.else@example.test');
    expect(notice.body).not.toContain('/sign-contract/');
  });

  it('tells a dealer without an e-mail address by SMS to the phone on file (decision 063)', async () => {
    const phoneOnly = await createUser(ctx.db, { firstName: 'Lerato', surname: 'Khumalo', parentId: agent.id });
    await ctx.db.update(usersMaster).set({ email: null }).where(eq(usersMaster.id, phoneOnly.id));
    const res = await generate('admin', phoneOnly.id, { email: 'not.the.dealer@example.test' });
    expect(res.statusCode).toBe(200);
    const notice = await lastMessageTo(ctx.db, phoneOnly.phone!, 'sms');
    expect(notice.body).toContain('was sent for signing to another address');
    expect(notice.body).toContain('not.the.dealer@example.test');
    expect(notice.body).not.toContain('/sign-contract/');
  });
});

describe('a declined contract (decision 067)', () => {
  const decline = (token: string, reason?: string) =>
    call('POST', `/api/sign-contract/${token}/decline`, null, reason ? { reason } : {});

  async function generated(who: Who, dealerId: number, email: string, documentName: string) {
    const res = await generate(who, dealerId, { email, documentName });
    expect(res.statusCode).toBe(200);
    const link = await lastLinkMailedTo(ctx.db, email);
    return link.slice(link.lastIndexOf('/') + 1);
  }

  /** The outbox messages and bell alerts that tell of this document's decline, by recipient. */
  async function noticesOf(documentName: string) {
    const mails = await ctx.db.$client.query(
      `SELECT recipient, channel, subject, body FROM outbox_messages
        WHERE subject LIKE 'Contract declined:%' AND body LIKE $1 ORDER BY id`,
      [`%${documentName}%`],
    );
    const alerts = await ctx.db.$client.query(
      `SELECT r.user_id, a.title, a.description_html FROM alerts a JOIN alert_recipients r ON r.alert_id = a.id
        WHERE a.type = 'contract' AND a.description_html LIKE $1 ORDER BY r.user_id`,
      [`%${documentName}%`],
    );
    return {
      mails: mails.rows as Array<{ recipient: string; channel: string; subject: string; body: string }>,
      alerts: alerts.rows as Array<{ user_id: number; title: string; description_html: string }>,
    };
  }

  it('tells every admin who may manage the dealer’s contracts, once, without the link or the ID number', async () => {
    // The clock of the tests above has moved past the first sessions.
    cookies.admin = await ctx.signIn(admin.email!, PASSWORD);
    const idNumber = buildSaId('1991-04-12', 'M', true, 4321);
    const dealer = await createUser(ctx.db, {
      firstName: 'Sizwe',
      surname: 'Ndlovu',
      identificationNo: idNumber,
      parentId: agent.id,
    });
    const colleague = await createUser(ctx.db, { isAdmin: true, password: PASSWORD });
    await grantFeatures(ctx.db, colleague.id, ['Users Management']);
    const flagless = await createUser(ctx.db, { isAdmin: true, password: PASSWORD });
    await grantFeatures(ctx.db, flagless.id, ['Deals']);
    const leaver = await createUser(ctx.db, { isAdmin: true, refsUserLifecycleStatusId: 3 });
    await grantFeatures(ctx.db, leaver.id, ['Users Management']);
    const documentName = 'Agency Agreement declined in a race';
    const token = await generated('admin', dealer.id, 'sizwe@example.test', documentName);

    // Two declines race and a third replays: one is declined, the others are 409s.
    const answers = await Promise.all([decline(token, 'Commission too low'), decline(token, 'Commission too low')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const replay = await decline(token, 'Commission too low');
    expect(replay.statusCode).toBe(409);
    expect(replay.json().code).toBe('ALREADY_DECLINED');

    const { mails, alerts } = await noticesOf(documentName);
    // The sender is one of the managing admins: told once, as is the colleague; nobody else.
    expect(mails.map((m) => m.recipient).sort()).toEqual([admin.email, colleague.email].sort());
    expect(mails.every((m) => m.channel === 'email')).toBe(true);
    expect(alerts.map((a) => a.user_id).sort((a, b) => a - b)).toEqual([admin.id, colleague.id].sort((a, b) => a - b));
    for (const text of [...mails.map((m) => `${m.subject}\n${m.body}`), ...alerts.map((a) => a.description_html)]) {
      expect(text).toContain('Sizwe Ndlovu');
      expect(text).toContain(zCode(dealer.id));
      expect(text).toContain('Commission too low');
      expect(text).not.toContain(token);
      expect(text).not.toContain('/sign-contract/');
      expect(text).not.toContain(idNumber);
    }
  });

  it('tells the sender who has since lost the power, and not an admin who may not manage an admin dealer', async () => {
    cookies.admin = await ctx.signIn(admin.email!, PASSWORD);
    const sender = await createUser(ctx.db, { isAdmin: true, password: PASSWORD });
    await grantFeatures(ctx.db, sender.id, ['Users Management', 'Commissions']);
    const peer = await createUser(ctx.db, { isAdmin: true, password: PASSWORD });
    await grantFeatures(ctx.db, peer.id, ['Users Management', 'Commissions']);
    // An admin dealer holding Commissions: `admin` (Users Management only) may not manage them.
    const dealer = await createUser(ctx.db, { isAdmin: true, firstName: 'Ayanda', surname: 'Zulu' });
    await grantFeatures(ctx.db, dealer.id, ['Commissions']);
    cookies.leader = await ctx.signIn(sender.email!, PASSWORD);
    const documentName = 'Agency Agreement of an admin dealer';
    const token = await generated('leader', dealer.id, 'ayanda@example.test', documentName);
    // The sender's Users Management is taken away before the decline.
    await ctx.db.execute(
      sql`DELETE FROM users_access_index WHERE user_master_id = ${sender.id}
            AND features_master_id = (SELECT id FROM features_master WHERE name = 'Users Management')`,
    );
    expect((await decline(token)).statusCode).toBe(200);

    const { mails, alerts } = await noticesOf(documentName);
    expect(mails.map((m) => m.recipient).sort()).toEqual([sender.email, peer.email].sort());
    expect(alerts.map((a) => a.user_id).sort((a, b) => a - b)).toEqual([sender.id, peer.id].sort((a, b) => a - b));
    expect(mails[0]!.body).toContain('No reason was given.');
  });
});
