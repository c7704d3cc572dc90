import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import type { TrainingQuestionOption } from '../../db/schema/university.ts';

// Training administration's SQL (spec 3 §2.5–2.7, §4.1): the module list with its index rows, the
// module's content, the attempts of a module, and the writes. Set-based: one statement per list.

export type ModuleRow = {
  id: number;
  module_name: string;
  module_description: string | null;
  module_category: string | null;
  active: boolean;
  is_compulsory: boolean;
  training_types: number;
  refs_structure_level_id: number | null;
  pass_threshold: number;
  marks: number;
  product_types: Array<{ id: number; name: string }>;
  suppliers: Array<{ id: number; name: string }>;
  question_count: number;
  attempt_count: number;
  total?: number;
};

const MODULE_COLUMNS = sql`
  m.id, m.module_name, m.module_description, m.module_category, m.active, m.is_compulsory,
  m.training_types, m.refs_structure_level_id, m.pass_threshold, m.marks,
  coalesce((select json_agg(json_build_object('id', p.id, 'name', p.name) order by p.name)
              from training_refs_product_type_index tp join product_types p on p.id = tp.refs_product_type_id
             where tp.training_master_id = m.id and tp.is_active), '[]'::json) as product_types,
  coalesce((select json_agg(json_build_object('id', s.id, 'name', s.supplier_name) order by s.supplier_name)
              from training_supplier_index ts join suppliers_master s on s.id = ts.suppliers_master_id
             where ts.training_master_id = m.id and ts.is_active), '[]'::json) as suppliers,
  (select count(*)::int from training_questions q where q.module_id = m.id) as question_count,
  (select count(*)::int from training_user_attempt_index a where a.module_id = m.id) as attempt_count`;

/** Spec 3 §2.5: not deleted, by status; the type and supplier filters match active index rows only. */
export async function findModules(
  db: Executor,
  filter: {
    active: boolean;
    productTypeId?: number | undefined;
    supplierId?: number | undefined;
    limit: number;
    offset: number;
  },
): Promise<ModuleRow[]> {
  const byType =
    filter.productTypeId === undefined
      ? sql``
      : sql`and exists (select 1 from training_refs_product_type_index tp
                         where tp.training_master_id = m.id and tp.is_active and tp.refs_product_type_id = ${filter.productTypeId})`;
  const bySupplier =
    filter.supplierId === undefined
      ? sql``
      : sql`and exists (select 1 from training_supplier_index ts
                         where ts.training_master_id = m.id and ts.is_active and ts.suppliers_master_id = ${filter.supplierId})`;
  const result = await db.execute<ModuleRow>(sql`
    select ${MODULE_COLUMNS}, count(*) over ()::int as total
      from training_master m
     where not m.is_deleted and m.active = ${filter.active} ${byType} ${bySupplier}
     order by lower(m.module_name), m.id
     limit ${filter.limit} offset ${filter.offset}`);
  return result.rows;
}

/** A module that is not deleted. */
export async function findModule(db: Executor, id: number): Promise<ModuleRow | undefined> {
  const result = await db.execute<ModuleRow>(sql`
    select ${MODULE_COLUMNS} from training_master m where m.id = ${id} and not m.is_deleted`);
  return result.rows[0];
}

/** The module row, locked for a change; undefined when missing or deleted. */
export async function lockModule(tx: Executor, id: number): Promise<ModuleRow | undefined> {
  await tx.execute(sql`select 1 from training_master where id = ${id} and not is_deleted for update`);
  return findModule(tx, id);
}

export type ModuleFields = {
  name: string;
  description: string;
  category: string;
  active: boolean;
  isCompulsory: boolean;
  trainingType: number;
  structureLevelId: number | null;
};

export async function insertModule(tx: Executor, module: ModuleFields, createdBy: number): Promise<number> {
  const result = await tx.execute<{ id: number }>(sql`
    insert into training_master (module_name, module_description, module_category, active, is_compulsory,
                                 training_types, refs_structure_level_id, pass_threshold, created_by)
    values (${module.name}, ${module.description}, ${module.category}, ${module.active}, ${module.isCompulsory},
            ${module.trainingType}, ${module.structureLevelId}, 100, ${createdBy})
    returning id`);
  return Number(result.rows[0]!.id);
}

export async function updateModule(tx: Executor, id: number, module: ModuleFields) {
  await tx.execute(sql`
    update training_master
       set module_name = ${module.name}, module_description = ${module.description},
           module_category = ${module.category}, active = ${module.active}, is_compulsory = ${module.isCompulsory},
           training_types = ${module.trainingType}, refs_structure_level_id = ${module.structureLevelId},
           updated_at = now()
     where id = ${id}`);
}

