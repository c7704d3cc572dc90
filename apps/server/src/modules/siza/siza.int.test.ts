import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SIZA_MESSAGES, type SizaAnswer, type SizaHistory } from '@portal/domain/siza/siza';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_ORIGIN, type TestContext } from '../../../test/test-app.ts';
import { createTrainingModule, recordAttempts } from '../../db/seed/activity-factories.ts';
import { createSupplier, createUser, linkUser, nextSequence, type UserRow } from '../../db/seed/factories.ts';
import { createTrainingFile } from '../../db/seed/siza-demo.ts';
import { HOUR } from '../../platform/clock.ts';

// Siza (spec 2 "Ask Siza"; decision 030): answers found by full-text search in the training
// content the asker may see, citing and linking the modules used; the conversation per user; the
// hourly limit; the optional OpenAI-compatible endpoint and its fallback.

const PASSWORD = 'Secret123';
const n = nextSequence();

type Cookies = Record<string, string>;

async function ask(ctx: TestContext, cookie: string, question: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/siza/questions',
    headers: { cookie, origin: TEST_ORIGIN },
    payload: { question },
  });
}

async function answerTo(ctx: TestContext, cookie: string, question: string) {
  const response = await ask(ctx, cookie, question);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as SizaAnswer).items[1];
}

const history = async (ctx: TestContext, cookie: string) =>
  (await ctx.app.inject({ method: 'GET', url: '/api/siza/chat', headers: { cookie } })).json() as SizaHistory;

/** Training content with distinctive words, seen by some users and not others. */
async function seedContent(ctx: TestContext) {
  const db = ctx.db;
  const ours = await createSupplier(db, { supplierName: `Siza Ours ${n}` });
  const theirs = await createSupplier(db, { supplierName: `Siza Theirs ${n}` });
  const porting = await createTrainingModule(db, {
    moduleName: `Number porting ${n}`,
    moduleDescription: 'Moving a customer’s number from another network.',
    supplierIds: [ours.id],
    questions: [
      {
        question: 'Which document proves residence for a porting request?',
        options: [
          { text: 'A municipal bill not older than three months', is_correct: true },
          { text: 'A zebracrossing photograph', is_correct: false },
        ],
      },
    ],
  });
  // The same words, for another supplier's dealers only.
  const hidden = await createTrainingModule(db, {
    moduleName: `Porting for partners ${n}`,
    supplierIds: [theirs.id],
    questions: [
      {
        question: 'Which document proves residence for a porting request at partner stores?',
        options: [{ text: 'A partner residence letter', is_correct: true }],
      },
    ],
  });
  const leaders = await createTrainingModule(db, {
    moduleName: `Coaching your team ${n}`,
    trainingTypes: 3,
    questions: [
      {
        question: 'How often should a leader hold a pipeline huddle?',
        options: [{ text: 'Every week', is_correct: true }],
      },
    ],
  });
  const fibre = await createTrainingModule(db, {
    moduleName: `Fibre installs ${n}`,
    moduleDescription: 'Booking the installer.',
    questions: [{ question: 'Who books the installer?', options: [{ text: 'Metro Fibre', is_correct: true }] }],
  });
  await createTrainingFile(db, {
    moduleId: fibre.id,
    extractedText:
      'Installation guide. Keep the signed document for your records. After payment the installer phones the customer within two working days to agree an installation window. The router stays the property of the network.',
  });
  const deleted = await createTrainingModule(db, {
    moduleName: `Old porting rules ${n}`,
    isDeleted: true,
    questions: [
      { question: 'Which document proves residence for porting?', options: [{ text: 'Old', is_correct: true }] },
    ],
  });
  return { ours, theirs, porting, hidden, leaders, fibre, deleted };
}

