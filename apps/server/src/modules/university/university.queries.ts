import { SUPPLIER_STATUS } from '@portal/domain/suppliers/supplier-page';
import type { ModuleListQuery, ModuleState } from '@portal/domain/university/catalogue';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import type { ModuleFactsRow } from './university-status.queries.ts';
import { moduleFactsJson } from './university-status.queries.ts';

// The university as a learner sees it (decision 028): the modules relevant to one user with their
// attempt figures, the module page, the kept draws and the attempts. Relevance here is the SQL form
// of packages/domain's isModuleRelevant (decision 004); university.int.test.ts holds them together.

/**
 * Every active module relevant to the user (all of them for an admin) with the user's attempt
 * figures. `counted` leaves out passes an admin turned into fails: that action forces a retake,
 * so it gives the attempt back.
 */
function learnerModules(userId: number): SQL {
  return sql`
    with me as (
      select u.id, u.is_admin, u.is_leader,
             coalesce(u.refs_max_structure_level_id, u.structure_level, 1) as lvl
      from users_master u where u.id = ${userId}
    )
    select m.id, m.module_name, m.module_description, m.module_category, m.is_compulsory,
           m.pass_threshold, m.marks,
           coalesce(a.counted, 0)::int as counted,
           coalesce(a.best, 0)::float8 as best,
           a.passed_at
    from training_master m
    cross join me
    left join lateral (
      select count(*) filter (where x.marked_failed_at is null) as counted,
             max(x.percentage) as best,
             min(x.created_at) filter (where x.pass) as passed_at
      from training_user_attempt_index x
      where x.module_id = m.id and x.users_master_id = me.id
    ) a on true
    where m.active and not m.is_deleted
      and (me.is_admin or (
        (not exists (select 1 from training_supplier_index ts
                     where ts.training_master_id = m.id and ts.is_active)
         or exists (select 1 from training_supplier_index ts
                    join users_supplier_index us on us.supplier_id = ts.suppliers_master_id and us.user_id = me.id
                    where ts.training_master_id = m.id and ts.is_active))
        and (not exists (select 1 from training_refs_product_type_index tp
                         where tp.training_master_id = m.id and tp.is_active)
             or exists (select 1 from training_refs_product_type_index tp
                        join users_product_type_index up
                          on up.product_type_id = tp.refs_product_type_id and up.user_id = me.id
                        where tp.training_master_id = m.id and tp.is_active))
        and (m.training_types <= 1
             or (me.is_leader and (m.refs_structure_level_id is null or me.lvl >= m.refs_structure_level_id)))
      ))`;
}

export interface LearnerModuleRow {
  id: number;
  module_name: string;
  module_description: string | null;
  module_category: string | null;
  is_compulsory: boolean;
  pass_threshold: number;
  marks: number;
  counted: number;
  best: number;
  passed_at: Date | string | null;
}

