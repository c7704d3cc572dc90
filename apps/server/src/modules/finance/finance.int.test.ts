import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FINANCE_MESSAGES } from '@portal/domain/finance';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { holdOpen, untilLockWaiters } from '../../../test/lock-waits.ts';
import { lastMessageTo } from '../../../test/outbox-reader.ts';
import { createTestContext, TEST_ORIGIN, type TestContext } from '../../../test/test-app.ts';
import { createUser, grantFeatures, type UserRow } from '../../db/seed/factories.ts';
import { createCreditApplicationRow, createSupportApplicationRow } from '../../db/seed/finance-factories.ts';
import { chatWebhookTransport } from '../../platform/chat.ts';

let ctx: TestContext;
let admin: UserRow;
let adminCookie: string;
let adminWithoutFlag: UserRow;
let leader: UserRow;
let child: UserRow;
let agent: UserRow;

const PASSWORD = 'Secret123';

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createUser(ctx.db, { isAdmin: true, password: PASSWORD, firstName: 'Fiona', surname: 'Finance' });
  await grantFeatures(ctx.db, admin.id, ['Users Management']);
  adminCookie = await ctx.signIn(admin.email!, PASSWORD);
  adminWithoutFlag = await createUser(ctx.db, { isAdmin: true, password: PASSWORD });
  leader = await createUser(ctx.db, { isLeader: true, password: PASSWORD });
  child = await createUser(ctx.db, { parentId: leader.id, password: PASSWORD, firstName: 'Thabo', surname: 'Nkosi' });
  agent = await createUser(ctx.db, { password: PASSWORD });
});
afterAll(() => ctx?.close());

const post = (cookie: string, path: string, payload: object) =>
  ctx.app.inject({ method: 'POST', url: path, headers: { cookie, origin: TEST_ORIGIN }, payload });
const get = (cookie: string, url: string) => ctx.app.inject({ method: 'GET', url, headers: { cookie } });

const credit = (overrides: object = {}) => ({
  creditType: 'Unsecured Loan',
  hasCosigner: false,
  cosignerCode: null,
  requestValueCents: 200_000,
  assetType: 'Vehicle',
  assetDescription: 'Toyota Hilux 2.4',
  assetUniqueNumber: 'VIN123',
  months: 6,
  monthlyPaymentCents: 40_000,
  ...overrides,
});

async function chatMessages() {
  const { rows } = await ctx.db.$client.query(
    "SELECT id, recipient, body, status, transport FROM outbox_messages WHERE channel = 'chat' ORDER BY id",
  );
  return rows;
}

