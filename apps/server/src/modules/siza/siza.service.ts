import {
  SIZA_HISTORY_PAGE,
  SIZA_MESSAGES,
  type SizaAnswer,
  type SizaChatItem,
  type SizaCleared,
  type SizaHistory,
  type SizaHistoryQuery,
  sizaSourcePath,
} from '@portal/domain/siza/siza';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/client.ts';
import type { Actor } from '../../platform/access.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { lockUntilCommit } from '../../platform/locks.queries.ts';
import { trainingContentScopeOf } from '../university/university.service.ts';
import {
  type ChatItemRow,
  countQuestionsSince,
  deleteChatItem,
  deleteChatItems,
  findChatItems,
  findPassages,
  insertChatItem,
  type PassageRow,
  type SizaSourceRow,
} from './siza.queries.ts';
import type { SizaPassage, SizaRephraser } from './siza-llm.ts';

/** The asker, as the university's relevance rule reads them. */
type UserFacts = Parameters<typeof trainingContentScopeOf>[1];

// Siza, the training assistant (spec 2 "Ask Siza"; decision 030): retrieval over the training
// content the asker may see, an answer composed from the best passages (or rephrased by the
// optional language model), the modules cited, and the conversation kept per user.

export interface SizaDeps {
  db: Executor;
  clock: Clock;
  /** null: answers are composed from the passages (nothing leaves the server). */
  rephraser: SizaRephraser | null;
  questionsPerHour: number;
}

const HOUR_MS = 60 * 60 * 1000;
/** Passages read from the search; at most this many modules are cited, this many passages each. */
const PASSAGE_POOL = 12;
const MAX_MODULES = 3;
const PASSAGES_PER_MODULE = 3;
/** A module is cited only when its best passage ranks within this share of the best one. */
const RELATIVE_RANK_FLOOR = 0.5;
const PASSAGE_CHARS = 320;

function toItem(row: ChatItemRow): SizaChatItem {
  return {
    id: row.id,
    activityType: row.activity_type,
    text: row.text,
    createdAt: new Date(row.created_at).toISOString(),
    sources: (row.sources ?? []).map((source) => ({ ...source, path: sizaSourcePath(source.moduleId) })),
  };
}

/** The user's conversation, oldest first; a page older than `before` when asked. */
export async function sizaHistory(db: Executor, actor: Actor, query: SizaHistoryQuery): Promise<SizaHistory> {
  const rows = await findChatItems(db, actor.user.id, query.before, SIZA_HISTORY_PAGE + 1);
  const page = rows.slice(0, SIZA_HISTORY_PAGE).reverse();
  return { items: page.map(toItem), hasEarlier: rows.length > SIZA_HISTORY_PAGE };
}

export async function clearSiza(db: Executor, actor: Actor): Promise<SizaCleared> {
  return { removed: await deleteChatItems(db, actor.user.id) };
}

interface ModulePassages {
  moduleId: number;
  moduleName: string;
  passages: PassageRow[];
}

/** The modules to cite, best first, with their best passages. */
export function pickPassages(rows: PassageRow[]): ModulePassages[] {
  const top = rows[0]?.rank ?? 0;
  const byModule = new Map<number, ModulePassages>();
  for (const row of rows) {
    if (row.rank < top * RELATIVE_RANK_FLOOR) continue;
    let entry = byModule.get(row.module_id);
    if (!entry) {
      if (byModule.size >= MAX_MODULES) continue;
      entry = { moduleId: row.module_id, moduleName: row.module_name, passages: [] };
      byModule.set(row.module_id, entry);
    }
    if (entry.passages.length < PASSAGES_PER_MODULE) entry.passages.push(row);
  }
  return [...byModule.values()];
}

function clip(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > PASSAGE_CHARS ? `${flat.slice(0, PASSAGE_CHARS - 1).trimEnd()}…` : flat;
}

function passageText(row: PassageRow): string {
  if (row.kind === 'question' && row.answer) return `${clip(row.text)} Answer: ${clip(row.answer)}.`;
  return clip(row.text);
}

