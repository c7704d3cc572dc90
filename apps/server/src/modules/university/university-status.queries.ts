import {
  type UniversityModuleFacts,
  type UniversityProgress,
  universityProgress,
} from '@portal/domain/university/status';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import type { usersMaster } from '../../db/schema/index.ts';
import type { UniversityStatusSource } from '../../platform/access.ts';

type UserFacts = Pick<
  typeof usersMaster.$inferSelect,
  'id' | 'isAdmin' | 'isLeader' | 'refsMaxStructureLevelId' | 'structureLevel'
>;

interface ModuleFactsRow {
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
function moduleFactsJson(userId: SQL): SQL {
  return sql`(select coalesce(json_agg(f order by f.module_id), '[]'::json) from (${moduleFactsSelect(userId)}) f)`;
}

function toModuleFacts(row: ModuleFactsRow): UniversityModuleFacts {
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

function progressFrom(user: UserFacts, modules: UniversityModuleFacts[]): UniversityProgress {
  return universityProgress(
    {
      isAdmin: user.isAdmin,
      isLeader: user.isLeader,
      maxStructureLevel: user.refsMaxStructureLevelId ?? user.structureLevel,
    },
    modules,
  );
}

/** Status code and counts of one user (spec 1 §4; decision 004). Admins: 0 without a query. */
export async function universityProgressOf(db: Executor, user: UserFacts): Promise<UniversityProgress> {
  if (user.isAdmin) return progressFrom(user, []);
  return progressFrom(user, await findUniversityModuleFacts(db, user.id));
}

export async function universityStatusOf(db: Executor, user: UserFacts): Promise<number> {
  return (await universityProgressOf(db, user)).status;
}

/**
 * The university status for the access guards: the facts ride in the actor's statement as JSON
 * when a guard asks for them up front (for admins too; their status is 0 whatever the facts),
 * else one query of their own.
 */
export function actorUniversityStatus(db: Executor): UniversityStatusSource {
  return {
    factsSql: moduleFactsJson(sql.raw('users_master.id')),
    statusFrom(user, facts) {
      const rows = Array.isArray(facts) ? (facts as ModuleFactsRow[]) : [];
      return progressFrom(user, rows.map(toModuleFacts)).status;
    },
    statusOf: (user) => universityStatusOf(db, user),
  };
}