describe('support applications', () => {
  it('takes five items, totals them, tells the finance chat with a link to the dealer, and audits', async () => {
    const items = [
      { type: 'Unsecured Loan', valueCents: 50_000 },
      { type: 'Advance', valueCents: 25_000 },
      { type: 'Expense paid on behalf of agent', valueCents: 12_550 },
      { type: 'Advance', valueCents: 10_000 },
      { type: 'Advance', valueCents: 2_450 },
    ];
    const response = await post(adminCookie, `/api/people/${child.id}/support-applications`, { items });
    expect(response.statusCode).toBe(201);
    const { id, chatMessageId } = response.json();

    const list = await get(adminCookie, `/api/people/${child.id}/support-applications`);
    expect(list.json().items[0]).toMatchObject({ id, items, itemsAmountCents: 100_000, status: 'pending' });
    expect(list.json().items[0].createdBy).toBe(`Z-${admin.id}: Fiona Finance`);

    const [message] = (await chatMessages()).filter((row) => row.id === chatMessageId);
    expect(message).toMatchObject({ recipient: 'finance-team', status: 'sent', transport: 'outbox' });
    expect(message.body).toContain(`New support application #${id} for Z-${child.id}: Thabo Nkosi`);
    expect(message.body).toContain(`${TEST_ORIGIN}/user-detail/${child.id}`);
    expect(message.body).toMatch(/Total: R\s?1\s?000,00/);

    const audit = await ctx.db.$client.query(
      "SELECT action, actor_user_id FROM audit_log WHERE entity = 'support_applications' AND entity_id = $1",
      [String(id)],
    );
    expect(audit.rows).toEqual([{ action: 'finance.support.create', actor_user_id: admin.id }]);
  });

  it('refuses a sixth item with the spec’s limit, and an empty application', async () => {
    const before = (await chatMessages()).length;
    const six = Array.from({ length: 6 }, () => ({ type: 'Advance', valueCents: 1_000 }));
    const response = await post(adminCookie, `/api/people/${child.id}/support-applications`, { items: six });
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain(FINANCE_MESSAGES.tooManyItems);

    const none = await post(adminCookie, `/api/people/${child.id}/support-applications`, { items: [] });
    expect(none.statusCode).toBe(400);
    expect(JSON.stringify(none.json())).toContain(FINANCE_MESSAGES.noItems);
    expect((await chatMessages()).length).toBe(before);
  });

  it('refuses more support than the tier allows while earlier support is pending', async () => {
    const dealer = await createUser(ctx.db, { refsUserTierId: 1 });
    // Tier 1: R 2 500 of support at once; R 2 000 already pending, a declined R 5 000 does not count.
    await createSupportApplicationRow(ctx.db, dealer, [{ type: 'Advance', valueCents: 200_000 }]);
    await createSupportApplicationRow(ctx.db, dealer, [{ type: 'Advance', valueCents: 500_000 }], {
      status: 'declined',
    });
    const available = await get(adminCookie, `/api/support/available-support?user_id=${dealer.id}`);
    expect(available.json()).toEqual({
      tier: 1,
      maxSupportCents: 250_000,
      pendingSupportCents: 200_000,
      availableSupportCents: 50_000,
    });
    const over = await post(adminCookie, `/api/people/${dealer.id}/support-applications`, {
      items: [{ type: 'Advance', valueCents: 50_001 }],
    });
    expect(over.statusCode).toBe(400);
    expect(over.json().detail).toBe(FINANCE_MESSAGES.supportOver(50_000));
  });
});

