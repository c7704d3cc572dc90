import type { AttemptResult, Draw, ModuleDetail } from '@portal/domain/university/attempts';
import { TRAINING_MESSAGES } from '@portal/domain/university/attempts';
import type { ModulePage } from '@portal/domain/university/catalogue';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_ORIGIN, type TestContext } from '../../../test/test-app.ts';
import { createTrainingModule, recordAttempts } from '../../db/seed/activity-factories.ts';
import { createProductType, createSupplier, createUser, linkUser, type UserRow } from '../../db/seed/factories.ts';
import { saveUpload } from '../files/files.service.ts';
import { universityProgressOf, universityStatusOf } from './university.service.ts';

// The learner's university over HTTP and a real database (decision 028): relevance for every
// training type, leader flag and structure level (the SQL list agrees with the domain rule), the
// answer key never leaving the server before a submission, the attempt limit under 20 parallel
// submissions, refusals for modules the user is not registered for, and the status after a pass.

const PASSWORD = 'Secret123';
let ctx: TestContext;
const users: Record<string, UserRow> = {};
const cookies: Record<string, string> = {};
const modules: Record<string, number> = {};

const call = (method: 'GET' | 'POST', url: string, who: string, payload?: unknown) =>
  ctx.app.inject({
    method,
    url,
    headers: { cookie: cookies[who] ?? '', origin: TEST_ORIGIN },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const question = (i: number, language = 'English') => ({
  question: `${language} question ${i}`,
  language,
  maxOptions: 3,
  options: [
    { text: `Right ${i}`, is_correct: true },
    { text: `Wrong ${i}a`, is_correct: false },
    { text: `Wrong ${i}b`, is_correct: false },
    { text: `Wrong ${i}c`, is_correct: false },
  ],
});

/** The answers: every correct option (`right`), or every wrong one. */
const answersFor = (draw: Draw, right: boolean) =>
  draw.questions.map((q) => q.options.findIndex((text) => text.startsWith('Right') === right));

async function listNames(who: string, query = ''): Promise<string[]> {
  const res = await call('GET', `/api/university/modules?pageSize=16${query}`, who);
  expect(res.statusCode).toBe(200);
  return (res.json() as ModulePage).items.map((item) => item.name).sort();
}

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.db;
  const [s1, s2] = [
    await createSupplier(db, { supplierName: 'Uni S1' }),
    await createSupplier(db, { supplierName: 'Uni S2' }),
  ];
  const [p1, p2] = [await createProductType(db, 'Uni Fibre'), await createProductType(db, 'Uni Mobile')];
  users.agent = await createUser(db, { password: PASSWORD, firstName: 'Ayanda', surname: 'Agent' });
  users.otherAgent = await createUser(db, { password: PASSWORD, firstName: 'Bongi', surname: 'Agent' });
  users.leader6 = await createUser(db, { password: PASSWORD, isLeader: true, refsMaxStructureLevelId: 6 });
  users.leader3 = await createUser(db, { password: PASSWORD, isLeader: true, refsMaxStructureLevelId: 3 });
  users.admin = await createUser(db, { password: PASSWORD, isAdmin: true });
  await linkUser(db, users.agent.id, { supplierIds: [s1.id], productTypeIds: [p1.id] });
  await linkUser(db, users.otherAgent.id, { supplierIds: [s2.id], productTypeIds: [p2.id] });
  for (const leader of [users.leader6, users.leader3]) {
    await linkUser(db, leader!.id, { supplierIds: [s1.id], productTypeIds: [p1.id] });
  }
  const make = async (name: string, extra: Record<string, unknown> = {}) => {
    modules[name] = (
      await createTrainingModule(db, {
        moduleName: name,
        moduleCategory: 'Uni',
        marks: 3,
        passThreshold: 60,
        questions: [1, 2, 3, 4, 5].map((i) => question(i)).concat([1, 2, 3, 4].map((i) => question(i, 'isiZulu'))),
        videos: [{ link: 'dQw4w9WgXcQ' }],
        ...extra,
      })
    ).id;
  };
  await make('Everyone');
  await make('Supplier S1', { supplierIds: [s1.id] });
  await make('Type P1', { productTypeIds: [p1.id] });
  await make('S1 and P2', { supplierIds: [s1.id], productTypeIds: [p2.id] });
  await make('Leaders', { trainingTypes: 3 });
  await make('Leaders level 5', { trainingTypes: 3, refsStructureLevelId: 5 });
  await make('Inactive', { active: false });
  await make('Deleted', { isDeleted: true });
  await make('Compulsory S2', { supplierIds: [s2.id], isCompulsory: true });
  for (const [who, user] of Object.entries(users)) cookies[who] = await ctx.signIn(user.email!, PASSWORD);
});

