import { and, eq, getTableColumns, gt, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { authSession, usersMaster } from '../db/schema/index.ts';

/** The dealer row as every request's actor carries it. */
export type UserRow = typeof usersMaster.$inferSelect;

// The dealer row comes back as one JSON array of its columns rather than as 54 columns of the
// statement: node-postgres reads the statement's row description on every execution and builds
// a parser per column, and drizzle maps each column of the row, which cost more than the
// statement's own work in PostgreSQL (decision 049). Each value still goes through its column's
// own decoder, so the row is the same as a `select` of the table gives.
const userColumns = Object.entries(getTableColumns(usersMaster));
const userAsJson = sql<UserRow>`json_build_array(${sql.join(
  userColumns.map(([, column]) => column),
  sql`, `,
)})`.mapWith((values: unknown[]) => {
  const user: Record<string, unknown> = {};
  for (const [i, [key, column]] of userColumns.entries()) {
    const value = values[i];
    user[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return user as UserRow;
});

/**
 * The session behind a token with its user, the user's feature flags and, when asked, extra facts
 * about the user (`extra`: the university facts of the waiting check) and a route's own fact
 * (`fact`, decision 044), in one statement: every API request runs it, so it is the floor under
 * every page. It is a named prepared statement: planning it took longer than running it (1.4 ms
 * against 0.2 ms). Both fragments name the user as `users_master.id`; `fact` may hold placeholders
 * (`sql.placeholder`) that the returned function's `params` fill; `name` names the statement (one
 * per distinct pair of fragments). An expired session, or one whose login has no dealer row, gives
 * nothing.
 */
export function prepareSessionActorQuery(db: Database, extra?: SQL, name?: string, fact?: SQL) {
  const query = db
    .select({
      session: {
        id: authSession.id,
        userId: authSession.userId,
        createdAt: authSession.createdAt,
        rememberMe: authSession.rememberMe,
        lastSeenAt: authSession.lastSeenAt,
      },
      user: userAsJson,
      features: sql<string[]>`array(select f.name from users_access_index a
                                     join features_master f on f.id = a.features_master_id
                                    where a.user_master_id = users_master.id)`,
      extra: extra ? sql<unknown>`${extra}` : sql<unknown>`null`,
      fact: fact ? sql<unknown>`${fact}` : sql<unknown>`null`,
    })
    .from(authSession)
    .innerJoin(usersMaster, eq(usersMaster.authId, authSession.userId))
    .where(and(eq(authSession.token, sql.placeholder('token')), gt(authSession.expiresAt, sql.placeholder('now'))))
    .limit(1)
    .prepare(name ?? (extra ? 'session_actor_with_facts' : 'session_actor'));
  return async (token: string, now: Date, params?: Record<string, unknown>) => {
    const [row] = await query.execute({ ...params, token, now });
    return row;
  };
}