describe('credit applications', () => {
  it('works out the available credit from the tier’s settings minus unsettled outstanding credit', async () => {
    const dealer = await createUser(ctx.db, { refsUserTierId: 2 });
    await createCreditApplicationRow(ctx.db, dealer, { requestValueCents: 400_000, outstandingAmountCents: 250_000 });
    await createCreditApplicationRow(ctx.db, dealer, { requestValueCents: 100_000, outstandingAmountCents: 50_000 });
    await createCreditApplicationRow(ctx.db, dealer, { requestValueCents: 900_000, settled: true });
    const response = await get(adminCookie, `/api/support/available-credit?user_id=${dealer.id}`);
    expect(response.json()).toEqual({
      tier: 2,
      maxCreditCents: 1_000_000,
      months: 6,
      maximumMonthlyPaymentCents: 200_000,
      outstandingCreditCents: 300_000,
      availableCreditCents: 700_000,
    });

    const over = await post(
      adminCookie,
      `/api/people/${dealer.id}/credit-applications`,
      credit({ requestValueCents: 700_001, monthlyPaymentCents: 120_000 }),
    );
    expect(over.statusCode).toBe(400);
    expect(over.json().detail).toBe(FINANCE_MESSAGES.creditOver(700_000));

    const ok = await post(
      adminCookie,
      `/api/people/${dealer.id}/credit-applications`,
      credit({ requestValueCents: 700_000, monthlyPaymentCents: 120_000 }),
    );
    expect(ok.statusCode).toBe(201);
    const after = await get(adminCookie, `/api/support/available-credit?user_id=${dealer.id}`);
    expect(after.json()).toMatchObject({ outstandingCreditCents: 1_000_000, availableCreditCents: 0 });
    const list = await get(adminCookie, `/api/people/${dealer.id}/credit-applications?pageSize=2`);
    expect(list.json()).toMatchObject({ total: 4, pageSize: 2 });
    expect(list.json().items[0]).toMatchObject({
      requestValueCents: 700_000,
      outstandingAmountCents: 700_000,
      maxCreditCents: 1_000_000,
      settled: false,
      cosigner: null,
    });
  });

  it('gives every validation message: cosigner, months, monthly payment', async () => {
    const url = `/api/people/${child.id}/credit-applications`;
    const noCode = await post(adminCookie, url, credit({ hasCosigner: true, cosignerCode: null }));
    expect(noCode.statusCode).toBe(400);
    expect(JSON.stringify(noCode.json())).toContain(FINANCE_MESSAGES.cosignerRequired);

    const unknown = await post(adminCookie, url, credit({ hasCosigner: true, cosignerCode: 'Z-999999' }));
    expect(unknown.json().detail).toBe(FINANCE_MESSAGES.cosignerNotFound);

    const self = await post(adminCookie, url, credit({ hasCosigner: true, cosignerCode: `Z-${child.id}` }));
    expect(self.json().detail).toBe(FINANCE_MESSAGES.cosignerIsApplicant);

    // Tier 1 (the default): at most 6 months and R 1 000 a month.
    const months = await post(adminCookie, url, credit({ months: 7 }));
    expect(months.json().errors).toContainEqual({ field: 'months', message: FINANCE_MESSAGES.monthsOver(6) });
    const monthly = await post(adminCookie, url, credit({ monthlyPaymentCents: 100_001 }));
    expect(monthly.json().detail).toBe(FINANCE_MESSAGES.monthlyPaymentOver(100_000));

    const notNumber = await post(adminCookie, url, credit({ requestValueCents: 'abc' }));
    expect(notNumber.statusCode).toBe(400);
  });

  it('keeps the cosigner as they are named, and tells the chat', async () => {
    const cosigner = await createUser(ctx.db, { firstName: 'Lerato', surname: 'Dlamini' });
    const response = await post(
      adminCookie,
      `/api/people/${child.id}/credit-applications`,
      credit({ hasCosigner: true, cosignerCode: `z${cosigner.id}`, requestValueCents: 150_000 }),
    );
    expect(response.statusCode).toBe(201);
    const { rows } = await ctx.db.$client.query(
      'SELECT cosignor_users_master_id, cosignor_z_code, cosignor_name, cosignor_surname FROM credit_applications WHERE id = $1',
      [response.json().id],
    );
    expect(rows[0]).toEqual({
      cosignor_users_master_id: cosigner.id,
      cosignor_z_code: `Z-${cosigner.id}`,
      cosignor_name: 'Lerato',
      cosignor_surname: 'Dlamini',
    });
    const message = (await chatMessages()).find((row) => row.id === response.json().chatMessageId);
    expect(message.body).toContain(`Cosigner: Z-${cosigner.id}: Lerato Dlamini`);
    expect(message.body).toContain(`${TEST_ORIGIN}/user-detail/${child.id}`);
  });
});