export function stateOf(row: Pick<LearnerModuleRow, 'counted' | 'passed_at'>): ModuleState {
  if (row.passed_at) return 'passed';
  return row.counted > 0 ? 'failed' : 'not-started';
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function findLearnerModulePage(
  db: Executor,
  userId: number,
  query: ModuleListQuery,
): Promise<{ rows: LearnerModuleRow[]; total: number }> {
  const where: SQL[] = [sql`true`];
  if (query.status === 'passed') where.push(sql`f.passed_at is not null`);
  if (query.status === 'failed') where.push(sql`f.passed_at is null and f.counted > 0`);
  if (query.status === 'not-started') where.push(sql`f.passed_at is null and f.counted = 0`);
  if (query.status === 'required' || query.tab === 'required') where.push(sql`f.is_compulsory`);
  if (query.tab === 'completed') where.push(sql`f.passed_at is not null`);
  if (query.category !== 'all') where.push(sql`f.module_category = ${query.category}`);
  if (query.supplier !== 'all') {
    where.push(sql`exists (select 1 from training_supplier_index ts
                           where ts.training_master_id = f.id and ts.is_active
                             and ts.suppliers_master_id = ${query.supplier})`);
  }
  if (query.search) {
    const pattern = likePattern(query.search);
    where.push(sql`(f.module_name ilike ${pattern} or coalesce(f.module_description, '') ilike ${pattern}
                    or coalesce(f.module_category, '') ilike ${pattern})`);
  }
  const result = await db.execute<LearnerModuleRow & { total: number } & Record<string, unknown>>(sql`
    select f.*, count(*) over ()::int as total
    from (${learnerModules(userId)}) f
    where ${sql.join(where, sql` and `)}
    order by f.is_compulsory desc, f.module_name, f.id
    limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`);
  return { rows: result.rows, total: result.rows[0]?.total ?? 0 };
}

export interface LearnerOverviewRow {
  total: number;
  completed: number;
  failed: number;
  not_started: number;
  categories: string[];
  suppliers: { id: number; name: string }[];
}

/**
 * The Overall Progress card and the filter choices, over every module relevant to the user. A
 * module may also name suppliers the learner does not see (hidden ones, or registered-only ones
 * they are not registered with): those stay out of the choices, as on the dashboard.
 */
export async function findLearnerOverview(db: Executor, userId: number): Promise<LearnerOverviewRow> {
  const result = await db.execute<LearnerOverviewRow & Record<string, unknown>>(sql`
    with f as (${learnerModules(userId)})
    select (select count(*)::int from f) as total,
           (select count(*)::int from f where f.passed_at is not null) as completed,
           (select count(*)::int from f where f.passed_at is null and f.counted > 0) as failed,
           (select count(*)::int from f where f.passed_at is null and f.counted = 0) as not_started,
           (select coalesce(json_agg(c order by c), '[]'::json) from
              (select distinct f.module_category as c from f where coalesce(f.module_category, '') <> '') cs) as categories,
           (select coalesce(json_agg(json_build_object('id', s.id, 'name', s.supplier_name) order by s.supplier_name), '[]'::json)
              from suppliers_master s
              where exists (select 1 from training_supplier_index ts join f on f.id = ts.training_master_id
                            where ts.is_active and ts.suppliers_master_id = s.id)
                and (exists (select 1 from users_master u where u.id = ${userId} and u.is_admin)
                     or (s.supplier_status <> ${SUPPLIER_STATUS.hidden}
                         and (s.supplier_status = ${SUPPLIER_STATUS.visibleToAll}
                              or exists (select 1 from users_supplier_index us
                                         where us.user_id = ${userId} and us.supplier_id = s.id))))) as suppliers`);
  return result.rows[0] as LearnerOverviewRow;
}

/** One module as the learner sees it; undefined when it is not relevant to them (or does not exist). */
export async function findLearnerModule(
  db: Executor,
  userId: number,
  moduleId: number,
): Promise<LearnerModuleRow | undefined> {
  const result = await db.execute<LearnerModuleRow & Record<string, unknown>>(
    sql`select f.* from (${learnerModules(userId)}) f where f.id = ${moduleId}`,
  );
  return result.rows[0];
}

export async function moduleExists(db: Executor, moduleId: number): Promise<boolean> {
  const result = await db.execute(
    sql`select 1 from training_master where id = ${moduleId} and active and not is_deleted`,
  );
  return result.rows.length > 0;
}

export interface ModuleContentRow {
  videos: { language: string; link: string }[];
  files: { id: string; name: string }[];
  question_languages: string[];
  attempts: { id: number; pass: boolean; percentage: string; created_at: string; marked_failed_at: string | null }[];
}

/** Videos, files, the languages with questions and the user's last attempts, in one statement. */
export async function findModuleContent(db: Executor, userId: number, moduleId: number): Promise<ModuleContentRow> {
  const result = await db.execute<ModuleContentRow & Record<string, unknown>>(sql`
    select
      (select coalesce(json_agg(json_build_object('language', v.video_language, 'link', v.link) order by v.sort, v.id), '[]'::json)
         from training_videos v where v.module_id = ${moduleId}) as videos,
      (select coalesce(json_agg(json_build_object('id', sf.id, 'name', sf.original_name) order by tf.sort, tf.id), '[]'::json)
         from training_files tf join stored_files sf on sf.id = tf.stored_file_id where tf.module_id = ${moduleId}) as files,
      (select coalesce(json_agg(l order by l), '[]'::json)
         from (select distinct q.question_language as l from training_questions q where q.module_id = ${moduleId}) ls) as question_languages,
      (select coalesce(json_agg(a order by a.created_at desc), '[]'::json) from (
         select x.id, x.pass, x.percentage, x.created_at, x.marked_failed_at
         from training_user_attempt_index x
         where x.module_id = ${moduleId} and x.users_master_id = ${userId}
         order by x.created_at desc, x.id desc limit 5) a) as attempts`);
  return result.rows[0] as ModuleContentRow;
}

export interface QuestionRow {
  id: number;
  question: string;
  max_options: number;
  options: { text: string; is_correct: boolean }[];
}

export async function findQuestionPool(db: Executor, moduleId: number, language: string): Promise<QuestionRow[]> {
  const result = await db.execute<QuestionRow & Record<string, unknown>>(sql`
    select q.id, q.question, q.max_options, q.options from training_questions q
    where q.module_id = ${moduleId} and q.question_language = ${language}
    order by q.sort, q.id`);
  return result.rows;
}

/** Keeps the draw, replacing the user's last one for the module; a new id each time. */
export async function upsertDraw(
  db: Executor,
  input: { moduleId: number; userId: number; language: string; questions: unknown },
): Promise<string> {
  const result = await db.execute<{ id: string }>(sql`
    insert into training_attempt_draws (module_id, users_master_id, language, questions)
    values (${input.moduleId}, ${input.userId}, ${input.language}, ${JSON.stringify(input.questions)}::jsonb)
    on conflict (users_master_id, module_id)
      do update set id = gen_random_uuid(), language = excluded.language, questions = excluded.questions, created_at = now()
    returning id`);
  return (result.rows[0] as { id: string }).id;
}

/** Consumes the draw: only one submission of it can ever get the row (the others wait, then find none). */
export async function takeDraw(
  db: Executor,
  input: { drawId: string; moduleId: number; userId: number },
): Promise<{ language: string; questions: unknown } | undefined> {
  const result = await db.execute<{ language: string; questions: unknown }>(sql`
    delete from training_attempt_draws
    where id = ${input.drawId} and module_id = ${input.moduleId} and users_master_id = ${input.userId}
    returning language, questions`);
  return result.rows[0];
}

/** Attempts that count towards the limit (a pass an admin turned into a fail gives its attempt back). */
export async function countCountedAttempts(db: Executor, userId: number, moduleId: number): Promise<number> {
  const result = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from training_user_attempt_index
    where users_master_id = ${userId} and module_id = ${moduleId} and marked_failed_at is null`);
  return result.rows[0]?.n ?? 0;
}

export async function findPassThreshold(db: Executor, moduleId: number): Promise<number> {
  const result = await db.execute<{ pass_threshold: number }>(
    sql`select pass_threshold from training_master where id = ${moduleId}`,
  );
  return result.rows[0]?.pass_threshold ?? 100;
}

export async function insertAttempt(
  db: Executor,
  input: {
    moduleId: number;
    userId: number;
    pass: boolean;
    percentage: number;
    marks: number;
    maxMarks: number;
    language: string;
    snapshot: unknown;
  },
): Promise<number> {
  const result = await db.execute<{ id: number }>(sql`
    insert into training_user_attempt_index
      (module_id, users_master_id, pass, percentage, marks, max_marks, language, module_content_snapshot)
    values (${input.moduleId}, ${input.userId}, ${input.pass}, ${input.percentage}, ${input.marks},
            ${input.maxMarks}, ${input.language}, ${JSON.stringify(input.snapshot)}::jsonb)
    returning id`);
  return (result.rows[0] as { id: number }).id;
}

/** Is `fileId` one of the files of a module relevant to the user? (The files service's read rule.) */
export async function isTrainingFileOfModuleFor(db: Executor, fileId: string, userId: number): Promise<boolean> {
  const result = await db.execute(sql`
    select 1 from training_files tf
    join (${learnerModules(userId)}) f on f.id = tf.module_id
    where tf.stored_file_id = ${fileId} limit 1`);
  return result.rows.length > 0;
}

export interface UserFactsRow {
  id: number;
  is_admin: boolean;
  is_leader: boolean;
  refs_max_structure_level_id: number | null;
  structure_level: number;
  facts: ModuleFactsRow[];
}

/** The users and their module facts, for many users in one statement (the commissions gate). */
export async function findUsersModuleFacts(db: Executor, userIds: number[]): Promise<UserFactsRow[]> {
  if (userIds.length === 0) return [];
  const result = await db.execute<UserFactsRow & Record<string, unknown>>(sql`
    select u.id, u.is_admin, u.is_leader, u.refs_max_structure_level_id, u.structure_level,
           ${moduleFactsJson(sql`u.id`)} as facts
    from users_master u
    where u.id = any(${`{${userIds.map((id) => Math.trunc(id)).join(',')}}`}::int[])`);
  return result.rows;
}