/**
 * Spec 3 §4.1: clear the active flags of the module's index rows, then upsert the chosen ones.
 * Returns how many of the chosen ids exist (fewer than asked: an unknown id was sent).
 */
export async function replaceModuleIndexes(
  tx: Executor,
  moduleId: number,
  choice: { productTypeIds: number[]; supplierIds: number[] },
): Promise<{ productTypes: number; suppliers: number }> {
  await tx.execute(
    sql`update training_refs_product_type_index set is_active = false where training_master_id = ${moduleId}`,
  );
  await tx.execute(sql`update training_supplier_index set is_active = false where training_master_id = ${moduleId}`);
  const types = await tx.execute(sql`
    insert into training_refs_product_type_index (training_master_id, refs_product_type_id, is_active)
    select ${moduleId}, p.id, true from product_types p
     where p.id = any(${sql.param(choice.productTypeIds)}::int[]) and not p.is_deleted
    on conflict (training_master_id, refs_product_type_id) do update set is_active = true`);
  const suppliers = await tx.execute(sql`
    insert into training_supplier_index (training_master_id, suppliers_master_id, is_active)
    select ${moduleId}, s.id, true from suppliers_master s where s.id = any(${sql.param(choice.supplierIds)}::int[])
    on conflict (training_master_id, suppliers_master_id) do update set is_active = true`);
  return { productTypes: types.rowCount ?? 0, suppliers: suppliers.rowCount ?? 0 };
}

export async function markModuleDeleted(tx: Executor, id: number) {
  await tx.execute(sql`update training_master set is_deleted = true, updated_at = now() where id = ${id}`);
}

export type OptionsRow = {
  product_types: Array<{ id: number; name: string }>;
  suppliers: Array<{ id: number; name: string }>;
  structure_levels: Array<{ id: number; name: string }>;
  categories: string[];
};

export async function findModuleOptions(db: Executor): Promise<OptionsRow> {
  const result = await db.execute<OptionsRow>(sql`
    select
      coalesce((select json_agg(json_build_object('id', id, 'name', name) order by name)
                  from product_types where not is_deleted), '[]'::json) as product_types,
      coalesce((select json_agg(json_build_object('id', id, 'name', supplier_name) order by supplier_name)
                  from suppliers_master), '[]'::json) as suppliers,
      coalesce((select json_agg(json_build_object('id', id, 'name', level_name) order by id)
                  from refs_structure_level), '[]'::json) as structure_levels,
      coalesce((select json_agg(c order by c) from (
                  select distinct module_category c from training_master
                   where not is_deleted and coalesce(module_category, '') <> '') x), '[]'::json) as categories`);
  return result.rows[0]!;
}

export type ContentRow = {
  videos: Array<{ link: string; language: string }>;
  files: Array<{ id: string; name: string; content_type: string; size_bytes: number }>;
  questions: Array<{ question: string; language: string; max_options: number; options: TrainingQuestionOption[] }>;
};

export async function findModuleContent(db: Executor, moduleId: number): Promise<ContentRow> {
  const result = await db.execute<ContentRow>(sql`
    select
      coalesce((select json_agg(json_build_object('link', v.link, 'language', v.video_language) order by v.sort, v.id)
                  from training_videos v where v.module_id = ${moduleId}), '[]'::json) as videos,
      coalesce((select json_agg(json_build_object('id', f.id, 'name', f.original_name, 'content_type', f.content_type,
                                                  'size_bytes', f.size_bytes) order by tf.sort, tf.id)
                  from training_files tf join stored_files f on f.id = tf.stored_file_id
                 where tf.module_id = ${moduleId}), '[]'::json) as files,
      coalesce((select json_agg(json_build_object('question', q.question, 'language', q.question_language,
                                                  'max_options', q.max_options, 'options', q.options) order by q.sort, q.id)
                  from training_questions q where q.module_id = ${moduleId}), '[]'::json) as questions`);
  return result.rows[0]!;
}

/** The stored files of these ids that may be the module's additional content: training uploads. */
export async function findTrainingUploads(db: Executor, fileIds: string[]): Promise<string[]> {
  if (!fileIds.length) return [];
  const result = await db.execute<{ id: string }>(sql`
    select id from stored_files where id = any(${sql.param(fileIds)}::uuid[]) and purpose = 'training_file'`);
  return result.rows.map((row) => row.id);
}

