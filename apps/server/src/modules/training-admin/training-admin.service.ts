import { zCode } from '@portal/domain/people/z-code';
import {
  type ContentRequest,
  contentProblems,
  type MarkFailedRequest,
  type MarksQuery,
  type ModuleContent,
  type ModuleRequest,
  type ModulesQuery,
  TRAINING_ADMIN_MESSAGES,
  type TrainingMarkPage,
  type TrainingModule,
  type TrainingModuleOptions,
  type TrainingModulePage,
} from '@portal/domain/university/training-admin';
import type { FastifyRequest } from 'fastify';
import type { Database, Executor } from '../../db/client.ts';
import type { Actor } from '../../platform/access.ts';
import { writeAudit } from '../../platform/audit.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { type NoticeDeps, sendNotice } from '../../platform/notices.ts';
import { assertCanOn } from '../../platform/permissions.ts';
import { alertOneUser } from '../alerts/alerts.service.ts';
import {
  failAttempt,
  findAttempt,
  findLearnerContact,
  findMarks,
  findModule,
  findModuleContent,
  findModuleOptions,
  findModules,
  findTrainingUploads,
  insertModule,
  lockModule,
  type ModuleFields,
  type ModuleRow,
  markModuleDeleted,
  replaceModuleContent,
  replaceModuleIndexes,
  updateModule,
} from './training-admin.queries.ts';

// Training administration (spec 3 §2.5–2.7, §4.1, §5.2; decision 029). Every admin manages
// modules (the route's guard). Each change is one transaction with its audit row: a module's
// fields and index rows, its content as a whole, and turning a pass into a fail, which the
// learner's university status (computed on demand, decision 004) reflects at once.

type Request = Pick<FastifyRequest, 'id' | 'ip'> & { actor?: Actor };

const toIso = (value: string | Date) => (value instanceof Date ? value : new Date(value)).toISOString();

function toModule(row: ModuleRow): TrainingModule {
  return {
    id: Number(row.id),
    name: row.module_name,
    description: row.module_description ?? '',
    category: row.module_category ?? '',
    active: row.active,
    isCompulsory: row.is_compulsory,
    trainingType: Number(row.training_types),
    structureLevelId: row.refs_structure_level_id === null ? null : Number(row.refs_structure_level_id),
    productTypes: row.product_types,
    suppliers: row.suppliers,
    questionCount: Number(row.question_count),
    attemptCount: Number(row.attempt_count),
  };
}

const moduleNotFound = () => notFound(TRAINING_ADMIN_MESSAGES.notFound, 'TRAINING_MODULE_NOT_FOUND');

/** What the audit keeps of a module: its fields and the index rows chosen. */
const audited = (module: TrainingModule) => ({
  name: module.name,
  description: module.description,
  category: module.category,
  active: module.active,
  isCompulsory: module.isCompulsory,
  trainingType: module.trainingType,
  structureLevelId: module.structureLevelId,
  productTypeIds: module.productTypes.map((type) => type.id).join(','),
  supplierIds: module.suppliers.map((supplier) => supplier.id).join(','),
});

