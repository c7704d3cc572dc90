import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildSaId, SA_ID_MESSAGES } from '@portal/domain/people/sa-id';
import { RICA_MESSAGES, RICA_SUBMISSIONS_PER_HOUR } from '@portal/domain/rica/rica';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_ORIGIN, type TestContext } from '../../../test/test-app.ts';
import { createUser } from '../../db/seed/factories.ts';
import { createHttpRicaAdapter } from '../../platform/rica.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

let simSequence = 0;
/** A SIM number no other test has used. */
const nextSim = () => `89270000${String(process.pid % 1000).padStart(3, '0')}${String(++simSequence).padStart(8, '0')}`;

function post(cookie: string, payload: object, on: TestContext = ctx) {
  return on.app.inject({ method: 'POST', url: '/api/rica', headers: { cookie, origin: TEST_ORIGIN }, payload });
}

const form = {
  network: 'MTN',
  simNumber: '8927000001234567890',
  idType: 'RSAID',
  idNationality: 'ZAF',
  idNumber: '8001015009087',
  name: 'Sipho',
  surname: 'Nkosi',
  address1: '12 Vilakazi Street',
  address2: 'Orlando West',
  city: 'Johannesburg',
  suburb: 'Soweto',
  postalCode: '1804',
  country: 'ZAF',
};

