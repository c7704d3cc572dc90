import { z } from 'zod';
import { RowIdParam } from '../platform/ids.ts';
import { pageOf } from '../platform/problem.ts';

// Training administration (spec 3 §2.5–2.7, §3.1, §4.1, §5.2, §8, §9; decision 029): the module
// list and dialog, the content editor (videos, files, questions, marks asked, pass threshold) and
// the marks table with 'mark as failed'. One definition for the server and the pages.

/** Spec 3 §9: the marks table shows 10 attempts a page. */
export const MARKS_PAGE_SIZE = 10;
export const MODULES_PAGE_SIZE = 25;
/** Spec 3 §9: the pass threshold default and range. */
export const DEFAULT_PASS_THRESHOLD = 100;
/** Spec 3 §3.1: training type 1 is for everyone, 3 is the leader type (then a structure level). */
export const TRAINING_TYPES = [
  { id: 1, name: 'Standard (everyone)' },
  { id: 3, name: 'Leader' },
] as const;
export const LEADER_TRAINING_TYPE = 3;
export const DEFAULT_STRUCTURE_LEVEL = 1;
/** Questions and options stay readable in a dialog and an attempt page. */
export const MAX_OPTIONS_PER_QUESTION = 10;
export const MAX_QUESTIONS = 200;
export const MAX_VIDEOS = 20;
export const MAX_FILES = 30;

export const TRAINING_ADMIN_MESSAGES = {
  created: 'Module successfully created',
  updated: 'Module successfully updated',
  deleted: 'Module successfully deleted',
  createFailed: 'Error creating module',
  updateFailed: 'Error updating module',
  deleteFailed: 'Error deleting module',
  markedFailed: 'Module marked as failed',
  noModules: 'No Modules Found.',
  // Spec 3 §5.2: the two alerts of 'Save Changes'.
  needsVideoAndQuestion: 'You must have at least one video/language and one question to save.',
  needsVideoOrFile: 'You must at least have a video or additional content to submit.',
  /** Spec 3 §5.2: what learners read for a link without a video id. */
  noVideo: 'No video available. Please refer to the additional content below.',
  contentSaved: 'Content saved successfully',
  contentSaveFailed: 'Error saving content',
  notFound: 'This module no longer exists.',
  alreadyFailed: 'This attempt is already marked as failed.',
  attemptNotFound: 'This attempt no longer exists.',
  nameRequired: 'Please enter a module name.',
  unknownChoice: 'Choose product types and suppliers from the lists.',
  fileRefused: 'Upload the file again: it is not additional content of this module.',
  markedFailedFailed: 'Error marking the attempt as failed',
  // Decision 068: marking a pass as failed can hold the learner's commission (the training gate).
  reasonRequired: 'Please say why this pass is marked as failed.',
  ownMarks: 'You cannot change your own marks.',
  failedNoticeSubject: 'A training result was changed',
} as const;

/** Decision 068: the reason asked for, audited and sent to the learner, is a short text. */
export const MARK_FAILED_REASON_MIN = 3;
export const MARK_FAILED_REASON_MAX = 300;

/** A question's editor rule (spec 3 §2.6): 'Add Question' needs a question, a language and max options above 0. */
export const canAddQuestion = (question: string, language: string, maxOptions: number): boolean =>
  question.trim() !== '' && language.trim() !== '' && maxOptions > 0;

/**
 * Spec 3 §5.2: a video-site address with an 11-character video id; undefined otherwise. Another
 * link is saved as given (learners then read the no-video text), so older modules stay editable.
 */
