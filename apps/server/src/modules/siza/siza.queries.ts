import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import type { SizaSourceRow } from '../../db/schema/siza.ts';

export type { SizaSourceRow };

// Siza's reads and writes: passages of the training content found by full-text search, and each
// user's chat items (siza_chat_items).

export type PassageKind = 'module' | 'question' | 'file';

export interface PassageRow {
  module_id: number;
  module_name: string;
  kind: PassageKind;
  /** The module's name and description, a question, or the best fragments of a file's text. */
  text: string;
  /** For a question: its correct option(s). */
  answer: string | null;
  rank: number;
}

/**
 * The best passages for a question among the modules a user may see (`moduleIds`; null: every
 * live module), questions only of the modules in `answerableIds` (null: all; decision 057). The
 * words are OR-ed (websearch_to_tsquery ANDs them, and a dealer's question rarely repeats every
 * word of the content): ts_rank then favours passages matching more of them.
 * The expressions match the GIN indexes of schema/university.ts for module text, questions and
 * files; a question's correct answer is searched beside it (on the rows of visible modules only).
 */
export async function findPassages(
  db: Executor,
  question: string,
  moduleIds: number[] | null,
  answerableIds: number[] | null,
  limit: number,
): Promise<PassageRow[]> {
  const visibleIds = moduleIds === null ? sql`` : sql`and m.id = any(${`{${moduleIds.join(',')}}`}::int[])`;
  // Questions are neither shown nor matched outside `answerableIds`: a match on an answer's words
  // would tell which option is correct as surely as showing it.
  const answerable = answerableIds === null ? sql`` : sql`and v.id = any(${`{${answerableIds.join(',')}}`}::int[])`;
  const result = await db.execute<PassageRow & Record<string, unknown>>(sql`
    with q as (
      select nullif(replace(websearch_to_tsquery('english', ${question})::text, ' & ', ' | '), '')::tsquery as query,
             tsvector_to_array(to_tsvector('english', ${question})) as words
    ),
    visible as (
      select m.id, m.module_name, m.module_description
        from training_master m
       where m.active and not m.is_deleted ${visibleIds}
    ),
    found as (
      select v.id as module_id, v.module_name, 'module' as kind,
             v.module_name || coalesce(': ' || v.module_description, '') as text,
             null::text as answer,
             to_tsvector('english', v.module_name || ' ' || coalesce(v.module_description, '')) as vector
        from visible v cross join q
       where to_tsvector('english', v.module_name || ' ' || coalesce(v.module_description, '')) @@ q.query
      union all
      select v.id, v.module_name, 'question', tq.question, a.answer,
             to_tsvector('english', tq.question || ' ' || coalesce(a.answer, ''))
        from training_questions tq
        join visible v on v.id = tq.module_id
        cross join q
        cross join lateral (
          select string_agg(o->>'text', '; ') as answer
            from jsonb_array_elements(tq.options) o
           where o->'is_correct' = 'true'::jsonb
        ) a
       where (to_tsvector('english', tq.question) @@ q.query
              or to_tsvector('english', coalesce(a.answer, '')) @@ q.query)
         ${answerable}
      union all
      select v.id, v.module_name, 'file', f.extracted_text, null,
             to_tsvector('english', coalesce(f.extracted_text, ''))
        from training_files f
        join visible v on v.id = f.module_id
        cross join q
       where to_tsvector('english', coalesce(f.extracted_text, '')) @@ q.query
    ),
    -- Coverage (the share of the question's words a passage holds) comes first, so a long file
    -- mentioning one common word never outranks a question holding them all; ts_rank (length-
    -- normalised) orders passages of equal coverage.
    scored as (
      select f.module_id, f.module_name, f.kind, f.text, f.answer,
             (cardinality(array(select unnest(tsvector_to_array(f.vector)) intersect select unnest(q.words)))::float8
               / greatest(cardinality(q.words), 1))
             * (0.5 + least(ts_rank(f.vector, q.query, 1), 1)) as rank
        from found f cross join q
    ),
    best as (
      select * from scored order by rank desc, module_id, kind limit ${limit}
    )
    -- Only the few best file texts are cut to their matching fragments.
    select b.module_id, b.module_name, b.kind, b.answer, b.rank,
           case when b.kind = 'file'
                then ts_headline('english', b.text, q.query,
                       'MaxFragments=1, MinWords=20, MaxWords=45, StartSel="", StopSel=""')
                else b.text end as text
      from best b cross join q
     order by b.rank desc, b.module_id, b.kind`);
  return result.rows;
}

export interface ChatItemRow {
  id: number;
  activity_type: 'user' | 'assistant';
  text: string;
  sources: SizaSourceRow[];
  created_at: Date | string;
}

const ITEM_COLUMNS = sql`id, activity_type, text, sources, created_at`;

/** A page of the user's items, newest first: `limit` of them, older than `before` when given. */
export async function findChatItems(
  db: Executor,
  userId: number,
  before: number | undefined,
  limit: number,
): Promise<ChatItemRow[]> {
  const older = before === undefined ? sql`` : sql`and id < ${before}`;
  const result = await db.execute<ChatItemRow & Record<string, unknown>>(sql`
    select ${ITEM_COLUMNS}
      from siza_chat_items
     where users_master_id = ${userId} ${older}
     order by id desc
     limit ${limit}`);
  return result.rows;
}

/** Questions the user asked since the time given, and when the first of them was (the hourly limit). */
export async function countQuestionsSince(
  db: Executor,
  userId: number,
  since: Date,
): Promise<{ count: number; oldest: Date | null }> {
  const result = await db.execute<{ n: number; oldest: Date | string | null }>(sql`
    select count(*)::int as n, min(created_at) as oldest
      from siza_chat_items
     where users_master_id = ${userId} and activity_type = 'user' and created_at > ${since.toISOString()}`);
  const row = result.rows[0];
  return { count: row?.n ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
}

export async function insertChatItem(
  db: Executor,
  item: {
    userId: number;
    activityType: 'user' | 'assistant';
    text: string;
    sources: SizaSourceRow[];
    answeredBy: 'passages' | 'llm' | null;
    at: Date;
  },
): Promise<ChatItemRow> {
  const result = await db.execute<ChatItemRow & Record<string, unknown>>(sql`
    insert into siza_chat_items (users_master_id, activity_type, text, sources, answered_by, created_at)
    values (${item.userId}, ${item.activityType}, ${item.text}, ${JSON.stringify(item.sources)}::jsonb,
            ${item.answeredBy}, ${item.at.toISOString()})
    returning ${ITEM_COLUMNS}`);
  return result.rows[0]!;
}

export async function deleteChatItem(db: Executor, userId: number, id: number): Promise<void> {
  await db.execute(sql`delete from siza_chat_items where id = ${id} and users_master_id = ${userId}`);
}

/** Clears the user's conversation; returns how many items went. */
export async function deleteChatItems(db: Executor, userId: number): Promise<number> {
  const result = await db.execute(sql`delete from siza_chat_items where users_master_id = ${userId}`);
  return result.rowCount ?? 0;
}