describe('Siza without a language model', () => {
  let ctx: TestContext;
  let content: Awaited<ReturnType<typeof seedContent>>;
  const cookies: Cookies = {};
  let agent: UserRow;

  beforeAll(async () => {
    ctx = await createTestContext({ SIZA_QUESTIONS_PER_HOUR: '12' });
    content = await seedContent(ctx);
    const db = ctx.db;
    agent = await createUser(db, { password: PASSWORD });
    await linkUser(db, agent.id, { supplierIds: [content.ours.id] });
    const other = await createUser(db, { password: PASSWORD });
    await linkUser(db, other.id, { supplierIds: [content.ours.id] });
    const learner = await createUser(db, { password: PASSWORD });
    await linkUser(db, learner.id, { supplierIds: [content.ours.id] });
    const leader = await createUser(db, { password: PASSWORD, isLeader: true });
    const admin = await createUser(db, { password: PASSWORD, isAdmin: true });
    // Questions and their answers are for modules already passed (decision 057); `learner` has passed none.
    await recordAttempts(db, content.porting.id, [{ userId: agent.id, pass: true }]);
    await recordAttempts(db, content.leaders.id, [{ userId: leader.id, pass: true }]);
    const limited = await createUser(db, { password: PASSWORD });
    for (const [name, user] of Object.entries({ agent, other, learner, leader, admin })) {
      cookies[name] = await ctx.signIn(user.email!, PASSWORD);
    }
    // Remembered, so the session outlives the hour the limit test moves the clock on.
    cookies.limited = await ctx.signIn(limited.email!, PASSWORD, { rememberMe: true });
  });

  afterAll(async () => {
    await ctx?.close();
  });

  it('finds the module whose question holds the words, and cites and links it with the correct answer', async () => {
    const answer = await answerTo(ctx, cookies.agent!, 'What document proves residence when porting a number?');
    expect(answer?.activityType).toBe('assistant');
    // Only that module: the installation guide holds one of the words ('document'), not the rest.
    expect(answer?.sources).toHaveLength(1);
    expect(answer?.sources[0]).toEqual({
      moduleId: content.porting.id,
      moduleName: content.porting.moduleName,
      path: `/training-attempt/${content.porting.id}`,
    });
    expect(answer?.text).toContain(`From “${content.porting.moduleName}”`);
    expect(answer?.text).toContain('Which document proves residence for a porting request?');
    expect(answer?.text).toContain('Answer: A municipal bill not older than three months.');
    // Never the wrong options.
    expect(answer?.text).not.toContain('zebracrossing');
  });

  it('neither shows nor matches the questions of a module the asker has still to pass (decision 057)', async () => {
    const answer = await answerTo(ctx, cookies.learner!, 'What document proves residence when porting a number?');
    expect(answer?.text).not.toContain('municipal bill');
    expect(answer?.text).not.toContain('Which document proves residence');
    // Matching on an option's words would tell the correct one as surely as showing it.
    const probe = await answerTo(ctx, cookies.learner!, 'municipal bill not older than three months');
    expect(probe?.sources).toEqual([]);
    expect(probe?.text).toBe(SIZA_MESSAGES.noAnswer);
    // The module itself stays findable by its name and description.
    const described = await answerTo(ctx, cookies.learner!, 'Moving a customer number from another network');
    expect(described?.sources.map((source) => source.moduleId)).toEqual([content.porting.id]);
  });

  it('cites no module the agent may not see: another supplier’s, a leaders’ one, a deleted one', async () => {
    const porting = await answerTo(
      ctx,
      cookies.agent!,
      'Which document proves residence for porting at partner stores?',
    );
    const cited = porting?.sources.map((source) => source.moduleId);
    expect(cited).toContain(content.porting.id);
    expect(cited).not.toContain(content.hidden.id);
    expect(cited).not.toContain(content.deleted.id);
    expect(porting?.text).not.toContain('partner residence letter');

    const huddle = await answerTo(ctx, cookies.agent!, 'How often is a pipeline huddle?');
    expect(huddle?.sources).toEqual([]);
    expect(huddle?.text).toBe(SIZA_MESSAGES.noAnswer);

    // The leader sees the leaders' module; an admin sees every live module.
    const leaderAnswer = await answerTo(ctx, cookies.leader!, 'How often is a pipeline huddle?');
    expect(leaderAnswer?.sources.map((source) => source.moduleId)).toEqual([content.leaders.id]);
    const adminAnswer = await answerTo(
      ctx,
      cookies.admin!,
      'Which document proves residence for porting at partner stores?',
    );
    const adminCited = adminAnswer?.sources.map((source) => source.moduleId);
    expect(adminCited).toEqual(expect.arrayContaining([content.porting.id, content.hidden.id]));
    expect(adminCited).not.toContain(content.deleted.id);
  });

  it('searches the correct answers and the files’ extracted text', async () => {
    const bill = await answerTo(ctx, cookies.agent!, 'municipal bill');
    expect(bill?.sources.map((source) => source.moduleId)).toEqual([content.porting.id]);
    const wrongOption = await answerTo(ctx, cookies.agent!, 'zebracrossing');
    expect(wrongOption?.sources).toEqual([]);

    const window = await answerTo(
      ctx,
      cookies.agent!,
      'When does the installer phone to agree the installation window?',
    );
    expect(window?.sources[0]?.moduleId).toBe(content.fibre.id);
    expect(window?.text).toContain('within two working days');
  });

  it('keeps the conversation per user, oldest first, and Clear removes only the user’s own', async () => {
    await answerTo(ctx, cookies.other!, 'Who books the installer?');
    const mine = await history(ctx, cookies.agent!);
    expect(mine.items.length).toBeGreaterThanOrEqual(8);
    expect(mine.items[0]).toMatchObject({
      activityType: 'user',
      text: 'What document proves residence when porting a number?',
    });
    expect(mine.items[1]?.sources[0]?.moduleId).toBe(content.porting.id);
    expect(mine.items.map((item) => item.text)).not.toContain('Who books the installer?');

    const cleared = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/siza/chat',
      headers: { cookie: cookies.agent!, origin: TEST_ORIGIN },
    });
    expect(cleared.statusCode).toBe(200);
    expect((await history(ctx, cookies.agent!)).items).toEqual([]);
    const others = await history(ctx, cookies.other!);
    expect(others.items.map((item) => item.text)[0]).toBe('Who books the installer?');
  });

  it('refuses an empty or over-long question', async () => {
    expect((await ask(ctx, cookies.agent!, '   ')).statusCode).toBe(400);
    expect((await ask(ctx, cookies.agent!, 'x'.repeat(501))).statusCode).toBe(400);
  });

  it('limits questions per user and hour, and answers again once the hour has passed', async () => {
    for (let i = 0; i < 12; i++) await answerTo(ctx, cookies.limited!, `Who books the installer ${i}?`);
    const refused = await ask(ctx, cookies.limited!, 'Who books the installer?');
    expect(refused.statusCode).toBe(429);
    expect(refused.body).toContain(SIZA_MESSAGES.tooMany(12));
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Other users are not held back by it.
    expect((await ask(ctx, cookies.other!, 'Who books the installer?')).statusCode).toBe(200);
    ctx.clock.advance(HOUR + 1000);
    expect((await ask(ctx, cookies.limited!, 'Who books the installer?')).statusCode).toBe(200);
  });
});

