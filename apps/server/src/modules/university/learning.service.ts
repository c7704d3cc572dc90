import { createHash } from 'node:crypto';
import {
  type AttemptRequest,
  type AttemptResult,
  type Draw,
  type DrawnQuestion,
  drawQuestions,
  estimatedMinutes,
  type ModuleDetail,
  scoreDraw,
  TRAINING_MESSAGES,
  youtubeVideoId,
} from '@portal/domain/university/attempts';
import {
  MAX_ATTEMPTS,
  type ModuleCard,
  type ModuleListQuery,
  type ModulePage,
} from '@portal/domain/university/catalogue';
import type { Database, Executor } from '../../db/client.ts';
import type { Actor } from '../../platform/access.ts';
import { writeAudit } from '../../platform/audit.ts';
import { AppError, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { lockUntilCommit } from '../../platform/locks.queries.ts';
import {
  countCountedAttempts,
  findLearnerModule,
  findLearnerModulePage,
  findLearnerOverview,
  findModuleContent,
  findPassThreshold,
  findQuestionPool,
  insertAttempt,
  isTrainingFileOfModuleFor,
  type LearnerModuleRow,
  moduleExists,
  stateOf,
  takeDraw,
  upsertDraw,
} from './university.queries.ts';

// The learner's side of the university (spec 3 §2.3, §2.4, §4.1; decision 028): the list, the
// module page, the server's draw and the scored attempt.

const isoDate = (value: Date | string | null): string | null => {
  if (!value) return null;
  const date = value instanceof Date ? value : new Date(value);
  return date.toISOString().slice(0, 10);
};

function cardOf(row: LearnerModuleRow): ModuleCard {
  return {
    id: row.id,
    name: row.module_name,
    description: row.module_description,
    category: row.module_category,
    isCompulsory: row.is_compulsory,
    state: stateOf(row),
    passThreshold: row.pass_threshold,
    progress: Math.round(Number(row.best)),
    attempts: row.counted,
    maxAttempts: MAX_ATTEMPTS,
    completedOn: isoDate(row.passed_at),
  };
}

export async function learnerModules(db: Executor, actor: Actor, query: ModuleListQuery): Promise<ModulePage> {
  const [{ rows, total }, overview] = [
    await findLearnerModulePage(db, actor.user.id, query),
    await findLearnerOverview(db, actor.user.id),
  ];
  return {
    items: rows.map(cardOf),
    page: query.page,
    pageSize: query.pageSize,
    total,
    overview: {
      percent: overview.total === 0 ? 0 : Math.round((overview.completed / overview.total) * 100),
      total: overview.total,
      completed: overview.completed,
      failed: overview.failed,
      notStarted: overview.not_started,
    },
    categories: overview.categories,
    suppliers: overview.suppliers,
  };
}

/** The module when the actor is registered for it (relevant, or an admin); else 403 / 404. */
async function registeredModule(db: Executor, actor: Actor, moduleId: number): Promise<LearnerModuleRow> {
  const row = await findLearnerModule(db, actor.user.id, moduleId);
  if (row) return row;
  if (!(await moduleExists(db, moduleId))) throw notFound('Module not found', 'MODULE_NOT_FOUND');
  throw forbidden(TRAINING_MESSAGES.notRegistered, 'NOT_REGISTERED');
}

export async function learnerModule(db: Executor, actor: Actor, moduleId: number): Promise<ModuleDetail> {
  const row = await registeredModule(db, actor, moduleId);
  const content = await findModuleContent(db, actor.user.id, moduleId);
  const languages = [...content.question_languages];
  for (const video of content.videos) if (!languages.includes(video.language)) languages.push(video.language);
  return {
    id: row.id,
    name: row.module_name,
    description: row.module_description,
    category: row.module_category,
    isCompulsory: row.is_compulsory,
    passThreshold: row.pass_threshold,
    marks: row.marks,
    estimatedMinutes: estimatedMinutes(row.marks),
    languages,
    videos: content.videos.map((video) => ({ language: video.language, videoId: youtubeVideoId(video.link) })),
    files: content.files,
    attempts: content.attempts.map((attempt) => ({
      id: attempt.id,
      pass: attempt.pass,
      percentage: Number(attempt.percentage),
      createdAt: new Date(attempt.created_at).toISOString(),
      markedFailed: attempt.marked_failed_at !== null,
    })),
    maxAttempts: MAX_ATTEMPTS,
    passed: row.passed_at !== null,
  };
}

const noAttemptsLeft = () => conflict(TRAINING_MESSAGES.noAttemptsLeft, undefined, 'NO_ATTEMPTS_LEFT');

/**
 * The same numbers for every draw of one learner and question (mulberry32 over a hash of both), so
 * redrawing always offers that question's same options and their intersection tells nothing.
 */
function learnerChoiceRandom(userId: number): (questionId: number) => () => number {
  return (questionId) => {
    let state = createHash('sha256').update(`training-options:${userId}:${questionId}`).digest().readUInt32LE(0);
    return () => {
      state = (state + 0x6d2b79f5) | 0;
      let t = Math.imul(state ^ (state >>> 15), 1 | state);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  };
}

/** A new random draw in the language, kept by the server; the page gets the texts only. */
export async function drawForLearner(db: Executor, actor: Actor, moduleId: number, language: string): Promise<Draw> {
  const row = await registeredModule(db, actor, moduleId);
  if (row.counted >= MAX_ATTEMPTS) throw noAttemptsLeft();
  const pool = await findQuestionPool(db, moduleId, language);
  const questions = drawQuestions(
    pool.map((q) => ({ id: q.id, question: q.question, maxOptions: q.max_options, options: q.options })),
    row.marks,
    Math.random,
    learnerChoiceRandom(actor.user.id),
  );
  if (questions.length === 0) throw notFound(TRAINING_MESSAGES.noContent, 'NO_QUESTIONS');
  const drawId = await upsertDraw(db, { moduleId, userId: actor.user.id, language, questions });
  return {
    drawId,
    language,
    passThreshold: row.pass_threshold,
    questions: questions.map((q) => ({ question: q.question, options: q.options.map((o) => o.text) })),
  };
}

/**
 * Scores a submission against the server's own draw and stores the attempt with its snapshot.
 * The draw is consumed (one submission per draw) and attempts of one user on one module are
 * serialised, so the fifth attempt can be stored once however many arrive together.
 */
export async function submitAttempt(
  db: Database,
  actor: Actor,
  moduleId: number,
  body: AttemptRequest,
  request?: { id: string; ip: string },
): Promise<AttemptResult> {
  await registeredModule(db, actor, moduleId);
  const userId = actor.user.id;
  return db.transaction(async (tx) => {
    const draw = await takeDraw(tx, { drawId: body.drawId, moduleId, userId });
    if (!draw) throw conflict(TRAINING_MESSAGES.drawExpired, undefined, 'DRAW_EXPIRED');
    const questions = draw.questions as DrawnQuestion[];
    if (body.answers.length !== questions.length) {
      throw new AppError('NOT_ALL_ANSWERED', 400, TRAINING_MESSAGES.notAllAnswered);
    }
    await lockUntilCommit(tx, `training-attempt:${userId}:${moduleId}`);
    const used = await countCountedAttempts(tx, userId, moduleId);
    if (used >= MAX_ATTEMPTS) throw noAttemptsLeft();
    const passThreshold = await findPassThreshold(tx, moduleId);
    const { marks, percentage } = scoreDraw(questions, body.answers);
    const pass = percentage >= passThreshold;
    const attemptId = await insertAttempt(tx, {
      moduleId,
      userId,
      pass,
      percentage,
      marks,
      maxMarks: questions.length,
      language: draw.language,
      snapshot: { language: draw.language, passThreshold, questions, answers: body.answers },
    });
    await writeAudit(tx, {
      actor,
      action: 'training.attempt.submit',
      entity: 'training_user_attempt_index',
      entityId: attemptId,
      after: { moduleId, userId, pass, percentage, marks, maxMarks: questions.length },
      request,
    });
    return {
      attemptId,
      pass,
      percentage,
      passThreshold,
      marks,
      maxMarks: questions.length,
      attemptsUsed: used + 1,
      maxAttempts: MAX_ATTEMPTS,
    };
  });
}

/** The files service's rule for 'training_file': learners registered for one of its modules. */
export function canLearnerReadTrainingFile(db: Executor, actor: Actor, fileId: string): Promise<boolean> {
  return isTrainingFileOfModuleFor(db, fileId, actor.user.id);
}
