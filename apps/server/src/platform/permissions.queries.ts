import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';

export interface TargetFacts {
  id: number;
  isAdmin: boolean;
  features: string[];
  /** The target is strictly below the actor in the hierarchy. */
  isBelow: boolean;
}

/** What a permission check needs to know of a target person, in one indexed statement. */
export async function findTargetFacts(
  db: Executor,
  actorId: number,
  targetId: number,
): Promise<TargetFacts | undefined> {
  const result = await db.execute<{ id: number; is_admin: boolean; features: string[]; is_below: boolean }>(sql`
    SELECT u.id, u.is_admin,
           array(SELECT f.name FROM users_access_index a JOIN features_master f ON f.id = a.features_master_id
                  WHERE a.user_master_id = u.id) AS features,
           EXISTS (SELECT 1 FROM users_hierarchy_closure c
                    WHERE c.ancestor_id = ${actorId} AND c.descendant_id = u.id AND u.id <> ${actorId}) AS is_below
      FROM users_master u
     WHERE u.id = ${targetId}`);
  const row = result.rows[0];
  return row ? { id: row.id, isAdmin: row.is_admin, features: row.features, isBelow: row.is_below } : undefined;
}