describe('the applicant and the cosigner are told', () => {
  it('e-mails the applicant and the cosigner what was filed in their name and by whom', async () => {
    const dealer = await createUser(ctx.db, { firstName: 'Sipho', surname: 'Applicant' });
    const cosigner = await createUser(ctx.db, { firstName: 'Naledi', surname: 'Cosigner' });
    const response = await post(
      adminCookie,
      `/api/people/${dealer.id}/credit-applications`,
      credit({ hasCosigner: true, cosignerCode: `Z-${cosigner.id}`, requestValueCents: 150_000 }),
    );
    expect(response.statusCode).toBe(201);
    const toApplicant = await lastMessageTo(ctx.db, dealer.email!, 'email');
    expect(toApplicant.subject).toBe('A credit application was filed in your name');
    expect(toApplicant.body).toContain(`Z-${dealer.id}`);
    expect(toApplicant.body).toMatch(/R\s?1\s?500,00/);
    expect(toApplicant.body).toContain(`Z-${admin.id}: Fiona Finance`);
    const toCosigner = await lastMessageTo(ctx.db, cosigner.email!, 'email');
    expect(toCosigner.subject).toBe('You were named as the cosigner of a credit application');
    expect(toCosigner.body).toContain(`Z-${dealer.id}: Sipho Applicant`);

    const support = await post(adminCookie, `/api/people/${dealer.id}/support-applications`, {
      items: [{ type: 'Advance', valueCents: 12_500 }],
    });
    expect(support.statusCode).toBe(201);
    const supportNotice = await lastMessageTo(ctx.db, dealer.email!, 'email');
    expect(supportNotice.subject).toBe('A support application was filed in your name');
    expect(supportNotice.body).toMatch(/R\s?125,00/);
  });

  it('tells a dealer without an e-mail address by SMS', async () => {
    const dealer = await createUser(ctx.db, { withoutLogin: true });
    await ctx.db.$client.query('UPDATE users_master SET email = NULL WHERE id = $1', [dealer.id]);
    const response = await post(adminCookie, `/api/people/${dealer.id}/support-applications`, {
      items: [{ type: 'Advance', valueCents: 1_000 }],
    });
    expect(response.statusCode).toBe(201);
    const sms = await lastMessageTo(ctx.db, dealer.phone!, 'sms');
    expect(sms.body).toContain('A support application was filed in your name');
  });
});

describe('one transaction', () => {
  it('keeps no application when the chat message cannot be written, and no message without one', async () => {
    const chat = ctx.services.financeChat;
    const original = chat.post;
    const dealer = await createUser(ctx.db);
    chat.post = async (message, tx) => {
      await original(message, tx);
      throw new Error('chat unavailable');
    };
    try {
      const before = (await chatMessages()).length;
      const response = await post(adminCookie, `/api/people/${dealer.id}/support-applications`, {
        items: [{ type: 'Advance', valueCents: 1_000 }],
      });
      expect(response.statusCode).toBe(500);
      expect((await chatMessages()).length).toBe(before);
      const { rows } = await ctx.db.$client.query(
        'SELECT count(*)::int AS n FROM support_applications WHERE users_master_id = $1',
        [dealer.id],
      );
      expect(rows[0].n).toBe(0);
    } finally {
      chat.post = original;
    }
  });
});

describe('who may', () => {
  it('refuses leaders (even on their own team), agents and admins without Users Management', async () => {
    const body = { items: [{ type: 'Advance', valueCents: 1_000 }] };
    for (const user of [leader, agent, adminWithoutFlag]) {
      const cookie = await ctx.signIn(user.email!, PASSWORD);
      const created = await post(cookie, `/api/people/${child.id}/support-applications`, body);
      expect(created.statusCode).toBe(403);
      const creditCreated = await post(cookie, `/api/people/${child.id}/credit-applications`, credit());
      expect(creditCreated.statusCode).toBe(403);
      expect((await get(cookie, `/api/support/available-credit?user_id=${child.id}`)).statusCode).toBe(403);
    }
  });

  it('refuses an admin with Users Management once marked inactive, on the session they still hold', async () => {
    const leaver = await createUser(ctx.db, { isAdmin: true, password: PASSWORD });
    await grantFeatures(ctx.db, leaver.id, ['Users Management']);
    const cookie = await ctx.signIn(leaver.email!, PASSWORD);
    await ctx.db.$client.query('UPDATE users_master SET refs_user_lifecycle_status_id = 3 WHERE id = $1', [leaver.id]);
    const created = await post(cookie, `/api/people/${child.id}/support-applications`, {
      items: [{ type: 'Advance', valueCents: 1_000 }],
    });
    expect(created.statusCode).toBe(403);
    expect((await post(cookie, `/api/people/${child.id}/credit-applications`, credit())).statusCode).toBe(403);
    expect((await get(cookie, `/api/people/${child.id}/credit-applications`)).statusCode).toBe(403);
  });

  it('answers a dealer nobody has with "No dealer found"', async () => {
    const response = await get(adminCookie, '/api/support/available-credit?user_id=99999999');
    expect(response.statusCode).toBe(404);
    expect(response.json().detail).toBe(FINANCE_MESSAGES.userNotFound);
  });
});