export async function listModules(db: Executor, query: ModulesQuery): Promise<TrainingModulePage> {
  const rows = await findModules(db, {
    active: query.status === 'active',
    productTypeId: query.productTypeId,
    supplierId: query.supplierId,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  return { items: rows.map(toModule), page: query.page, pageSize: query.pageSize, total: Number(rows[0]?.total ?? 0) };
}

export async function moduleOptions(db: Executor): Promise<TrainingModuleOptions> {
  const row = await findModuleOptions(db);
  return {
    productTypes: row.product_types,
    suppliers: row.suppliers,
    structureLevels: row.structure_levels,
    categories: row.categories,
  };
}

async function moduleById(db: Executor, id: number): Promise<TrainingModule> {
  const row = await findModule(db, id);
  if (!row) throw moduleNotFound();
  return toModule(row);
}

const fieldsOf = (request: ModuleRequest): ModuleFields => ({
  name: request.name,
  description: request.description,
  category: request.category,
  active: request.active,
  isCompulsory: request.isCompulsory,
  trainingType: request.trainingType,
  structureLevelId: request.structureLevelId,
});

/** The index rows as chosen; an id that names no product type or supplier refuses the whole change. */
async function setIndexes(tx: Executor, moduleId: number, request: ModuleRequest) {
  const saved = await replaceModuleIndexes(tx, moduleId, request);
  if (saved.productTypes !== request.productTypeIds.length || saved.suppliers !== request.supplierIds.length) {
    throw badRequest(TRAINING_ADMIN_MESSAGES.unknownChoice, undefined, 'UNKNOWN_CATALOGUE_CHOICE');
  }
}

export async function createModule(
  db: Database,
  actor: Actor,
  request: ModuleRequest,
  http?: Request,
): Promise<TrainingModule> {
  const id = await db.transaction(async (tx) => {
    const moduleId = await insertModule(tx, fieldsOf(request), actor.user.id);
    await setIndexes(tx, moduleId, request);
    await writeAudit(tx, {
      actor,
      action: 'training-module.create',
      entity: 'training_master',
      entityId: moduleId,
      after: audited(await moduleById(tx, moduleId)),
      request: http,
    });
    return moduleId;
  });
  return moduleById(db, id);
}

export async function editModule(
  db: Database,
  actor: Actor,
  id: number,
  request: ModuleRequest,
  http?: Request,
): Promise<TrainingModule> {
  await db.transaction(async (tx) => {
    const before = await lockModule(tx, id);
    if (!before) throw moduleNotFound();
    await updateModule(tx, id, fieldsOf(request));
    await setIndexes(tx, id, request);
    await writeAudit(tx, {
      actor,
      action: 'training-module.update',
      entity: 'training_master',
      entityId: id,
      before: audited(toModule(before)),
      after: audited(await moduleById(tx, id)),
      request: http,
    });
  });
  return moduleById(db, id);
}

/** Spec 3 §4.1: delete sets is_deleted; attempts stay (the marks history), the module leaves every list. */
export async function deleteModule(db: Database, actor: Actor, id: number, http?: Request): Promise<{ ok: true }> {
  await db.transaction(async (tx) => {
    const before = await lockModule(tx, id);
    if (!before) throw moduleNotFound();
    await markModuleDeleted(tx, id);
    await writeAudit(tx, {
      actor,
      action: 'training-module.delete',
      entity: 'training_master',
      entityId: id,
      before: { isDeleted: false, name: before.module_name },
      after: { isDeleted: true, name: before.module_name },
      request: http,
    });
  });
  return { ok: true };
}

export async function moduleContent(db: Executor, id: number): Promise<ModuleContent> {
  const row = await findModule(db, id);
  if (!row) throw moduleNotFound();
  const content = await findModuleContent(db, id);
  return {
    module: toModule(row),
    passThreshold: Number(row.pass_threshold),
    marks: Number(row.marks),
    videos: content.videos,
    files: content.files.map((file) => ({
      id: file.id,
      name: file.name,
      contentType: file.content_type,
      sizeBytes: Number(file.size_bytes),
    })),
    questions: content.questions.map((question) => ({
      question: question.question,
      language: question.language,
      maxOptions: Number(question.max_options),
      options: question.options.map((option) => ({ text: option.text, isCorrect: option.is_correct })),
    })),
  };
}

/**
 * 'Save Changes' (spec 3 §2.6, §5.2): refused with the first §5.2 message (and every problem as a
 * field error) unless the content may be saved; otherwise replaced in one transaction. A file
 * must be a training upload (any admin's: admins share the modules).
 */
export async function saveModuleContent(
  db: Database,
  actor: Actor,
  id: number,
  request: ContentRequest,
  http?: Request,
): Promise<ModuleContent> {
  const problems = contentProblems(request);
  if (problems.length) throw badRequest(problems[0]!.message, problems, 'TRAINING_CONTENT_INVALID');
  const fileIds = [...new Set(request.fileIds)];
  await db.transaction(async (tx) => {
    const before = await lockModule(tx, id);
    if (!before) throw moduleNotFound();
    const usable = new Set(await findTrainingUploads(tx, fileIds));
    const refused = fileIds.findIndex((fileId) => !usable.has(fileId));
    if (refused !== -1) {
      throw badRequest(
        TRAINING_ADMIN_MESSAGES.fileRefused,
        [{ field: `fileIds.${refused}`, message: TRAINING_ADMIN_MESSAGES.fileRefused }],
        'TRAINING_FILE_REFUSED',
      );
    }
    await replaceModuleContent(tx, id, {
      passThreshold: request.passThreshold,
      marks: request.marks,
      videos: request.videos,
      fileIds,
      questions: request.questions.map((question) => ({
        question: question.question,
        language: question.language,
        maxOptions: question.maxOptions,
        options: question.options.map((option) => ({ text: option.text, is_correct: option.isCorrect })),
      })),
    });
    await writeAudit(tx, {
      actor,
      action: 'training-module.content',
      entity: 'training_master',
      entityId: id,
      before: { passThreshold: Number(before.pass_threshold), marks: Number(before.marks) },
      after: {
        passThreshold: request.passThreshold,
        marks: request.marks,
        videos: request.videos.length,
        files: fileIds.join(','),
        questions: request.questions.length,
      },
      request: http,
    });
  });
  return moduleContent(db, id);
}

export async function moduleMarks(db: Executor, query: MarksQuery): Promise<TrainingMarkPage> {
  const module = await findModule(db, query.moduleId);
  if (!module) throw moduleNotFound();
  const rows = await findMarks(db, {
    moduleId: query.moduleId,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  return {
    moduleName: module.module_name,
    items: rows.map((row) => ({
      id: Number(row.id),
      userId: Number(row.user_id),
      userCode: zCode(Number(row.user_id)),
      userName: `${row.first_name} ${row.surname}`.trim(),
      pass: row.pass,
      percentage: Number(row.percentage),
      marks: Number(row.marks),
      maxMarks: Number(row.max_marks),
      createdAt: toIso(row.created_at),
      markedFailedAt: row.marked_failed_at === null ? null : toIso(row.marked_failed_at),
    })),
    page: query.page,
    pageSize: query.pageSize,
    total: Number(rows[0]?.total ?? 0),
  };
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * Spec 3 §4.1: a pass becomes a fail (the learner must retake the module); refused once failed.
 * The conditional update decides, so two admins clicking at once give one change and one 409.
 *
 * Decision 068: a fail can hold the learner's commission (the training gate), and the screen is
 * every admin's (no flag), so: never the actor's own marks, never those of an admin holding a
 * flag the actor lacks (the people rule, `assertCanOn`), a required reason that the audit row
 * keeps with the actor, and the learner is told in the same transaction (e-mail, else SMS, and
 * an in-app alert).
 */
export async function markAttemptFailed(
  deps: { db: Database; notices: NoticeDeps },
  actor: Actor,
  attemptId: number,
  input: MarkFailedRequest,
  http?: Request,
): Promise<{ ok: true }> {
  const { db } = deps;
  const attempt = await findAttempt(db, attemptId);
  if (!attempt) throw notFound(TRAINING_ADMIN_MESSAGES.attemptNotFound, 'TRAINING_ATTEMPT_NOT_FOUND');
  const learnerId = Number(attempt.users_master_id);
  if (learnerId === actor.user.id) throw forbidden(TRAINING_ADMIN_MESSAGES.ownMarks, 'NO_PERMISSION');
  await assertCanOn(db, actor, 'manage', 'training-module', learnerId);
  await db.transaction(async (tx) => {
    const failed = await failAttempt(tx, attemptId, actor.user.id);
    if (!failed) throw conflict(TRAINING_ADMIN_MESSAGES.alreadyFailed, undefined, 'TRAINING_ATTEMPT_ALREADY_FAILED');
    const moduleId = Number(failed.module_id);
    await writeAudit(tx, {
      actor,
      action: 'training-attempt.mark-failed',
      entity: 'training_user_attempt_index',
      entityId: attemptId,
      // Only what changed is kept of both sides; which module and learner are kept with the after.
      before: { pass: true, reason: null },
      after: { pass: false, reason: input.reason, moduleId, userId: learnerId, percentage: Number(failed.percentage) },
      request: http,
    });
    await tellLearner(deps, tx, actor, learnerId, attempt.module_name, input.reason);
  });
  return { ok: true };
}

/** The learner hears that their pass no longer counts, and why (as a helpdesk update is told). */
async function tellLearner(
  deps: { notices: NoticeDeps },
  tx: Executor,
  actor: Actor,
  learnerId: number,
  moduleName: string,
  reason: string,
) {
  const learner = await findLearnerContact(tx, learnerId);
  if (!learner) return;
  const subject = TRAINING_ADMIN_MESSAGES.failedNoticeSubject;
  const what = `Your pass of the training module '${moduleName}' (${zCode(learnerId)}) was marked as failed, so you will need to take it again. Reason: ${reason}`;
  await sendNotice(
    deps.notices,
    {
      email: learner.email ?? undefined,
      phone: learner.phone ?? undefined,
      subject,
      text: `Hello ${learner.first_name},\n\n${what}\n\nIf you have questions, contact your administrator.`,
    },
    undefined,
    tx,
  );
  await alertOneUser(tx, {
    userId: learnerId,
    title: subject,
    descriptionHtml: `<p>${escapeHtml(what)}</p>`,
    createdBy: actor.user.id,
    type: 'training',
  });
}