export function videoIdOf(link: string): string | undefined {
  const match = link
    .trim()
    .match(
      /^(?:https?:\/\/)?(?:www\.|m\.)?(?:youtube\.com\/(?:watch\?(?:.*&)?v=|embed\/|shorts\/|v\/)|youtu\.be\/)([A-Za-z0-9_-]{11})(?:[?&#/].*)?$/,
    );
  return match?.[1];
}

const name = (max: number, message: string) =>
  z.string().trim().min(1, message).max(max, `Use at most ${max} characters`);
const language = z.string().trim().min(1, 'Choose a language').max(40, 'Use at most 40 characters');

export const NamedOption = z.object({ id: z.number().int(), name: z.string() });
export type NamedOption = z.infer<typeof NamedOption>;

// ---- the module list and dialog (spec 3 §2.5) ----

export const ModuleStatusFilter = z.enum(['active', 'inactive']);

export const ModulesQuery = z.strictObject({
  status: ModuleStatusFilter.default('active'),
  productTypeId: RowIdParam.optional(),
  supplierId: RowIdParam.optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(MODULES_PAGE_SIZE),
});
export type ModulesQuery = z.infer<typeof ModulesQuery>;

export const TrainingModule = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  category: z.string(),
  active: z.boolean(),
  isCompulsory: z.boolean(),
  trainingType: z.number().int(),
  structureLevelId: z.number().int().nullable(),
  productTypes: z.array(NamedOption),
  suppliers: z.array(NamedOption),
  questionCount: z.number().int(),
  attemptCount: z.number().int(),
});
export type TrainingModule = z.infer<typeof TrainingModule>;

export const TrainingModulePage = pageOf(TrainingModule);
export type TrainingModulePage = z.infer<typeof TrainingModulePage>;

/** The dialog's lists: product types, suppliers, structure levels and the categories in use. */
export const TrainingModuleOptions = z.object({
  productTypes: z.array(NamedOption),
  suppliers: z.array(NamedOption),
  structureLevels: z.array(NamedOption),
  categories: z.array(z.string()),
});
export type TrainingModuleOptions = z.infer<typeof TrainingModuleOptions>;

const ids = z.array(z.number().int().positive()).max(200);

export const ModuleRequest = z
  .strictObject({
    name: name(200, TRAINING_ADMIN_MESSAGES.nameRequired),
    description: z.string().trim().max(2000, 'Use at most 2000 characters'),
    category: z.string().trim().max(100, 'Use at most 100 characters'),
    supplierIds: ids,
    productTypeIds: ids,
    isCompulsory: z.boolean(),
    trainingType: z.union([z.literal(1), z.literal(LEADER_TRAINING_TYPE)]),
    structureLevelId: z.number().int().min(1).max(32).nullable(),
    active: z.boolean(),
  })
  // Spec 3 §3.1: the structure level applies to the leader type only, and defaults to 1 there.
  .transform((module) => ({
    ...module,
    supplierIds: [...new Set(module.supplierIds)],
    productTypeIds: [...new Set(module.productTypeIds)],
    structureLevelId:
      module.trainingType === LEADER_TRAINING_TYPE ? (module.structureLevelId ?? DEFAULT_STRUCTURE_LEVEL) : null,
  }));
export type ModuleRequest = z.output<typeof ModuleRequest>;
export type ModuleForm = z.input<typeof ModuleRequest>;

// ---- the content editor (spec 3 §2.6, §5.2) ----

export const QuestionOption = z.strictObject({
  text: z.string().trim().min(1, 'Enter the option text').max(500, 'Use at most 500 characters'),
  isCorrect: z.boolean(),
});
export type QuestionOption = z.infer<typeof QuestionOption>;

export const ContentQuestion = z.strictObject({
  question: z.string().trim().min(1, 'Enter the question').max(1000, 'Use at most 1000 characters'),
  language,
  maxOptions: z.number().int().min(1, 'Show at least one option').max(MAX_OPTIONS_PER_QUESTION),
  options: z.array(QuestionOption).min(1, 'Add the options').max(MAX_OPTIONS_PER_QUESTION),
});
export type ContentQuestion = z.infer<typeof ContentQuestion>;

export const ContentVideo = z.strictObject({
  /** Blank for a language without a video (the module then needs files). */
  link: z.string().trim().max(500, 'Use at most 500 characters'),
  language,
});
export type ContentVideo = z.infer<typeof ContentVideo>;

export const ContentFile = z.object({
  id: z.uuid(),
  name: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
});
export type ContentFile = z.infer<typeof ContentFile>;

export const ModuleContent = z.object({
  module: TrainingModule,
  passThreshold: z.number().int(),
  /** Questions asked per attempt (spec 3 §3.1 "marks"). */
  marks: z.number().int(),
  videos: z.array(ContentVideo),
  files: z.array(ContentFile),
  questions: z.array(ContentQuestion),
});
export type ModuleContent = z.infer<typeof ModuleContent>;

