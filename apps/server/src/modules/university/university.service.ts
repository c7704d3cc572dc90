import {
  isModuleRelevant,
  UNIVERSITY_STATUS,
  type UniversityModuleFacts,
  type UniversityProgress,
  type UniversityStatusCode,
  type UniversityUser,
  universityProgress,
} from '@portal/domain/university/status';
import type { Executor } from '../../db/client.ts';
import type { UniversityStatusSource } from '../../platform/access.ts';
import { findUsersModuleFacts } from './university.queries.ts';
import {
  actorModuleFactsJson,
  findUniversityModuleFacts,
  type ModuleFactsRow,
  toModuleFacts,
  type UserFacts,
} from './university-status.queries.ts';

// The university as other modules and the access guards see it: a user's status and progress
// (spec 1 §4; decision 004). Other modules come here, never to the queries.

function asUniversityUser(user: UserFacts): UniversityUser {
  return {
    isAdmin: user.isAdmin,
    isLeader: user.isLeader,
    maxStructureLevel: user.refsMaxStructureLevelId ?? user.structureLevel,
  };
}

function progressFrom(user: UserFacts, modules: UniversityModuleFacts[]): UniversityProgress {
  return universityProgress(asUniversityUser(user), modules);
}

/** Status code and counts of one user (spec 1 §4; decision 004). Admins: 0 without a query. */
export async function universityProgressOf(db: Executor, user: UserFacts): Promise<UniversityProgress> {
  if (user.isAdmin) return progressFrom(user, []);
  return progressFrom(user, await findUniversityModuleFacts(db, user.id));
}

export async function universityStatusOfUser(db: Executor, user: UserFacts): Promise<number> {
  return (await universityProgressOf(db, user)).status;
}

/**
 * The university status of many users in ONE statement (the commissions training gate holds the
 * lines of payees at 102). Unknown ids get -1, as does a user whose facts cannot be read.
 */
export async function universityStatusOf(
  db: Executor,
  userIds: readonly number[],
): Promise<Map<number, UniversityStatusCode>> {
  const unique = [...new Set(userIds)];
  const rows = await findUsersModuleFacts(db, unique);
  const statuses = new Map<number, UniversityStatusCode>(unique.map((id) => [id, UNIVERSITY_STATUS.error]));
  for (const row of rows) {
    const user: UserFacts = {
      id: row.id,
      isAdmin: row.is_admin,
      isLeader: row.is_leader,
      refsMaxStructureLevelId: row.refs_max_structure_level_id,
      structureLevel: row.structure_level,
    };
    statuses.set(row.id, progressFrom(user, (row.facts ?? []).map(toModuleFacts)).status);
  }
  return statuses;
}

/**
 * The university status for the access guards: the facts ride in the actor's statement as JSON
 * when a guard asks for them up front (for admins too; their status is 0 whatever the facts),
 * else one query of their own.
 */
export function actorUniversityStatus(db: Executor): UniversityStatusSource {
  return {
    factsSql: actorModuleFactsJson(),
    statusFrom(user, facts) {
      const rows = Array.isArray(facts) ? (facts as ModuleFactsRow[]) : [];
      return progressFrom(user, rows.map(toModuleFacts)).status;
    },
    statusOf: (user) => universityStatusOfUser(db, user),
  };
}

/**
 * What of the training content another module may show a user (decision 057): `visible`, the
 * modules relevant to them, and `withAnswers`, those whose assessment questions and correct answers
 * they may read: the ones they have passed (a pass an admin marked failed no longer counts), since
 * the answers of a module still to pass would pass it. null: every module (admins).
 */
export async function trainingContentScopeOf(
  db: Executor,
  user: UserFacts,
): Promise<{ visible: number[] | null; withAnswers: number[] | null }> {
  if (user.isAdmin) return { visible: null, withAnswers: null };
  const facts = await findUniversityModuleFacts(db, user.id);
  const asUser = asUniversityUser(user);
  const relevant = facts.filter((module) => isModuleRelevant(asUser, module));
  return {
    visible: relevant.map((module) => module.moduleId),
    withAnswers: relevant.filter((module) => module.passed).map((module) => module.moduleId),
  };
}