/** Spec 3 §5.2 "Save Changes": threshold, marks, videos, files and questions, replaced as a whole. */
export async function replaceModuleContent(
  tx: Executor,
  moduleId: number,
  content: {
    passThreshold: number;
    marks: number;
    videos: Array<{ link: string; language: string }>;
    fileIds: string[];
    questions: Array<{ question: string; language: string; maxOptions: number; options: TrainingQuestionOption[] }>;
  },
) {
  await tx.execute(sql`
    update training_master set pass_threshold = ${content.passThreshold}, marks = ${content.marks}, updated_at = now()
     where id = ${moduleId}`);
  await tx.execute(sql`delete from training_videos where module_id = ${moduleId}`);
  if (content.videos.length) {
    await tx.execute(sql`
      insert into training_videos (module_id, link, video_language, sort)
      select ${moduleId}, v.item->>'link', v.item->>'language', v.ord - 1
        from jsonb_array_elements(${JSON.stringify(content.videos)}::jsonb) with ordinality as v(item, ord)`);
  }
  await tx.execute(sql`delete from training_questions where module_id = ${moduleId}`);
  if (content.questions.length) {
    await tx.execute(sql`
      insert into training_questions (module_id, question, question_language, max_options, options, sort)
      select ${moduleId}, q.item->>'question', q.item->>'language', (q.item->>'maxOptions')::smallint,
             q.item->'options', q.ord - 1
        from jsonb_array_elements(${JSON.stringify(content.questions)}::jsonb) with ordinality as q(item, ord)`);
  }
  // Files keep their row (and extracted text) when they stay; the order is the editor's.
  await tx.execute(sql`
    delete from training_files where module_id = ${moduleId}
       and not (stored_file_id = any(${sql.param(content.fileIds)}::uuid[]))`);
  if (content.fileIds.length) {
    await tx.execute(sql`
      insert into training_files (module_id, stored_file_id, sort)
      select ${moduleId}, f.id::uuid, f.ord - 1
        from unnest(${sql.param(content.fileIds)}::text[]) with ordinality as f(id, ord)
      on conflict (module_id, stored_file_id) do update set sort = excluded.sort`);
  }
}

export type MarkRow = {
  id: number;
  user_id: number;
  first_name: string;
  surname: string;
  pass: boolean;
  percentage: string;
  marks: number;
  max_marks: number;
  created_at: string | Date;
  marked_failed_at: string | Date | null;
  total: number;
};

/** Spec 3 §7.1: the module's attempts with their user, newest first. */
export async function findMarks(
  db: Executor,
  filter: { moduleId: number; limit: number; offset: number },
): Promise<MarkRow[]> {
  const result = await db.execute<MarkRow>(sql`
    select a.id, a.users_master_id as user_id, u.first_name, u.surname, a.pass, a.percentage, a.marks, a.max_marks,
           a.created_at, a.marked_failed_at, count(*) over ()::int as total
      from training_user_attempt_index a join users_master u on u.id = a.users_master_id
     where a.module_id = ${filter.moduleId}
     order by a.created_at desc, a.id desc
     limit ${filter.limit} offset ${filter.offset}`);
  return result.rows;
}

export type AttemptRow = { id: number; module_id: number; users_master_id: number; pass: boolean; percentage: string };

export async function findAttempt(
  db: Executor,
  id: number,
): Promise<(AttemptRow & { module_name: string }) | undefined> {
  const result = await db.execute<AttemptRow & { module_name: string }>(sql`
    select a.id, a.module_id, a.users_master_id, a.pass, a.percentage, m.module_name
      from training_user_attempt_index a join training_master m on m.id = a.module_id and not m.is_deleted
     where a.id = ${id}`);
  return result.rows[0];
}

/** Where the learner of a changed mark is told (decision 068). */
export async function findLearnerContact(
  db: Executor,
  userId: number,
): Promise<{ first_name: string; email: string | null; phone: string | null } | undefined> {
  const result = await db.execute<{ first_name: string; email: string | null; phone: string | null }>(sql`
    select first_name, email, phone from users_master where id = ${userId}`);
  return result.rows[0];
}

/** Turns a pass into a fail (spec 3 §4.1); undefined when it was no pass (already failed). */
export async function failAttempt(tx: Executor, id: number, byUserId: number): Promise<AttemptRow | undefined> {
  const result = await tx.execute<AttemptRow>(sql`
    update training_user_attempt_index
       set pass = false, marked_failed_by = ${byUserId}, marked_failed_at = now()
     where id = ${id} and pass
     returning id, module_id, users_master_id, pass, percentage`);
  return result.rows[0];
}