afterAll(async () => {
  await ctx?.close();
});

describe('relevance (spec 1 §4, decision 004)', () => {
  it('shows each user only the modules relevant to them, and an admin every active one', async () => {
    expect(await listNames('agent')).toEqual(['Everyone', 'Supplier S1', 'Type P1']);
    expect(await listNames('otherAgent')).toEqual(['Compulsory S2', 'Everyone']);
    // Leader type: leaders only; with a structure level, leaders at or below it (level number ≥ 5).
    expect(await listNames('leader6')).toEqual(['Everyone', 'Leaders', 'Leaders level 5', 'Supplier S1', 'Type P1']);
    expect(await listNames('leader3')).toEqual(['Everyone', 'Leaders', 'Supplier S1', 'Type P1']);
    expect(await listNames('admin')).toEqual(
      ['Compulsory S2', 'Everyone', 'Leaders', 'Leaders level 5', 'S1 and P2', 'Supplier S1', 'Type P1'].sort(),
    );
  });

  it('counts the same modules in the status as the list shows (the SQL and the domain rule agree)', async () => {
    for (const who of ['agent', 'otherAgent', 'leader6', 'leader3']) {
      const user = users[who]!;
      const progress = await universityProgressOf(ctx.db, user);
      const page = (await call('GET', '/api/university/modules', who)).json() as ModulePage;
      expect(page.overview.total, who).toBe(progress.relevant.total);
    }
  });

  it('filters by status, tab, category, supplier and search, and pages on the server', async () => {
    const page = (await call('GET', '/api/university/modules?pageSize=4&page=2', 'admin')).json() as ModulePage;
    expect(page.total).toBe(7);
    expect(page.items).toHaveLength(3);
    expect(await listNames('otherAgent', '&tab=required')).toEqual(['Compulsory S2']);
    expect(await listNames('agent', '&search=type')).toEqual(['Type P1']);
    expect(await listNames('agent', '&category=Elsewhere')).toEqual([]);
    const s1 = page.suppliers.find((s) => s.name === 'Uni S1')!;
    expect(await listNames('agent', `&supplier=${s1.id}`)).toEqual(['Supplier S1']);
    expect((await call('GET', '/api/university/modules?pageSize=5', 'agent')).statusCode).toBe(400);
  });
});

