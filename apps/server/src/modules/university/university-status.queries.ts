import type { UniversityModuleFacts } from '@portal/domain/university/status';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import type { usersMaster } from '../../db/schema/index.ts';

export type UserFacts = Pick<
  typeof usersMaster.$inferSelect,
  'id' | 'isAdmin' | 'isLeader' | 'refsMaxStructureLevelId' | 'structureLevel'
>;

export interface ModuleFactsRow {
  module_id: number;
  is_compulsory: boolean;
  training_types: number | null;
  structure_level_id: number | null;
  has_suppliers: boolean;
  supplier_match: boolean;
  has_product_types: boolean;
  product_type_match: boolean;
  passed: boolean;
}

/**
 * Everything the university status rule needs about one user, in one set-based statement: each
 * active module with whether it names suppliers / product types, whether the user shares one, and
 * whether some attempt of the user passed it. `userId` is a value or a column of an outer query.
 */
function moduleFactsSelect(userId: SQL | number): SQL {
  return sql`
    select m.id as module_id,
           m.is_compulsory,
           m.training_types,
           m.refs_structure_level_id as structure_level_id,
           exists (select 1 from training_supplier_index ts
                   where ts.training_master_id = m.id and ts.is_active) as has_suppliers,
           exists (select 1 from training_supplier_index ts
                   join users_supplier_index us on us.supplier_id = ts.suppliers_master_id and us.user_id = ${userId}
                   where ts.training_master_id = m.id and ts.is_active) as supplier_match,
           exists (select 1 from training_refs_product_type_index tp
                   where tp.training_master_id = m.id and tp.is_active) as has_product_types,
           exists (select 1 from training_refs_product_type_index tp
                   join users_product_type_index up
                     on up.product_type_id = tp.refs_product_type_id and up.user_id = ${userId}
                   where tp.training_master_id = m.id and tp.is_active) as product_type_match,
           exists (select 1 from training_user_attempt_index a
                   where a.module_id = m.id and a.users_master_id = ${userId} and a.pass) as passed
    from training_master m
    where m.active and not m.is_deleted`;
}

/**
 * The same facts as one JSON array, for a statement that reads a user anyway: the actor loader
 * folds it into its session lookup so the waiting check costs no round trip of its own.
 */
export function moduleFactsJson(userId: SQL): SQL {
  return sql`(select coalesce(json_agg(f order by f.module_id), '[]'::json) from (${moduleFactsSelect(userId)}) f)`;
}

/** The same for the user row of the actor's own statement (it selects from users_master). */
export function actorModuleFactsJson(): SQL {
  return moduleFactsJson(sql.raw('users_master.id'));
}

export function toModuleFacts(row: ModuleFactsRow): UniversityModuleFacts {
  return {
    moduleId: row.module_id,
    isCompulsory: row.is_compulsory,
    trainingTypes: row.training_types,
    structureLevelId: row.structure_level_id,
    hasSuppliers: row.has_suppliers,
    supplierMatch: row.supplier_match,
    hasProductTypes: row.has_product_types,
    productTypeMatch: row.product_type_match,
    passed: row.passed,
  };
}

export async function findUniversityModuleFacts(db: Executor, userId: number): Promise<UniversityModuleFacts[]> {
  const result = await db.execute<ModuleFactsRow & Record<string, unknown>>(
    sql`${moduleFactsSelect(userId)} order by m.id`,
  );
  return result.rows.map(toModuleFacts);
}