describe('the chat webhook adapter', () => {
  let hook: Server;
  let received: { body: unknown; authorization: string | undefined }[];
  let answer = 200;
  let webhookCtx: TestContext;

  beforeAll(async () => {
    received = [];
    hook = createServer((req, res) => {
      let data = '';
      req.on('data', (chunk) => {
        data += chunk;
      });
      req.on('end', () => {
        received.push({ body: JSON.parse(data), authorization: req.headers.authorization });
        res.writeHead(answer).end();
      });
    });
    await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
    const { port } = hook.address() as AddressInfo;
    webhookCtx = await createTestContext({
      CHAT_TRANSPORT: 'webhook',
      CHAT_WEBHOOK_URL: `http://127.0.0.1:${port}/hooks/finance`,
      CHAT_WEBHOOK_TOKEN: 'chat-token',
      FINANCE_CHAT_CHANNEL: '#finance',
    });
  });
  afterAll(async () => {
    await webhookCtx?.close();
    await new Promise((resolve) => hook.close(resolve));
  });

  it('writes the message with the application and the worker posts it as JSON to the webhook', async () => {
    const { db } = webhookCtx;
    const boss = await createUser(db, { isAdmin: true, password: PASSWORD });
    await grantFeatures(db, boss.id, ['Users Management']);
    const dealer = await createUser(db, { firstName: 'Sipho', surname: 'Mokoena' });
    const cookie = await webhookCtx.signIn(boss.email!, PASSWORD);
    answer = 200;
    const response = await webhookCtx.app.inject({
      method: 'POST',
      url: `/api/people/${dealer.id}/support-applications`,
      headers: { cookie, origin: TEST_ORIGIN },
      payload: { items: [{ type: 'Advance', valueCents: 30_000 }] },
    });
    expect(response.statusCode).toBe(201);
    const { chatMessageId } = response.json();
    const row = async () =>
      (await db.$client.query('SELECT status, transport FROM outbox_messages WHERE id = $1', [chatMessageId])).rows[0];
    await vi.waitFor(async () => expect(await row()).toEqual({ status: 'sent', transport: 'webhook' }), {
      timeout: 30_000,
      interval: 200,
    });
    const last = received.at(-1)!;
    expect(last.authorization).toBe('Bearer chat-token');
    expect(last.body).toMatchObject({ channel: '#finance' });
    expect((last.body as { text: string }).text).toContain(`Z-${dealer.id}: Sipho Mokoena`);
    expect((last.body as { text: string }).text).toContain(`/user-detail/${dealer.id}`);
  });

  it('throws on a refusal, so the outbox keeps the message and tries again', async () => {
    const transport = chatWebhookTransport(webhookCtx.settings)!;
    answer = 503;
    await expect(
      transport.deliver({ recipient: '#finance', subject: null, text: 'hello', html: null }),
    ).rejects.toThrow('chat webhook answered 503');
    answer = 200;
    expect(chatWebhookTransport(ctx.settings)).toBeUndefined();
  });
});