export const ContentRequest = z.strictObject({
  passThreshold: z.number().int().min(0).max(100),
  marks: z.number().int().min(0).max(MAX_QUESTIONS),
  videos: z.array(ContentVideo).max(MAX_VIDEOS),
  fileIds: z.array(z.uuid()).max(MAX_FILES),
  questions: z.array(ContentQuestion).max(MAX_QUESTIONS),
});
export type ContentRequest = z.infer<typeof ContentRequest>;

export interface ContentProblem {
  field: string;
  message: string;
}

/** Questions by language, in the order first seen. */
export function questionsPerLanguage(questions: readonly Pick<ContentQuestion, 'language'>[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const question of questions) counts.set(question.language, (counts.get(question.language) ?? 0) + 1);
  return counts;
}

/**
 * Everything 'Save Changes' refuses (spec 3 §5.2), the first being the alert to show; empty when
 * the content may be saved. The server answers the same problems with a 400.
 */
export function contentProblems(content: ContentRequest): ContentProblem[] {
  const problems: ContentProblem[] = [];
  if (content.videos.length === 0 || content.questions.length === 0) {
    problems.push({ field: 'videos', message: TRAINING_ADMIN_MESSAGES.needsVideoAndQuestion });
  }
  if ((content.videos[0]?.link.trim() ?? '') === '' && content.fileIds.length === 0) {
    problems.push({ field: 'fileIds', message: TRAINING_ADMIN_MESSAGES.needsVideoOrFile });
  }
  const languages = content.videos.map((video) => video.language);
  const duplicate = languages.find((value, index) => languages.indexOf(value) !== index);
  if (duplicate) problems.push({ field: 'videos', message: `There is already a video in ${duplicate}.` });
  content.questions.forEach((question, index) => {
    const correct = question.options.filter((option) => option.isCorrect).length;
    if (correct !== 1) {
      problems.push({
        field: `questions.${index}.options`,
        message: `Question ${index + 1}: mark exactly one correct option.`,
      });
    }
    if (question.maxOptions > question.options.length) {
      problems.push({
        field: `questions.${index}.maxOptions`,
        message: `Question ${index + 1}: max options cannot be more than its ${question.options.length} options.`,
      });
    }
  });
  if (content.questions.length > 0) {
    if (content.marks < 1) problems.push({ field: 'marks', message: 'Ask at least one question per attempt.' });
    // Spec 3 §5.2: every language asks `marks` questions, so each needs at least that many.
    for (const [lang, count] of questionsPerLanguage(content.questions)) {
      if (content.marks > count) {
        problems.push({
          field: 'marks',
          message: `Questions asked (${content.marks}) cannot be more than the ${count} questions in ${lang}.`,
        });
      }
    }
  }
  return problems;
}

// ---- the marks table (spec 3 §2.7) ----

export const MarksQuery = z.strictObject({
  moduleId: RowIdParam,
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MARKS_PAGE_SIZE).default(MARKS_PAGE_SIZE),
});
export type MarksQuery = z.infer<typeof MarksQuery>;

export const TrainingMark = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  userCode: z.string(),
  userName: z.string(),
  pass: z.boolean(),
  percentage: z.number(),
  marks: z.number().int(),
  maxMarks: z.number().int(),
  createdAt: z.string(),
  markedFailedAt: z.string().nullable(),
});
export type TrainingMark = z.infer<typeof TrainingMark>;

/** 'Mark as failed' (spec 3 §2.7): the reason is required (decision 068). */
export const MarkFailedRequest = z.strictObject({
  reason: z
    .string(TRAINING_ADMIN_MESSAGES.reasonRequired)
    .trim()
    .min(MARK_FAILED_REASON_MIN, TRAINING_ADMIN_MESSAGES.reasonRequired)
    .max(MARK_FAILED_REASON_MAX, `Use at most ${MARK_FAILED_REASON_MAX} characters`),
});
export type MarkFailedRequest = z.infer<typeof MarkFailedRequest>;

export const TrainingMarkPage = pageOf(TrainingMark).extend({ moduleName: z.string() });
export type TrainingMarkPage = z.infer<typeof TrainingMarkPage>;

/** The content editor and marks addresses carry the module's name as the third segment (spec 3 §2.1). */
export const moduleNameSegment = (moduleName: string): string => encodeURIComponent(moduleName.trim() || 'module');