describe('Siza with an OpenAI-compatible endpoint', () => {
  let ctx: TestContext;
  let server: Server;
  let content: Awaited<ReturnType<typeof seedContent>>;
  let cookie = '';
  let mode: 'answer' | 'fail' = 'answer';
  const requests: Array<{ url: string | undefined; authorization: string | undefined; body: Record<string, unknown> }> =
    [];

  const readBody = (request: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let data = '';
      request.on('data', (chunk) => {
        data += chunk;
      });
      request.on('end', () => resolve(data));
    });

  beforeAll(async () => {
    server = createServer(async (request, response) => {
      const body = JSON.parse(await readBody(request)) as Record<string, unknown>;
      requests.push({ url: request.url, authorization: request.headers.authorization, body });
      if (mode === 'fail') {
        response.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"overloaded"}');
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          choices: [
            { message: { role: 'assistant', content: 'Bring a municipal bill from the last three months [1].' } },
          ],
        }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    ctx = await createTestContext({
      SIZA_LLM_BASE_URL: `http://127.0.0.1:${port}/v1/`,
      SIZA_LLM_MODEL: 'fake-model',
      SIZA_LLM_API_KEY: 'sk-test-key',
    });
    content = await seedContent(ctx);
    const agent = await createUser(ctx.db, { password: PASSWORD });
    await linkUser(ctx.db, agent.id, { supplierIds: [content.ours.id] });
    await recordAttempts(ctx.db, content.porting.id, [{ userId: agent.id, pass: true }]);
    cookie = await ctx.signIn(agent.email!, PASSWORD);
  });

  afterAll(async () => {
    await ctx?.close();
    await new Promise((resolve) => server?.close(resolve));
  });

  it('sends only the question and the retrieved passages, and keeps the citations', async () => {
    const answer = await answerTo(ctx, cookie, 'What document proves residence when porting a number?');
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request?.url).toBe('/v1/chat/completions');
    expect(request?.authorization).toBe('Bearer sk-test-key');
    expect(request?.body.model).toBe('fake-model');
    const prompt = JSON.stringify(request?.body.messages);
    expect(prompt).toContain('Which document proves residence for a porting request?');
    expect(prompt).toContain('A municipal bill not older than three months');
    expect(prompt).not.toContain('partner residence letter');
    expect(answer?.text).toContain('Bring a municipal bill from the last three months [1].');
    expect(answer?.text).toContain(`Sources: [1] ${content.porting.moduleName}`);
    expect(answer?.sources[0]?.path).toBe(`/training-attempt/${content.porting.id}`);
  });

  it('falls back to the composed answer when the endpoint fails', async () => {
    mode = 'fail';
    const answer = await answerTo(ctx, cookie, 'What document proves residence when porting a number?');
    expect(requests).toHaveLength(2);
    expect(answer?.text).toContain(`From “${content.porting.moduleName}”`);
    expect(answer?.text).toContain('Answer: A municipal bill not older than three months.');
    expect(answer?.sources[0]?.moduleId).toBe(content.porting.id);
  });

  it('asks no model when nothing was found', async () => {
    const answer = await answerTo(ctx, cookie, 'quantum entanglement');
    expect(answer?.text).toBe(SIZA_MESSAGES.noAnswer);
    expect(requests).toHaveLength(2);
  });
});