describe('a user not registered for a module', () => {
  it('is refused the module, a draw and a submission with the spec’s message', async () => {
    const id = modules['Compulsory S2']!;
    for (const res of [
      await call('GET', `/api/university/modules/${id}`, 'agent'),
      await call('POST', `/api/university/modules/${id}/draws`, 'agent', { language: 'English' }),
      await call('POST', `/api/university/modules/${id}/attempts`, 'agent', {
        drawId: '00000000-0000-4000-8000-000000000000',
        answers: [0, 0, 0],
      }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().detail ?? res.json().message ?? res.body).toContain(TRAINING_MESSAGES.notRegistered);
    }
    const stored = await ctx.db.execute(
      sql`select count(*)::int as n from training_user_attempt_index where users_master_id = ${users.agent!.id}`,
    );
    expect(stored.rows[0]).toEqual({ n: 0 });
  });

  it('cannot submit against another user’s draw', async () => {
    const id = modules.Everyone!;
    const draw = (
      await call('POST', `/api/university/modules/${id}/draws`, 'leader3', { language: 'English' })
    ).json() as Draw;
    const res = await call('POST', `/api/university/modules/${id}/attempts`, 'leader6', {
      drawId: draw.drawId,
      answers: [0, 0, 0],
    });
    expect(res.statusCode).toBe(409);
  });
});

describe('the answer key', () => {
  it('never reaches the page before a submission', async () => {
    const id = modules['Supplier S1']!;
    const detail = await call('GET', `/api/university/modules/${id}`, 'agent');
    const drawRes = await call('POST', `/api/university/modules/${id}/draws`, 'agent', { language: 'English' });
    for (const body of [detail.body, drawRes.body]) {
      expect(body).not.toMatch(/is_correct|isCorrect|correct/i);
    }
    const draw = drawRes.json() as Draw;
    // marks questions of the chosen language, max_options options each with the correct one.
    expect(draw.questions).toHaveLength(3);
    for (const q of draw.questions) {
      expect(q.question).toMatch(/^English question/);
      expect(q.options).toHaveLength(3);
      expect(q.options.filter((text) => text.startsWith('Right'))).toHaveLength(1);
    }
    expect((detail.json() as ModuleDetail).languages.sort()).toEqual(['English', 'isiZulu']);
    const zulu = (
      await call('POST', `/api/university/modules/${id}/draws`, 'agent', { language: 'isiZulu' })
    ).json() as Draw;
    expect(zulu.questions.every((q) => q.question.startsWith('isiZulu'))).toBe(true);
  });

  it('offers a question the same options in every draw, so redrawing cannot single out the correct one', async () => {
    const id = modules.Everyone!;
    const offered = new Map<string, Set<string>>();
    for (let i = 0; i < 25; i++) {
      const draw = (
        await call('POST', `/api/university/modules/${id}/draws`, 'leader3', { language: 'English' })
      ).json() as Draw;
      for (const q of draw.questions) {
        const seen = offered.get(q.question) ?? new Set<string>();
        for (const text of q.options) seen.add(text);
        offered.set(q.question, seen);
      }
    }
    // 3 of each question's 4 options; were they picked afresh, every option would turn up.
    expect(offered.size).toBe(5);
    for (const seen of offered.values()) expect(seen.size).toBe(3);
  });

  it('scores from the server’s own draw and stores it as the snapshot; a draw counts once', async () => {
    const id = modules['Type P1']!;
    const draw = (
      await call('POST', `/api/university/modules/${id}/draws`, 'agent', { language: 'English' })
    ).json() as Draw;
    const incomplete = await call('POST', `/api/university/modules/${id}/attempts`, 'agent', {
      drawId: draw.drawId,
      answers: [0],
    });
    expect(incomplete.statusCode).toBe(400);
    const res = await call('POST', `/api/university/modules/${id}/attempts`, 'agent', {
      drawId: draw.drawId,
      answers: answersFor(draw, true),
    });
    expect(res.statusCode).toBe(200);
    const result = res.json() as AttemptResult;
    expect(result).toMatchObject({ pass: true, percentage: 100, marks: 3, maxMarks: 3, attemptsUsed: 1 });
    const again = await call('POST', `/api/university/modules/${id}/attempts`, 'agent', {
      drawId: draw.drawId,
      answers: answersFor(draw, true),
    });
    expect(again.statusCode).toBe(409);
    const snapshot = await ctx.db.execute<{ s: { questions: { options: { is_correct: boolean }[] }[] } }>(
      sql`select module_content_snapshot as s from training_user_attempt_index where id = ${result.attemptId}`,
    );
    expect(snapshot.rows[0]!.s.questions).toHaveLength(3);
    const page = (await call('GET', '/api/university/modules?tab=completed', 'agent')).json() as ModulePage;
    expect(page.items.map((m) => [m.name, m.attempts, m.progress])).toEqual([['Type P1', 1, 100]]);
    expect(page.items[0]!.completedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe('the attempt limit', () => {
  it('stores exactly one of 20 parallel submissions of a fifth attempt', async () => {
    const id = modules['Supplier S1']!;
    await recordAttempts(
      ctx.db,
      id,
      [1, 2, 3, 4].map(() => ({ userId: users.leader6!.id, pass: false })),
    );
    const draw = (
      await call('POST', `/api/university/modules/${id}/draws`, 'leader6', { language: 'English' })
    ).json() as Draw;
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        call('POST', `/api/university/modules/${id}/attempts`, 'leader6', {
          drawId: draw.drawId,
          answers: answersFor(draw, false),
        }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(19);
    const stored = await ctx.db.execute(
      sql`select count(*)::int as n from training_user_attempt_index
          where users_master_id = ${users.leader6!.id} and module_id = ${id}`,
    );
    expect(stored.rows[0]).toEqual({ n: 5 });
    // No sixth draw, nor a sixth attempt.
    const sixth = await call('POST', `/api/university/modules/${id}/draws`, 'leader6', { language: 'English' });
    expect(sixth.statusCode).toBe(409);
    expect(sixth.body).toContain(TRAINING_MESSAGES.noAttemptsLeft);
  });
});

describe('university status', () => {
  it('is worked out for many users in one call, and moves to 0 after a pass and back after a mark as failed', async () => {
    const ids = [users.agent!.id, users.otherAgent!.id, users.admin!.id, 2_000_000_000];
    const before = await universityStatusOf(ctx.db, ids);
    expect(before.get(users.otherAgent!.id)).toBe(102);
    expect(before.get(users.admin!.id)).toBe(0);
    expect(before.get(2_000_000_000)).toBe(-1);
    for (const id of ids.slice(0, 3)) {
      const user = Object.values(users).find((u) => u.id === id)!;
      expect(before.get(id)).toBe((await universityProgressOf(ctx.db, user)).status);
    }
    // The agent holds no compulsory module: 101 until every relevant one is passed.
    expect(before.get(users.agent!.id)).toBe(101);

    const id = modules['Compulsory S2']!;
    const draw = (
      await call('POST', `/api/university/modules/${id}/draws`, 'otherAgent', { language: 'English' })
    ).json() as Draw;
    await call('POST', `/api/university/modules/${id}/attempts`, 'otherAgent', {
      drawId: draw.drawId,
      answers: answersFor(draw, true),
    });
    expect((await universityStatusOf(ctx.db, [users.otherAgent!.id])).get(users.otherAgent!.id)).toBe(101);
    const me = await call('GET', '/api/me', 'otherAgent');
    expect(me.json().user.universityStatus).toBe(101);

    // An admin turns the pass into a fail (the training-admin screens do this): 102 again.
    await ctx.db.execute(sql`update training_user_attempt_index set pass = false, marked_failed_at = now(),
                              marked_failed_by = ${users.admin!.id}
                             where users_master_id = ${users.otherAgent!.id} and module_id = ${id}`);
    expect((await universityStatusOf(ctx.db, [users.otherAgent!.id])).get(users.otherAgent!.id)).toBe(102);
  });
});

describe('additional content', () => {
  it('lets a registered learner download the module’s files and refuses others', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const file = await saveUpload({
      db: ctx.db,
      storage: ctx.storage,
      data: pdf,
      originalName: 'price-list.pdf',
      purpose: 'training_file',
      uploadedByUserId: users.admin!.id,
    });
    const id = (
      await createTrainingModule(ctx.db, {
        moduleName: 'With a file',
        supplierIds: [(await createSupplier(ctx.db, { supplierName: 'Uni S3' })).id],
        fileIds: [file.id],
      })
    ).id;
    await linkUser(ctx.db, users.leader3!.id, {
      supplierIds: [
        (
          (await ctx.db.execute<{ id: number }>(sql`select id from suppliers_master where supplier_name = 'Uni S3'`))
            .rows[0] as { id: number }
        ).id,
      ],
    });
    const detail = (await call('GET', `/api/university/modules/${id}`, 'leader3')).json() as ModuleDetail;
    expect(detail.files).toEqual([{ id: file.id, name: 'price-list.pdf' }]);
    expect((await call('GET', `/api/files/${file.id}`, 'leader3')).statusCode).toBe(200);
    expect((await call('GET', `/api/files/${file.id}`, 'agent')).statusCode).toBe(403);
  });
});

describe('the supplier filter', () => {
  it('names no supplier the learner may not see, though a module of theirs also names it', async () => {
    const s1 = (
      (await ctx.db.execute<{ id: number }>(sql`select id from suppliers_master where supplier_name = 'Uni S1'`))
        .rows[0] as { id: number }
    ).id;
    const hidden = await createSupplier(ctx.db, { supplierName: 'Uni Hidden', supplierStatus: 3 });
    const registeredOnly = await createSupplier(ctx.db, { supplierName: 'Uni Registered Only', supplierStatus: 2 });
    await createTrainingModule(ctx.db, {
      moduleName: 'Shared with others',
      supplierIds: [s1, hidden.id, registeredOnly.id],
    });
    const names = async (who: string) =>
      ((await call('GET', '/api/university/modules', who)).json() as ModulePage).suppliers.map((s) => s.name);
    const agentSees = await names('agent');
    expect(agentSees).toContain('Uni S1');
    expect(agentSees).not.toContain('Uni Hidden');
    expect(agentSees).not.toContain('Uni Registered Only');
    expect(await names('admin')).toEqual(expect.arrayContaining(['Uni S1', 'Uni Hidden', 'Uni Registered Only']));
  });
});
