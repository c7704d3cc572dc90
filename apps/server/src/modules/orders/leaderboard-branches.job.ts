import type { Database } from '../../db/client.ts';
import type { Jobs } from '../../platform/jobs.ts';
import { refreshLeaderboardBranches } from './leaderboard.queries.ts';

export const LEADERBOARD_BRANCHES_QUEUE = 'leaderboard.branches';
/** Nightly: branches grow by imports of people, slowly; a day late only costs the slower plan. */
export const LEADERBOARD_BRANCHES_CRON = '41 2 * * *';

/** The nightly choice of the branches whose rank buckets are kept (decision 037). */
export function scheduleLeaderboardBranches(deps: { db: Database; jobs: Jobs }): void {
  deps.jobs.define(LEADERBOARD_BRANCHES_QUEUE, () => refreshLeaderboardBranches(deps.db), {
    expireInSeconds: 15 * 60,
  });
  deps.jobs.schedule(LEADERBOARD_BRANCHES_QUEUE, LEADERBOARD_BRANCHES_CRON);
}