/** The answer without a language model: the passages under the name of the module they come from. */
export function composeAnswer(modules: ModulePassages[]): string {
  const blocks = modules.map(
    (module) => `From “${module.moduleName}”:\n${module.passages.map((row) => `• ${passageText(row)}`).join('\n')}`,
  );
  return [
    'Here is what your training says:',
    ...blocks,
    'Open the module below to read more or take its assessment.',
  ].join('\n\n');
}

function numbered(modules: ModulePassages[]): SizaPassage[] {
  let n = 0;
  return modules.flatMap((module) =>
    module.passages.map((row) => ({ n: ++n, moduleName: module.moduleName, text: passageText(row) })),
  );
}

/** The model's words, with the numbered passages it may cite named after their modules. */
function withCitations(text: string, passages: SizaPassage[]): string {
  const cited = passages.map((p) => `[${p.n}] ${p.moduleName}`).join('; ');
  return `${text}\n\nSources: ${cited}`;
}

async function reserveQuestion(deps: SizaDeps, user: UserFacts, question: string, at: Date): Promise<ChatItemRow> {
  // The question is stored (and counted) before any work, under a lock per user, so parallel
  // requests cannot slip past the hourly limit nor reach the language model beyond it.
  return deps.db.transaction(async (tx) => {
    await lockUntilCommit(tx, `siza:${user.id}`);
    const recent = await countQuestionsSince(tx, user.id, new Date(at.getTime() - HOUR_MS));
    if (recent.count >= deps.questionsPerHour) {
      const retry = recent.oldest ? Math.ceil((recent.oldest.getTime() + HOUR_MS - at.getTime()) / 1000) : 3600;
      throw new AppError(
        'TOO_MANY_REQUESTS',
        429,
        SIZA_MESSAGES.tooMany(deps.questionsPerHour),
        undefined,
        Math.max(1, retry),
      );
    }
    return insertChatItem(tx, {
      userId: user.id,
      activityType: 'user',
      text: question,
      sources: [],
      answeredBy: null,
      at,
    });
  });
}

async function answerFor(
  deps: SizaDeps,
  user: UserFacts,
  question: string,
  log?: FastifyBaseLogger,
): Promise<{ text: string; sources: SizaSourceRow[]; answeredBy: 'passages' | 'llm' }> {
  const scope = await trainingContentScopeOf(deps.db, user);
  const rows =
    scope.visible?.length === 0
      ? []
      : await findPassages(deps.db, question, scope.visible, scope.withAnswers, PASSAGE_POOL);
  const modules = pickPassages(rows);
  if (!modules.length) return { text: SIZA_MESSAGES.noAnswer, sources: [], answeredBy: 'passages' };
  const sources = modules.map(({ moduleId, moduleName }) => ({ moduleId, moduleName }));
  if (deps.rephraser) {
    const passages = numbered(modules);
    try {
      const text = await deps.rephraser.rephrase({ question, passages });
      return { text: withCitations(text, passages), sources, answeredBy: 'llm' };
    } catch (error) {
      log?.warn({ err: error, rephraser: deps.rephraser.name }, 'Siza: the language model failed; composed answer');
    }
  }
  return { text: composeAnswer(modules), sources, answeredBy: 'passages' };
}

/** Asks Siza: the question and the answer are stored for the user and returned as two items. */
export async function askSiza(
  deps: SizaDeps,
  user: UserFacts,
  question: string,
  log?: FastifyBaseLogger,
): Promise<SizaAnswer> {
  const asked = await reserveQuestion(deps, user, question, deps.clock.now());
  let answer: Awaited<ReturnType<typeof answerFor>>;
  try {
    answer = await answerFor(deps, user, question, log);
  } catch (error) {
    // No answer, no question left behind counting against the user.
    await deleteChatItem(deps.db, user.id, asked.id);
    throw error;
  }
  const answered = await insertChatItem(deps.db, {
    userId: user.id,
    activityType: 'assistant',
    text: answer.text,
    sources: answer.sources,
    answeredBy: answer.answeredBy,
    at: deps.clock.now(),
  });
  return { items: [toItem(asked), toItem(answered)] };
}