describe('POST /api/rica', () => {
  it('records the registration and answers the local adapter result text', async () => {
    const leader = await createUser(ctx.db, { isLeader: true, password: 'Secret123' });
    const cookie = await ctx.signIn(leader.email!, 'Secret123');
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/rica',
      headers: { cookie, origin: TEST_ORIGIN },
      payload: form,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ code: 200, status: 'submitted' });
    expect(body.message.result).toContain('SIM ending 7890');
    const { rows } = await ctx.db.$client.query(
      'SELECT user_id, last_4_sim, status, adapter FROM rica_submissions WHERE id = $1',
      [body.id],
    );
    expect(rows[0]).toEqual({ user_id: leader.id, last_4_sim: '7890', status: 'submitted', adapter: 'local' });
  });

  it("names each missing field with the form's message", async () => {
    const leader = await createUser(ctx.db, { isLeader: true, password: 'Secret123' });
    const cookie = await ctx.signIn(leader.email!, 'Secret123');
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/rica',
      headers: { cookie, origin: TEST_ORIGIN },
      payload: { ...form, simNumber: '', surname: '' },
    });
    expect(response.statusCode).toBe(400);
    const messages = response.json().errors.map((e: { message: string }) => e.message);
    expect(messages).toEqual(expect.arrayContaining(['SIM Number is required', 'Surname is required']));
  });

  it('refuses over-long fields instead of storing and forwarding them (decision 063)', async () => {
    const leader = await createUser(ctx.db, { isLeader: true, password: 'Secret123' });
    const cookie = await ctx.signIn(leader.email!, 'Secret123');
    const long = 'x'.repeat(100_000);
    for (const oversized of [
      { name: long },
      { surname: long },
      { idNumber: '8'.repeat(5_000) },
      { simNumber: '8'.repeat(5_000) },
      { address1: long },
      { address2: long },
      { address3: long },
      { city: long },
      { suburb: long },
      { postalCode: '1'.repeat(5_000) },
    ]) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/rica',
        headers: { cookie, origin: TEST_ORIGIN },
        payload: { ...form, ...oversized },
      });
      expect(response.statusCode, Object.keys(oversized)[0]).toBe(400);
    }
    const { rows } = await ctx.db.$client.query('SELECT count(*)::int AS n FROM rica_submissions WHERE user_id = $1', [
      leader.id,
    ]);
    expect(rows[0].n).toBe(0);
  });

  it('refuses an SA ID number that is not a valid one, with the checker’s message (decision 067)', async () => {
    const leader = await createUser(ctx.db, { isLeader: true, password: 'Secret123' });
    const cookie = await ctx.signIn(leader.email!, 'Secret123');
    const cases: Array<[string, string]> = [
      ['800101500908', SA_ID_MESSAGES.length],
      ['80010150090a7', SA_ID_MESSAGES.digits],
      ['8013015009087', SA_ID_MESSAGES.month],
      ['8001325009087', SA_ID_MESSAGES.day],
      // 1931 (above the pivot of 30) had no 29 February.
      ['3102295009087', SA_ID_MESSAGES.date],
      ['8001015009088', SA_ID_MESSAGES.checksum],
    ];
    for (const [idNumber, message] of cases) {
      const response = await post(cookie, { ...form, simNumber: nextSim(), idNumber });
      expect(response.statusCode, idNumber).toBe(400);
      expect(response.json().errors, idNumber).toEqual([{ field: 'idNumber', message }]);
    }
    const { rows } = await ctx.db.$client.query('SELECT count(*)::int AS n FROM rica_submissions WHERE user_id = $1', [
      leader.id,
    ]);
    expect(rows[0].n).toBe(0);
    // 29 February 2028 (30 or below reads as 20xx), written with spaces, and a passport number are accepted.
    const leapId = buildSaId('2028-02-29', 'F', true);
    const spaced = `${leapId.slice(0, 6)} ${leapId.slice(6, 10)} ${leapId.slice(10)}`;
    const accepted = await post(cookie, { ...form, simNumber: nextSim(), idNumber: spaced });
    expect(accepted.statusCode).toBe(200);
    const stored = await ctx.db.$client.query('SELECT id_number FROM rica_submissions WHERE id = $1', [
      accepted.json().id,
    ]);
    expect(stored.rows[0].id_number).toBe(leapId);
    const passport = await post(cookie, { ...form, simNumber: nextSim(), idType: 'PASSPORT', idNumber: 'MX0001' });
    expect(passport.statusCode).toBe(200);
  });

  it('refuses a SIM that already has a registration on its network, even when two race (decision 067)', async () => {
    const leader = await createUser(ctx.db, { isLeader: true, password: 'Secret123' });
    const other = await createUser(ctx.db, { isLeader: true, password: 'Secret123' });
    const cookie = await ctx.signIn(leader.email!, 'Secret123');
    const otherCookie = await ctx.signIn(other.email!, 'Secret123');
    const simNumber = nextSim();
    const answers = await Promise.all([
      post(cookie, { ...form, simNumber }),
      post(otherCookie, { ...form, simNumber }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const refused = answers.find((a) => a.statusCode === 409)!.json();
    expect(refused).toMatchObject({ code: 'SIM_ALREADY_REGISTERED', detail: RICA_MESSAGES.simRegistered });
    const again = await post(cookie, { ...form, simNumber });
    expect(again.statusCode).toBe(409);
    const { rows } = await ctx.db.$client.query(
      'SELECT count(*)::int AS n FROM rica_submissions WHERE reference_number = $1',
      [simNumber],
    );
    expect(rows[0].n).toBe(1);
  });

  it('lets a SIM whose registration never got its answer be registered again after a while', async () => {
    const leader = await createUser(ctx.db, { isLeader: true, password: 'Secret123' });
    const cookie = await ctx.signIn(leader.email!, 'Secret123');
    const simNumber = nextSim();
    // A registration whose operator call never came back (the server stopped mid-call) an hour ago.
    await ctx.db.$client.query(
      `INSERT INTO rica_submissions (user_id, network, reference_number, last_4_sim, id_type, country_code, id_number,
         full_name, surname, address_1, city_town, suburb, postal_code, residential_country, status, adapter, created_at)
       VALUES ($1, 'MTN', $2, right($2, 4), 'RSAID', 'ZAF', $3, 'Sipho', 'Nkosi', '12 Vilakazi Street', 'Johannesburg',
         'Soweto', '1804', 'ZAF', 'submitted', 'http', now() - interval '1 hour')`,
      [leader.id, simNumber, form.idNumber],
    );
    expect((await post(cookie, { ...form, simNumber })).statusCode).toBe(200);
    expect((await post(cookie, { ...form, simNumber })).statusCode).toBe(409);
  });

  it(`refuses a dealer's registration beyond ${RICA_SUBMISSIONS_PER_HOUR} in an hour with 429 (decision 067)`, async () => {
    const leader = await createUser(ctx.db, { isLeader: true, password: 'Secret123' });
    const other = await createUser(ctx.db, { isLeader: true, password: 'Secret123' });
    const cookie = await ctx.signIn(leader.email!, 'Secret123');
    for (let i = 0; i < RICA_SUBMISSIONS_PER_HOUR; i++) {
      expect((await post(cookie, { ...form, simNumber: nextSim() })).statusCode, `registration ${i + 1}`).toBe(200);
    }
    const over = await post(cookie, { ...form, simNumber: nextSim() });
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ code: 'RICA_LIMIT' });
    expect(over.json().detail).toContain(`${RICA_SUBMISSIONS_PER_HOUR} RICA registrations in the last hour`);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    const { rows } = await ctx.db.$client.query('SELECT count(*)::int AS n FROM rica_submissions WHERE user_id = $1', [
      leader.id,
    ]);
    expect(rows[0].n).toBe(RICA_SUBMISSIONS_PER_HOUR);
    // Another dealer is not held back by this one's registrations.
    const otherCookie = await ctx.signIn(other.email!, 'Secret123');
    expect((await post(otherCookie, { ...form, simNumber: nextSim() })).statusCode).toBe(200);
  });

  it('is refused to agents who are not leaders', async () => {
    const agent = await createUser(ctx.db, { password: 'Secret123' });
    const cookie = await ctx.signIn(agent.email!, 'Secret123');
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/rica',
      headers: { cookie, origin: TEST_ORIGIN },
      payload: form,
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('HTTP RICA adapter', () => {
  it('turns the operator answer into an outcome and an unreachable API into a failure', async () => {
    const ok = createHttpRicaAdapter('https://rica.test/register', 'token', async () =>
      Response.json({ success: true, result: 'Registered on MTN' }),
    );
    const submission = { ...form, id: 1, idType: 'RSAID' as const, address: ['12 Vilakazi Street'] };
    expect(await ok.register(submission)).toEqual({ status: 'succeeded', resultText: 'Registered on MTN' });
    const down = createHttpRicaAdapter('https://rica.test/register', undefined, async () => {
      throw new Error('connect ECONNREFUSED');
    });
    expect((await down.register(submission)).status).toBe('failed');
  });
});

describe('the operator API (RICA_ADAPTER=http)', () => {
  let operator: Server;
  let http: TestContext;
  let operatorAnswer = { success: true, result: 'Registered on MTN' };

  beforeAll(async () => {
    operator = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(operatorAnswer));
      });
    });
    await new Promise<void>((resolve) => operator.listen(0, '127.0.0.1', resolve));
    const { port } = operator.address() as AddressInfo;
    http = await createTestContext({ RICA_ADAPTER: 'http', RICA_API_URL: `http://127.0.0.1:${port}/register` });
  });
  afterAll(async () => {
    await http?.close();
    await new Promise((resolve) => operator?.close(resolve));
  });

  it("audits the operator's outcome beside the row it changes, without the ID number (decision 063)", async () => {
    const leader = await createUser(http.db, { isLeader: true, password: 'Secret123' });
    const cookie = await http.signIn(leader.email!, 'Secret123');
    const response = await http.app.inject({
      method: 'POST',
      url: '/api/rica',
      headers: { cookie, origin: TEST_ORIGIN },
      payload: form,
    });
    expect(response.statusCode).toBe(200);
    const { id, status } = response.json();
    expect(status).toBe('succeeded');
    const { rows } = await http.db.$client.query(
      "SELECT action, actor_user_id, before, after FROM audit_log WHERE entity = 'rica_submissions' AND entity_id = $1 ORDER BY id",
      [String(id)],
    );
    expect(rows.map((row) => row.action)).toEqual(['rica.submit', 'rica.outcome']);
    expect(rows[1]).toMatchObject({
      actor_user_id: leader.id,
      before: { status: 'submitted' },
      after: { status: 'succeeded' },
    });
    expect(JSON.stringify(rows)).not.toContain(form.idNumber);
  });

  it('lets a SIM whose registration failed be registered again, then refuses it (decision 067)', async () => {
    const leader = await createUser(http.db, { isLeader: true, password: 'Secret123' });
    const cookie = await http.signIn(leader.email!, 'Secret123');
    const simNumber = nextSim();
    operatorAnswer = { success: false, result: 'ID number not verified' };
    const failed = await post(cookie, { ...form, simNumber }, http);
    expect(failed.json()).toMatchObject({ status: 'failed' });
    operatorAnswer = { success: true, result: 'Registered on MTN' };
    const retried = await post(cookie, { ...form, simNumber }, http);
    expect(retried.json()).toMatchObject({ status: 'succeeded' });
    const third = await post(cookie, { ...form, simNumber }, http);
    expect(third.statusCode).toBe(409);
    expect(third.json().detail).toBe(RICA_MESSAGES.simRegistered);
  });
});