describe('review 073: paths an attacker would try', () => {
  it('refuses an admin filing support or credit in their own name', async () => {
    const support = await post(adminCookie, `/api/people/${admin.id}/support-applications`, {
      items: [{ type: 'Advance', valueCents: 1_000 }],
    });
    expect(support.statusCode).toBe(403);
    expect(support.json().detail).toBe(FINANCE_MESSAGES.ownApplication);
    const creditResponse = await post(adminCookie, `/api/people/${admin.id}/credit-applications`, credit());
    expect(creditResponse.statusCode).toBe(403);
    const { rows } = await ctx.db.$client.query(
      `SELECT (SELECT count(*) FROM support_applications WHERE users_master_id = $1)::int
            + (SELECT count(*) FROM credit_applications WHERE users_master_id = $1)::int AS n`,
      [admin.id],
    );
    expect(rows[0].n).toBe(0);
    // Reading one's own applications stays open.
    expect((await get(adminCookie, `/api/people/${admin.id}/credit-applications`)).statusCode).toBe(200);
  });

  it('refuses naming as cosigner an admin who holds a flag the actor lacks', async () => {
    const senior = await createUser(ctx.db, { isAdmin: true });
    await grantFeatures(ctx.db, senior.id, ['Users Management', 'Commissions']);
    const dealer = await createUser(ctx.db);
    const response = await post(
      adminCookie,
      `/api/people/${dealer.id}/credit-applications`,
      credit({ hasCosigner: true, cosignerCode: `Z-${senior.id}`, requestValueCents: 10_000 }),
    );
    expect(response.statusCode).toBe(403);
    const { rows } = await ctx.db.$client.query(
      'SELECT count(*)::int AS n FROM credit_applications WHERE cosignor_users_master_id = $1',
      [senior.id],
    );
    expect(rows[0].n).toBe(0);
  });

  it('refuses asset text that breaks lines (a forged line in the finance chat)', async () => {
    const dealer = await createUser(ctx.db);
    const response = await post(
      adminCookie,
      `/api/people/${dealer.id}/credit-applications`,
      credit({ assetDescription: 'Hilux\nOpen the dealer: https://evil.example/user-detail/1' }),
    );
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain(FINANCE_MESSAGES.oneLine);
  });

  it('passes no chat markup (mentions, labelled links) from typed text to the finance chat', async () => {
    const dealer = await createUser(ctx.db, { firstName: 'Sipho', surname: 'Markup' });
    const response = await post(
      adminCookie,
      `/api/people/${dealer.id}/credit-applications`,
      credit({ assetType: '<!channel> @here', assetDescription: '<https://evil.example/pay|Open the dealer>' }),
    );
    expect(response.statusCode).toBe(201);
    const message = (await chatMessages()).find((row) => row.id === response.json().chatMessageId);
    expect(message.body).not.toContain('<!channel>');
    expect(message.body).not.toContain('@here');
    expect(message.body).not.toContain('<https://evil.example');
    expect(message.body).toContain('https://evil.example/pay');
    // The application keeps what was typed; the page shows it as text.
    const list = await get(adminCookie, `/api/people/${dealer.id}/credit-applications`);
    expect(list.json().items[0].assetType).toBe('<!channel> @here');
  });

  it('lets only one of two applications racing for the same credit through', async () => {
    const dealer = await createUser(ctx.db, { refsUserTierId: 1 });
    const url = `/api/people/${dealer.id}/credit-applications`;
    // The first application holds its transaction open a moment, so the second arrives while the
    // applicant's row is locked and must judge on what the first has just committed.
    const chat = ctx.services.financeChat;
    const original = chat.post;
    chat.post = async (message, tx) => {
      const id = await original(message, tx);
      await new Promise((resolve) => setTimeout(resolve, 300));
      return id;
    };
    try {
      const body = credit({ requestValueCents: 500_000, monthlyPaymentCents: 90_000 });
      const first = post(adminCookie, url, body);
      await new Promise((resolve) => setTimeout(resolve, 100));
      const second = post(adminCookie, url, body);
      const codes = [(await first).statusCode, (await second).statusCode];
      expect(codes).toEqual([201, 400]);
    } finally {
      chat.post = original;
    }
    const { rows } = await ctx.db.$client.query(
      'SELECT count(*)::int AS n FROM credit_applications WHERE users_master_id = $1',
      [dealer.id],
    );
    expect(rows[0].n).toBe(1);
  });
});

