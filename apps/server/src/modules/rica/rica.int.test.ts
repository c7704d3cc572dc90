import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_ORIGIN, type TestContext } from '../../../test/test-app.ts';
import { createUser } from '../../db/seed/factories.ts';
import { createHttpRicaAdapter } from '../../platform/rica.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

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

  beforeAll(async () => {
    operator = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ success: true, result: 'Registered on MTN' }));
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
});
