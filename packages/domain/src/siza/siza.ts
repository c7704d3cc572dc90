import { z } from 'zod';

// Siza, the training assistant (spec 2 "Ask Siza", spec 3 §7.4 getAiUniversityAnswers; DECISIONS
// "University"; decision 030). A question is answered from the training content the asker may
// see; each answer names and links the modules it used.

export const SIZA_ROUTES = {
  /** GET: the signed-in user's conversation; DELETE: clears it. */
  chat: '/api/siza/chat',
  /** POST: ask a question; answers with the question and the answer as two chat items. */
  questions: '/api/siza/questions',
} as const;

export { SIZA_TEXTS } from './texts.ts';

export const SIZA_MESSAGES = {
  questionRequired: 'Please type a question.',
  questionTooLong: 'Please keep your question under 500 characters.',
  noAnswer:
    'I could not find this in the training content available to you. Try other words (for example a product, supplier or process name), or ask your leader.',
  tooMany: (limit: number) =>
    `You have asked Siza ${limit} questions in the last hour. Please try again a little later.`,
} as const;

export const SIZA_QUESTION_MAX = 500;
/** Items shown when the dialog opens; earlier ones come a page at a time. */
export const SIZA_HISTORY_PAGE = 40;

export const SIZA_ACTIVITY_TYPES = ['user', 'assistant'] as const;
export const SizaActivityType = z.enum(SIZA_ACTIVITY_TYPES);
export type SizaActivityType = z.infer<typeof SizaActivityType>;

/** Where a cited module is opened (the university's attempt page). */
export function sizaSourcePath(moduleId: number): string {
  return `/training-attempt/${moduleId}`;
}

export const SizaSource = z.object({
  moduleId: z.number().int(),
  moduleName: z.string(),
  /** '/training-attempt/{id}'. */
  path: z.string(),
});
export type SizaSource = z.infer<typeof SizaSource>;

/** One chat item (spec 2: id, activity_type, text, created_at), with the modules an answer used. */
export const SizaChatItem = z.object({
  id: z.number().int(),
  activityType: SizaActivityType,
  text: z.string(),
  createdAt: z.string(),
  sources: z.array(SizaSource),
});
export type SizaChatItem = z.infer<typeof SizaChatItem>;

export const SizaHistoryQuery = z.object({
  /** Items older than this id (the oldest shown); none: the newest page. */
  before: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
});
export type SizaHistoryQuery = z.infer<typeof SizaHistoryQuery>;

/** Oldest first, as the dialog shows them. */
export const SizaHistory = z.object({ items: z.array(SizaChatItem), hasEarlier: z.boolean() });
export type SizaHistory = z.infer<typeof SizaHistory>;

export const SizaQuestionRequest = z.object({
  question: z
    .string()
    .trim()
    .min(1, { error: SIZA_MESSAGES.questionRequired })
    .max(SIZA_QUESTION_MAX, { error: SIZA_MESSAGES.questionTooLong }),
});
export type SizaQuestionRequest = z.infer<typeof SizaQuestionRequest>;

/** The asked question and Siza's answer (getAiUniversityAnswers' user and assistant items). */
export const SizaAnswer = z.object({ items: z.tuple([SizaChatItem, SizaChatItem]) });
export type SizaAnswer = z.infer<typeof SizaAnswer>;

export const SizaCleared = z.object({ removed: z.number().int() });
export type SizaCleared = z.infer<typeof SizaCleared>;
