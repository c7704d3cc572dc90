import {
  LEADERBOARD_EXPANDED,
  type Leaderboard,
  type LeaderboardQuery,
  type LeaderboardRow,
  percentageOfTop,
} from '@portal/domain/orders/leaderboard';
import { zCode } from '@portal/domain/people/z-code';
import type { Database } from '../../db/client.ts';
import type { Actor } from '../../platform/access.ts';
import { notFound } from '../../platform/errors.ts';
import { leaderboardSuppliers, offersLeaderboardSupplier } from '../catalogue/catalogue.service.ts';
import { type RankedRow, rankedSellers } from './leaderboard.queries.ts';

const isoDay = (year: number, month: number, day: number) =>
  `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/** The month's ranks for `actor`: everyone who sold, or (structure) the actor's own branch. */
export async function leaderboard(db: Database, actor: Actor, query: LeaderboardQuery): Promise<Leaderboard> {
  // Only a supplier the filter offers is ranked: a hidden one's dealers and sales are nobody's to read.
  if (query.supplierId !== undefined && !(await offersLeaderboardSupplier(db, query.supplierId))) {
    throw notFound('No such supplier', 'SUPPLIER_NOT_FOUND');
  }
  const rows = await rankedSellers(db, {
    from: isoDay(query.year, query.month, 1),
    supplierId: query.supplierId ?? null,
    withinId: query.view === 'structure' ? actor.user.id : null,
    limit: Math.min(query.limit, LEADERBOARD_EXPANDED),
    viewerId: actor.user.id,
  });
  const toRow = (row: RankedRow): LeaderboardRow => ({
    rank: row.rank,
    userId: row.userId,
    zCode: zCode(row.userId),
    firstName: row.firstName,
    surname: row.surname,
    sales: row.sales,
    percentage: percentageOfTop(row.sales, row.topSales),
  });
  const shown = rows.filter((row) => row.rank <= query.limit);
  const own = rows.find((row) => row.userId === actor.user.id && row.rank > query.limit);
  return {
    year: query.year,
    month: query.month,
    supplierId: query.supplierId ?? null,
    view: query.view,
    rows: shown.map(toRow),
    own: own ? toRow(own) : null,
    ranked: rows[0]?.ranked ?? 0,
  };
}

/** The supplier filter: suppliers with the leaderboard flag, hidden ones left out. */
export const rankedSuppliers = (db: Database) => leaderboardSuppliers(db);
