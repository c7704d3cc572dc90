import { z } from 'zod';
import { RowIdParam } from '../platform/ids.ts';
import { MAX_ATTEMPTS } from './catalogue.ts';

// The attempt page (spec 3 §2.4, §4.1; decision 028). The server draws the questions and keeps
// the draw; the page sees question and option texts only, never which option is correct.

export const TRAINING_MESSAGES = {
  notRegistered: 'You are not registered for this content.',
  noContent: 'No content available for this module',
  notAllAnswered: 'You have not answered all the questions.',
  saveFailed: 'Error saving your results. Please try again.',
  noAdditionalContent: 'There is no additional content available for this module.',
  noAttemptsLeft: `You have used all ${MAX_ATTEMPTS} attempts for this module.`,
  drawExpired: 'These questions are no longer current. Please try again.',
} as const;

export const ModuleIdParams = z.object({ id: RowIdParam }).strict();

/** A YouTube video id: 11 characters of [A-Za-z0-9_-]; a watch/short/embed link gives its id. */
export function youtubeVideoId(link: string): string | null {
  const trimmed = link.trim();
  if (/^[A-Za-z0-9_-]{11}$/.test(trimmed)) return trimmed;
  const match = trimmed.match(/(?:v=|youtu\.be\/|embed\/|shorts\/)([A-Za-z0-9_-]{11})(?:[^A-Za-z0-9_-]|$)/);
  return match?.[1] ?? null;
}

/** Spec 3 §9: video length plus 20 seconds per question, rounded up (video length unknown: 0). */
export function estimatedMinutes(questions: number, videoSeconds = 0): number {
  return Math.ceil((videoSeconds + 20 * questions) / 60);
}

export const ModuleAttemptSummary = z.object({
  id: z.number().int(),
  pass: z.boolean(),
  percentage: z.number(),
  createdAt: z.string(),
  markedFailed: z.boolean(),
});

export const ModuleDetail = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  category: z.string().nullable(),
  isCompulsory: z.boolean(),
  passThreshold: z.number().int(),
  marks: z.number().int(),
  estimatedMinutes: z.number().int(),
  /** Languages that have questions or videos, questions first. */
  languages: z.array(z.string()),
  videos: z.array(z.object({ language: z.string(), videoId: z.string().nullable() })),
  files: z.array(z.object({ id: z.string(), name: z.string() })),
  attempts: z.array(ModuleAttemptSummary),
  maxAttempts: z.number().int(),
  passed: z.boolean(),
});
export type ModuleDetail = z.infer<typeof ModuleDetail>;

export const DrawRequest = z.object({ language: z.string().trim().min(1).max(50) }).strict();
export type DrawRequest = z.infer<typeof DrawRequest>;

/** What the page sees of a draw: texts only. */
export const Draw = z.object({
  drawId: z.string().uuid(),
  language: z.string(),
  passThreshold: z.number().int(),
  questions: z.array(z.object({ question: z.string(), options: z.array(z.string()) })),
});
export type Draw = z.infer<typeof Draw>;

export const AttemptRequest = z
  .object({
    drawId: z.string().uuid(),
    /** The chosen option index for each question of the draw, in order. */
    answers: z.array(z.number().int().min(0).max(50)).max(200),
  })
  .strict();
export type AttemptRequest = z.infer<typeof AttemptRequest>;

export const AttemptResult = z.object({
  attemptId: z.number().int(),
  pass: z.boolean(),
  percentage: z.number(),
  passThreshold: z.number().int(),
  marks: z.number().int(),
  maxMarks: z.number().int(),
  attemptsUsed: z.number().int(),
  maxAttempts: z.number().int(),
});
export type AttemptResult = z.infer<typeof AttemptResult>;

/** The draw as the server keeps it (and the attempt's snapshot): with the key. */
export interface DrawnQuestion {
  questionId: number;
  question: string;
  options: { text: string; is_correct: boolean }[];
}

/**
 * Draws `count` of `pool` and, per question, `max_options` options with a correct one, shuffled.
 * `choiceRandom` picks which options a question offers; the server seeds it per learner and
 * question, so every draw offers the same ones: were they picked afresh, the one option present
 * in every draw would be the correct one, and draws cost nothing.
 */
export function drawQuestions(
  pool: { id: number; question: string; maxOptions: number; options: { text: string; is_correct: boolean }[] }[],
  count: number,
  random: () => number = Math.random,
  choiceRandom: (questionId: number) => () => number = () => random,
): DrawnQuestion[] {
  const shuffle = <T>(list: T[], rnd: () => number = random): T[] => {
    const copy = [...list];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(rnd() * (i + 1));
      [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
    }
    return copy;
  };
  const usable = pool.filter((q) => q.options.some((o) => o.is_correct));
  return shuffle(usable)
    .slice(0, Math.max(0, count))
    .map((q) => {
      const choose = choiceRandom(q.id);
      const correct = shuffle(
        q.options.filter((o) => o.is_correct),
        choose,
      )[0] as { text: string; is_correct: boolean };
      const wrong = shuffle(
        q.options.filter((o) => !o.is_correct),
        choose,
      ).slice(0, Math.max(0, q.maxOptions - 1));
      return {
        questionId: q.id,
        question: q.question,
        options: shuffle([correct, ...wrong]).map((o) => ({ text: o.text, is_correct: o.is_correct })),
      };
    });
}

/** Correct answers and percentage (two decimals) of `answers` against a kept draw. */
export function scoreDraw(questions: DrawnQuestion[], answers: number[]): { marks: number; percentage: number } {
  const marks = questions.filter((q, i) => q.options[answers[i] ?? -1]?.is_correct === true).length;
  const percentage = questions.length === 0 ? 100 : Math.round((marks / questions.length) * 10_000) / 100;
  return { marks, percentage };
}