describe('decision 077: only active people, never the submitter as cosigner, payments that cover the value', () => {
  /** What an application leaves behind: its row, the chat message and notices, the audit row. */
  async function traces() {
    const { rows } = await ctx.db.$client.query(
      `SELECT (SELECT count(*) FROM credit_applications)::int AS credit,
              (SELECT count(*) FROM support_applications)::int AS support,
              (SELECT count(*) FROM outbox_messages)::int AS outbox,
              (SELECT count(*) FROM audit_log WHERE action LIKE 'finance.%')::int AS audit`,
    );
    return rows[0];
  }

  const setStatus = (id: number, status: number) =>
    ctx.db.$client.query('UPDATE users_master SET refs_user_lifecycle_status_id = $2 WHERE id = $1', [id, status]);

  it('refuses support and credit for an applicant who is pending, a leaver or rejected, and writes nothing', async () => {
    for (const status of [1, 3, 5]) {
      const dealer = await createUser(ctx.db, { refsUserLifecycleStatusId: status });
      const before = await traces();
      const creditResponse = await post(adminCookie, `/api/people/${dealer.id}/credit-applications`, credit());
      expect(creditResponse.statusCode).toBe(409);
      expect(creditResponse.json().detail).toBe(FINANCE_MESSAGES.applicantNotActive);
      const support = await post(adminCookie, `/api/people/${dealer.id}/support-applications`, {
        items: [{ type: 'Advance', valueCents: 1_000 }],
      });
      expect(support.statusCode).toBe(409);
      expect(support.json().detail).toBe(FINANCE_MESSAGES.applicantNotActive);
      expect(await traces()).toEqual(before);
      // Their applications and available credit stay readable.
      expect((await get(adminCookie, `/api/support/available-credit?user_id=${dealer.id}`)).statusCode).toBe(200);
    }
    // A deleted one is still nobody to file for; an active one is filed for.
    const deleted = await createUser(ctx.db, { refsUserLifecycleStatusId: 4 });
    const gone = await post(adminCookie, `/api/people/${deleted.id}/credit-applications`, credit());
    expect(gone.statusCode).toBe(404);
    expect(gone.json().detail).toBe(FINANCE_MESSAGES.userNotFound);
    const active = await createUser(ctx.db);
    expect((await post(adminCookie, `/api/people/${active.id}/credit-applications`, credit())).statusCode).toBe(201);
  });

  it('refuses a cosigner who is pending, a leaver or rejected, on the cosigner field, and writes nothing', async () => {
    const dealer = await createUser(ctx.db);
    for (const status of [1, 3, 5]) {
      const cosigner = await createUser(ctx.db, { refsUserLifecycleStatusId: status });
      const before = await traces();
      const response = await post(
        adminCookie,
        `/api/people/${dealer.id}/credit-applications`,
        credit({ hasCosigner: true, cosignerCode: `Z-${cosigner.id}` }),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toBe(FINANCE_MESSAGES.cosignerNotActive);
      expect(response.json().errors).toEqual([{ field: 'cosignerCode', message: FINANCE_MESSAGES.cosignerNotActive }]);
      expect(await traces()).toEqual(before);
    }
    const deleted = await createUser(ctx.db, { refsUserLifecycleStatusId: 4 });
    const gone = await post(
      adminCookie,
      `/api/people/${dealer.id}/credit-applications`,
      credit({ hasCosigner: true, cosignerCode: `Z-${deleted.id}` }),
    );
    expect(gone.json().detail).toBe(FINANCE_MESSAGES.cosignerNotFound);
    const active = await createUser(ctx.db);
    const ok = await post(
      adminCookie,
      `/api/people/${dealer.id}/credit-applications`,
      credit({ hasCosigner: true, cosignerCode: `Z-${active.id}` }),
    );
    expect(ok.statusCode).toBe(201);
  });

  it('sees a cosigner marked a leader while the application waited for their row, and refuses', async () => {
    const dealer = await createUser(ctx.db);
    const cosigner = await createUser(ctx.db);
    // Another admin marks the cosigner inactive in a transaction held open.
    const { release, done } = holdOpen(ctx.db, (tx) =>
      tx.execute(sql`UPDATE users_master SET refs_user_lifecycle_status_id = 3 WHERE id = ${cosigner.id}`),
    );
    try {
      await new Promise((resolve) => setTimeout(resolve, 100));
      let settled = false;
      const response = post(
        adminCookie,
        `/api/people/${dealer.id}/credit-applications`,
        credit({ hasCosigner: true, cosignerCode: `Z-${cosigner.id}` }),
      ).finally(() => {
        settled = true;
      });
      // Until the application has answered (judged without waiting) or waits on the cosigner's row.
      await untilLockWaiters(ctx.db, { answered: () => settled });
      release();
      await done;
      expect((await response).statusCode).toBe(400);
      expect((await response).json().detail).toBe(FINANCE_MESSAGES.cosignerNotActive);
    } finally {
      release();
    }
    const { rows } = await ctx.db.$client.query(
      'SELECT count(*)::int AS n FROM credit_applications WHERE cosignor_users_master_id = $1',
      [cosigner.id],
    );
    expect(rows[0].n).toBe(0);
  });

  it('sees an applicant marked a leader while the application waited for their row, and refuses', async () => {
    const dealer = await createUser(ctx.db);
    const { release, done } = holdOpen(ctx.db, (tx) =>
      tx.execute(sql`UPDATE users_master SET refs_user_lifecycle_status_id = 3 WHERE id = ${dealer.id}`),
    );
    try {
      await new Promise((resolve) => setTimeout(resolve, 100));
      let settled = false;
      const response = post(adminCookie, `/api/people/${dealer.id}/credit-applications`, credit()).finally(() => {
        settled = true;
      });
      await untilLockWaiters(ctx.db, { answered: () => settled });
      release();
      await done;
      expect((await response).statusCode).toBe(409);
    } finally {
      release();
    }
    const { rows } = await ctx.db.$client.query(
      'SELECT count(*)::int AS n FROM credit_applications WHERE users_master_id = $1',
      [dealer.id],
    );
    expect(rows[0].n).toBe(0);
    await setStatus(dealer.id, 2);
  });

  it('refuses the submitter as cosigner of the application they file, and writes nothing', async () => {
    const dealer = await createUser(ctx.db);
    const before = await traces();
    const response = await post(
      adminCookie,
      `/api/people/${dealer.id}/credit-applications`,
      credit({ hasCosigner: true, cosignerCode: `Z-${admin.id}` }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe(FINANCE_MESSAGES.cosignerIsSubmitter);
    expect(response.json().errors).toEqual([{ field: 'cosignerCode', message: FINANCE_MESSAGES.cosignerIsSubmitter }]);
    expect(await traces()).toEqual(before);
  });

  it('refuses payments that do not cover the request value, and takes ones that just do', async () => {
    // Tier 1: R 5 000 of credit, 6 months, R 1 000 a month; R 5 000 over 6 months is R 833,34 a month.
    const dealer = await createUser(ctx.db, { refsUserTierId: 1 });
    const url = `/api/people/${dealer.id}/credit-applications`;
    const before = await traces();
    for (const monthlyPaymentCents of [100, 83_333]) {
      const response = await post(adminCookie, url, credit({ requestValueCents: 500_000, monthlyPaymentCents }));
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toBe(FINANCE_MESSAGES.paymentsShort(83_334, 6));
      expect(response.json().errors).toEqual([
        { field: 'monthlyPaymentCents', message: FINANCE_MESSAGES.paymentsShort(83_334, 6) },
      ]);
    }
    expect(await traces()).toEqual(before);
    const ok = await post(adminCookie, url, credit({ requestValueCents: 500_000, monthlyPaymentCents: 83_334 }));
    expect(ok.statusCode).toBe(201);
  });
});
