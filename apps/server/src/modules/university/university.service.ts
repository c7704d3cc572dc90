import {
  isModuleRelevant,
  type UniversityModuleFacts,
  type UniversityProgress,
  type UniversityUser,
  universityProgress,
} from '@portal/domain/university/status';
import type { Executor } from '../../db/client.ts';
import type { UniversityStatusSource } from '../../platform/access.ts';
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
    factsSql: actorModuleFactsJson(),
    statusFrom(user, facts) {
      const rows = Array.isArray(facts) ? (facts as ModuleFactsRow[]) : [];
      return progressFrom(user, rows.map(toModuleFacts)).status;
    },
    statusOf: (user) => universityStatusOf(db, user),
  };
}

/**
 * The modules a user may see (spec 1 §4 relevance), for other modules that show training content
 * (Siza): null for admins, who see every module.
 */
export async function relevantModuleIdsOf(db: Executor, user: UserFacts): Promise<number[] | null> {
  if (user.isAdmin) return null;
  const facts = await findUniversityModuleFacts(db, user.id);
  const asUser = asUniversityUser(user);
  return facts.filter((module) => isModuleRelevant(asUser, module)).map((module) => module.moduleId);
}
