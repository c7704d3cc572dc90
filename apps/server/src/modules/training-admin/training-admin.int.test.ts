import {
  type ModuleContent,
  TRAINING_ADMIN_MESSAGES,
  type TrainingMarkPage,
  type TrainingModule,
  type TrainingModulePage,
} from '@portal/domain/university/training-admin';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastMessageTo } from '../../../test/outbox-reader.ts';
import { createTestContext, TEST_ORIGIN, type TestContext } from '../../../test/test-app.ts';
import { createTrainingModule, recordAttempts } from '../../db/seed/activity-factories.ts';
import {
  createProductType,
  createSupplier,
  createUser,
  grantFeatures,
  nextSequence,
  type UserRow,
} from '../../db/seed/factories.ts';
import { saveUpload } from '../files/files.service.ts';
import { universityStatusOfUser } from '../university/university.service.ts';

// Training administration (spec 3 §2.5–2.7, §4.1, §5.2): who may manage modules, the list's
// filters, the module dialog's rules, soft delete, every 'Save Changes' rule, files, and marking
// a pass as failed (the learner's university status changes).

const PASSWORD = 'Secret123';
let ctx: TestContext;
const cookies = { admin: '', agent: '', leader: '' };
type Who = keyof typeof cookies | 'anonymous';
let agent: UserRow;
let fibre: { id: number };
let lte: { id: number };
let metro: { id: number };
const n = nextSequence();
const VIDEO = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
/** Decision 068: a pass is marked failed only with a reason. */
const REASON = { reason: 'Answers shared in a group chat' };

async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: Who, payload?: unknown) {
  return ctx.app.inject({
    method,
    url,
    headers: { ...(who === 'anonymous' ? {} : { cookie: cookies[who] }), origin: TEST_ORIGIN },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

const moduleBody = (extra: Record<string, unknown> = {}) => ({
  name: `Module ${n} ${Math.random().toString(36).slice(2, 7)}`,
  description: 'What to know',
  category: 'Product',
  supplierIds: [],
  productTypeIds: [],
  isCompulsory: false,
  trainingType: 1,
  structureLevelId: null,
  active: true,
  ...extra,
});

const question = (text: string, language = 'English') => ({
  question: text,
  language,
  maxOptions: 2,
  options: [
    { text: 'Right', isCorrect: true },
    { text: 'Wrong', isCorrect: false },
    { text: 'Also wrong', isCorrect: false },
  ],
});

const content = (extra: Record<string, unknown> = {}) => ({
  passThreshold: 60,
  marks: 1,
  videos: [{ link: VIDEO, language: 'English' }],
  fileIds: [] as string[],
  questions: [question('Q1')],
  ...extra,
});

async function newModule(extra: Record<string, unknown> = {}): Promise<TrainingModule> {
  const response = await call('POST', '/api/training-modules', 'admin', moduleBody(extra));
  expect(response.statusCode).toBe(201);
  return response.json() as TrainingModule;
}

async function pdfUpload(uploadedBy: number, purpose = 'training_file') {
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
  return saveUpload({
    db: ctx.db,
    storage: ctx.storage,
    data: pdf,
    originalName: 'price-list.pdf',
    purpose,
    uploadedByUserId: uploadedBy,
    ownerUserId: uploadedBy,
  });
}

let admin: UserRow;

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.db;
  admin = await createUser(db, { isAdmin: true, password: PASSWORD });
  agent = await createUser(db, { password: PASSWORD });
  const leader = await createUser(db, { password: PASSWORD, isLeader: true });
  fibre = await createProductType(db, `TA Fibre ${n}`);
  lte = await createProductType(db, `TA LTE ${n}`);
  metro = await createSupplier(db, { supplierName: `TA Metro ${n}`, productTypeIds: [fibre.id] });
  cookies.admin = await ctx.signIn(admin.email!, PASSWORD);
  cookies.agent = await ctx.signIn(agent.email!, PASSWORD);
  cookies.leader = await ctx.signIn(leader.email!, PASSWORD);
});

afterAll(async () => {
  await ctx?.close();
});

describe('who may manage training', () => {
  it('refuses agents, leaders and anonymous callers on every training admin route', async () => {
    const module = await newModule();
    for (const who of ['agent', 'leader', 'anonymous'] as const) {
      const expected = who === 'anonymous' ? 401 : 403;
      expect((await call('GET', '/api/training-modules', who)).statusCode).toBe(expected);
      expect((await call('POST', '/api/training-modules', who, moduleBody())).statusCode).toBe(expected);
      expect((await call('GET', `/api/training-modules/${module.id}/content`, who)).statusCode).toBe(expected);
      expect((await call('PUT', `/api/training-modules/${module.id}/content`, who, content())).statusCode).toBe(
        expected,
      );
      expect((await call('DELETE', `/api/training-modules/${module.id}`, who)).statusCode).toBe(expected);
      expect((await call('GET', `/api/training-marks?moduleId=${module.id}`, who)).statusCode).toBe(expected);
    }
    // Nothing changed: the module is still listed, not deleted.
    const [row] = (
      await ctx.db.execute<{ is_deleted: boolean }>(sql`select is_deleted from training_master where id = ${module.id}`)
    ).rows;
    expect(row?.is_deleted).toBe(false);
  });
});

describe('modules', () => {
  it('filters by status, product type and supplier (active index rows only)', async () => {
    const tagged = await newModule({ productTypeIds: [fibre.id], supplierIds: [metro.id] });
    const inactive = await newModule({ active: false, productTypeIds: [fibre.id] });
    const list = async (query: string) =>
      (
        (await call('GET', `/api/training-modules?pageSize=100&${query}`, 'admin')).json() as TrainingModulePage
      ).items.map((module) => module.id);
    expect(await list(`productTypeId=${fibre.id}`)).toEqual([tagged.id]);
    expect(await list(`status=inactive&productTypeId=${fibre.id}`)).toEqual([inactive.id]);
    expect(await list(`supplierId=${metro.id}`)).toEqual([tagged.id]);
    // Editing clears the old index rows: the module leaves the fibre filter for the LTE one.
    const edited = await call('PUT', `/api/training-modules/${tagged.id}`, 'admin', {
      ...moduleBody({ name: tagged.name }),
      productTypeIds: [lte.id],
    });
    expect(edited.statusCode).toBe(200);
    expect((edited.json() as TrainingModule).productTypes.map((type) => type.id)).toEqual([lte.id]);
    expect(await list(`productTypeId=${fibre.id}`)).toEqual([]);
    expect(await list(`productTypeId=${lte.id}`)).toEqual([tagged.id]);
    expect(await list(`supplierId=${metro.id}`)).toEqual([]);
  });

  it('keeps a structure level for the leader type only, defaulting it to 1', async () => {
    const leaderModule = await newModule({ trainingType: 3, structureLevelId: null });
    expect(leaderModule.structureLevelId).toBe(1);
    const standard = await newModule({ trainingType: 1, structureLevelId: 5 });
    expect(standard.structureLevelId).toBeNull();
  });

  it('refuses an unknown product type without saving anything', async () => {
    const before = (await ctx.db.execute<{ c: number }>(sql`select count(*)::int c from training_master`)).rows[0]!.c;
    const response = await call(
      'POST',
      '/api/training-modules',
      'admin',
      moduleBody({ productTypeIds: [2_000_000_000] }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe(TRAINING_ADMIN_MESSAGES.unknownChoice);
    const after = (await ctx.db.execute<{ c: number }>(sql`select count(*)::int c from training_master`)).rows[0]!.c;
    expect(after).toBe(before);
  });

  it('deletes softly: the module leaves the lists and its pages, the row and attempts stay, audited', async () => {
    const module = await newModule();
    await recordAttempts(ctx.db, module.id, [{ userId: agent.id, pass: true }]);
    const deleted = await call('DELETE', `/api/training-modules/${module.id}`, 'admin');
    expect(deleted.statusCode).toBe(200);
    const listed = (await call('GET', '/api/training-modules?pageSize=100', 'admin')).json() as TrainingModulePage;
    expect(listed.items.map((item) => item.id)).not.toContain(module.id);
    expect((await call('GET', `/api/training-modules/${module.id}/content`, 'admin')).statusCode).toBe(404);
    expect((await call('DELETE', `/api/training-modules/${module.id}`, 'admin')).statusCode).toBe(404);
    const [row] = (
      await ctx.db.execute<{ is_deleted: boolean; attempts: number; audits: number }>(sql`
        select m.is_deleted,
               (select count(*)::int from training_user_attempt_index where module_id = m.id) as attempts,
               (select count(*)::int from audit_log where entity = 'training_master' and entity_id = ${String(module.id)}
                   and action = 'training-module.delete') as audits
          from training_master m where m.id = ${module.id}`)
    ).rows;
    expect(row).toEqual({ is_deleted: true, attempts: 1, audits: 1 });
  });
});

describe("'Save Changes' (spec 3 §5.2)", () => {
  const save = (id: number, body: unknown) => call('PUT', `/api/training-modules/${id}/content`, 'admin', body);

  it('needs at least one video/language and one question', async () => {
    const module = await newModule();
    for (const body of [content({ videos: [] }), content({ questions: [] })]) {
      const response = await save(module.id, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toBe(TRAINING_ADMIN_MESSAGES.needsVideoAndQuestion);
    }
  });

  it('needs the first video link or an additional file', async () => {
    const module = await newModule();
    const blank = await save(module.id, content({ videos: [{ link: '', language: 'English' }] }));
    expect(blank.statusCode).toBe(400);
    expect(blank.json().detail).toBe(TRAINING_ADMIN_MESSAGES.needsVideoOrFile);
    // A blank link is fine when the module has a file (a module without video).
    const file = await pdfUpload(admin.id);
    const withFile = await save(
      module.id,
      content({ videos: [{ link: '', language: 'English' }], fileIds: [file.id] }),
    );
    expect(withFile.statusCode).toBe(200);
    expect((withFile.json() as ModuleContent).files.map((f) => f.name)).toEqual(['price-list.pdf']);
  });

  it('keeps the pass threshold within 0 to 100', async () => {
    const module = await newModule();
    expect((await save(module.id, content({ passThreshold: 101 }))).statusCode).toBe(400);
    expect((await save(module.id, content({ passThreshold: -1 }))).statusCode).toBe(400);
    expect((await save(module.id, content({ passThreshold: 0 }))).statusCode).toBe(200);
  });

  it('saves a link without a video id as given (learners read the no-video text; spec 3 §5.2)', async () => {
    const module = await newModule();
    const link = 'https://example.test/video.mp4';
    const response = await save(module.id, content({ videos: [{ link, language: 'English' }] }));
    expect(response.statusCode).toBe(200);
    expect((response.json() as ModuleContent).videos).toEqual([{ link, language: 'English' }]);
  });

  it('refuses two videos in one language', async () => {
    const module = await newModule();
    const twice = [
      { link: VIDEO, language: 'English' },
      { link: VIDEO, language: 'English' },
    ];
    const response = await save(module.id, content({ videos: twice }));
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe('There is already a video in English.');
  });

  it('needs exactly one correct option, max options within the options, and enough questions per language', async () => {
    const module = await newModule();
    const noCorrect = {
      ...question('Q'),
      options: [
        { text: 'A', isCorrect: false },
        { text: 'B', isCorrect: false },
      ],
    };
    expect((await save(module.id, content({ questions: [noCorrect] }))).json().detail).toBe(
      'Question 1: mark exactly one correct option.',
    );
    expect((await save(module.id, content({ questions: [{ ...question('Q'), maxOptions: 4 }] }))).statusCode).toBe(400);
    const tooMany = await save(
      module.id,
      content({ marks: 2, questions: [question('Q1'), question('Q2'), question('Z1', 'isiZulu')] }),
    );
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().detail).toBe('Questions asked (2) cannot be more than the 1 questions in isiZulu.');
  });

  it('refuses a file that is no training upload, saving nothing', async () => {
    const module = await newModule();
    const other = await pdfUpload(agent.id, 'ticket_document');
    const response = await save(module.id, content({ fileIds: [other.id], questions: [question('Kept?')] }));
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe(TRAINING_ADMIN_MESSAGES.fileRefused);
    const now = (await call('GET', `/api/training-modules/${module.id}/content`, 'admin')).json() as ModuleContent;
    expect(now.questions).toEqual([]);
  });

  it('saves two languages with videos, a file, 3 questions a language with 3 asked and threshold 60 as one whole', async () => {
    const module = await newModule();
    const file = await pdfUpload(admin.id);
    const questions = [
      question('E1'),
      question('E2'),
      question('E3'),
      question('A1', 'Afrikaans'),
      question('A2', 'Afrikaans'),
    ];
    questions.push(question('A3', 'Afrikaans'));
    const body = content({
      marks: 3,
      passThreshold: 60,
      videos: [
        { link: VIDEO, language: 'English' },
        { link: 'https://youtu.be/9bZkp7q19f0', language: 'Afrikaans' },
      ],
      fileIds: [file.id],
      questions,
    });
    const saved = await save(module.id, body);
    expect(saved.statusCode).toBe(200);
    const read = (await call('GET', `/api/training-modules/${module.id}/content`, 'admin')).json() as ModuleContent;
    expect(read.marks).toBe(3);
    expect(read.passThreshold).toBe(60);
    expect(read.videos.map((video) => video.language)).toEqual(['English', 'Afrikaans']);
    expect(read.questions.map((q) => q.question)).toEqual(['E1', 'E2', 'E3', 'A1', 'A2', 'A3']);
    expect(read.questions[0]!.options.filter((option) => option.isCorrect)).toEqual([
      { text: 'Right', isCorrect: true },
    ]);
    // Saving again with fewer questions replaces them, not appends.
    const again = await save(module.id, {
      ...body,
      questions: questions.filter((q) => q.language === 'English'),
      fileIds: [],
    });
    expect(again.statusCode).toBe(200);
    expect((again.json() as ModuleContent).questions).toHaveLength(3);
    expect((again.json() as ModuleContent).files).toEqual([]);
  });
});

describe('marks (spec 3 §2.7, §4.1)', () => {
  it('lists attempts 10 a page, newest first, with the user code and name', async () => {
    const module = await createTrainingModule(ctx.db, { moduleName: `Marks ${n}` });
    const people = await Promise.all(Array.from({ length: 12 }, () => createUser(ctx.db, {})));
    await recordAttempts(
      ctx.db,
      module.id,
      people.map((person) => ({ userId: person.id, pass: true })),
    );
    const first = (await call('GET', `/api/training-marks?moduleId=${module.id}`, 'admin')).json() as TrainingMarkPage;
    expect(first.items).toHaveLength(10);
    expect(first.total).toBe(12);
    expect(first.moduleName).toBe(`Marks ${n}`);
    expect(first.items[0]!.userCode).toMatch(/^Z-\d+$/);
    const second = (
      await call('GET', `/api/training-marks?moduleId=${module.id}&page=2`, 'admin')
    ).json() as TrainingMarkPage;
    expect(second.items).toHaveLength(2);
    expect((await call('GET', `/api/training-marks?moduleId=${module.id}&pageSize=11`, 'admin')).statusCode).toBe(400);
  });

  it("marks a pass as failed: the learner's university status drops to 102, audited; twice is refused", async () => {
    const learner = await createUser(ctx.db, {});
    const compulsory = await createTrainingModule(ctx.db, { moduleName: `Compulsory ${n}`, isCompulsory: true });
    await recordAttempts(ctx.db, compulsory.id, [{ userId: learner.id, pass: true }]);
    expect(await universityStatusOfUser(ctx.db, learner)).not.toBe(102);
    const page = (
      await call('GET', `/api/training-marks?moduleId=${compulsory.id}`, 'admin')
    ).json() as TrainingMarkPage;
    const attempt = page.items.find((item) => item.userId === learner.id)!;
    expect(attempt.pass).toBe(true);

    expect((await call('POST', `/api/training-marks/${attempt.id}/fail`, 'agent', REASON)).statusCode).toBe(403);
    expect(await universityStatusOfUser(ctx.db, learner)).not.toBe(102);

    const failed = await call('POST', `/api/training-marks/${attempt.id}/fail`, 'admin', REASON);
    expect(failed.statusCode).toBe(200);
    expect(await universityStatusOfUser(ctx.db, learner)).toBe(102);
    const after = (
      await call('GET', `/api/training-marks?moduleId=${compulsory.id}`, 'admin')
    ).json() as TrainingMarkPage;
    const row = after.items.find((item) => item.id === attempt.id)!;
    expect(row.pass).toBe(false);
    expect(row.markedFailedAt).not.toBeNull();

    const again = await call('POST', `/api/training-marks/${attempt.id}/fail`, 'admin', REASON);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(TRAINING_ADMIN_MESSAGES.alreadyFailed);
    const audits = await ctx.db.execute<{ actor_user_id: number; before: unknown; after: unknown }>(sql`
      select actor_user_id, before, after from audit_log
       where action = 'training-attempt.mark-failed' and entity_id = ${String(attempt.id)}`);
    expect(audits.rows).toHaveLength(1);
    expect(audits.rows[0]!.actor_user_id).toBe(admin.id);
  });

  it('counts one change when two admins mark the same pass at once', async () => {
    const learner = await createUser(ctx.db, {});
    const module = await createTrainingModule(ctx.db, { moduleName: `Race ${n}` });
    await recordAttempts(ctx.db, module.id, [{ userId: learner.id, pass: true }]);
    const [attempt] = (
      await ctx.db.execute<{ id: number }>(
        sql`select id from training_user_attempt_index where module_id = ${module.id}`,
      )
    ).rows;
    const results = await Promise.all(
      Array.from({ length: 5 }, () => call('POST', `/api/training-marks/${attempt!.id}/fail`, 'admin', REASON)),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
  });
});

describe('marking a pass as failed is safe (decision 068)', () => {
  /** A module with one pass of `learner`; the attempt's id. */
  async function passOf(learner: UserRow, name: string): Promise<number> {
    const module = await createTrainingModule(ctx.db, { moduleName: `${name} ${n}`, isCompulsory: true });
    await recordAttempts(ctx.db, module.id, [{ userId: learner.id, pass: true }]);
    const [row] = (
      await ctx.db.execute<{ id: number }>(
        sql`select id from training_user_attempt_index where module_id = ${module.id} and users_master_id = ${learner.id}`,
      )
    ).rows;
    return Number(row!.id);
  }
  const passStands = async (attemptId: number) =>
    (await ctx.db.execute<{ pass: boolean }>(sql`select pass from training_user_attempt_index where id = ${attemptId}`))
      .rows[0]!.pass;
  const auditsOf = async (attemptId: number) =>
    (
      await ctx.db.execute<{ actor_user_id: number; before: Record<string, unknown>; after: Record<string, unknown> }>(
        sql`select actor_user_id, before, after from audit_log
             where action = 'training-attempt.mark-failed' and entity_id = ${String(attemptId)}`,
      )
    ).rows;

  it('needs a reason (the shared schema says so), and audits it with the actor, before and after', async () => {
    const learner = await createUser(ctx.db, {});
    const attemptId = await passOf(learner, 'Reason');
    const url = `/api/training-marks/${attemptId}/fail`;
    expect((await call('POST', url, 'admin')).statusCode).toBe(400);
    for (const reason of ['', '   ', 'ok']) {
      const refused = await call('POST', url, 'admin', { reason });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().detail).toBe(TRAINING_ADMIN_MESSAGES.reasonRequired);
    }
    expect((await call('POST', url, 'admin', { reason: 'x'.repeat(301) })).statusCode).toBe(400);
    expect(await passStands(attemptId)).toBe(true);
    expect(await auditsOf(attemptId)).toEqual([]);

    expect((await call('POST', url, 'admin', { reason: '  Answers shared in a group chat ' })).statusCode).toBe(200);
    const [audit] = await auditsOf(attemptId);
    expect(audit!.actor_user_id).toBe(admin.id);
    expect(audit!.before).toMatchObject({ pass: true });
    expect(audit!.after).toMatchObject({ pass: false, reason: 'Answers shared in a group chat', userId: learner.id });
  });

  it('tells the learner, by e-mail and by an in-app alert, with the module and the reason', async () => {
    const learner = await createUser(ctx.db, { firstName: 'Lerato' });
    const attemptId = await passOf(learner, 'Told');
    expect((await call('POST', `/api/training-marks/${attemptId}/fail`, 'admin', REASON)).statusCode).toBe(200);
    const mail = await lastMessageTo(ctx.db, learner.email!, 'email');
    expect(mail.subject).toBe(TRAINING_ADMIN_MESSAGES.failedNoticeSubject);
    expect(mail.body).toContain(`Told ${n}`);
    expect(mail.body).toContain(REASON.reason);
    const alerts = await ctx.db.$client.query(
      `SELECT a.title, a.description_html AS description FROM alerts a JOIN alert_recipients r ON r.alert_id = a.id WHERE r.user_id = $1`,
      [learner.id],
    );
    expect(alerts.rows).toHaveLength(1);
    expect(alerts.rows[0].title).toBe(TRAINING_ADMIN_MESSAGES.failedNoticeSubject);
    expect(alerts.rows[0].description).toContain(REASON.reason);
  });

  it('refuses the marks of an admin holding a flag the actor lacks; an actor holding it may', async () => {
    const flagged = await createUser(ctx.db, { isAdmin: true });
    await grantFeatures(ctx.db, flagged.id, ['Commissions']);
    const attemptId = await passOf(flagged, 'Flagged');
    const refused = await call('POST', `/api/training-marks/${attemptId}/fail`, 'admin', REASON);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('NO_PERMISSION');
    expect(await passStands(attemptId)).toBe(true);
    expect(await auditsOf(attemptId)).toEqual([]);
    await expect(lastMessageTo(ctx.db, flagged.email!, 'email')).rejects.toThrow();

    const peer = await createUser(ctx.db, { isAdmin: true, password: PASSWORD });
    await grantFeatures(ctx.db, peer.id, ['Commissions']);
    const cookie = await ctx.signIn(peer.email!, PASSWORD);
    const allowed = await ctx.app.inject({
      method: 'POST',
      url: `/api/training-marks/${attemptId}/fail`,
      headers: { cookie, origin: TEST_ORIGIN },
      payload: REASON,
    });
    expect(allowed.statusCode).toBe(200);
    expect(await passStands(attemptId)).toBe(false);
  });

  it("refuses an admin's own marks", async () => {
    const attemptId = await passOf(admin, 'Own');
    const refused = await call('POST', `/api/training-marks/${attemptId}/fail`, 'admin', REASON);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe(TRAINING_ADMIN_MESSAGES.ownMarks);
    expect(await passStands(attemptId)).toBe(true);
    expect(await auditsOf(attemptId)).toEqual([]);
  });
});
