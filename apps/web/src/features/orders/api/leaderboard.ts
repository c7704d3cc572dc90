import { Leaderboard, type LeaderboardQuery, LeaderboardSuppliers } from '@portal/domain/orders/leaderboard';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const leaderboardKeys = {
  board: (query: LeaderboardQuery) => ['leaderboard', query] as const,
  suppliers: ['leaderboard', 'suppliers'] as const,
};

/** One month's ranks; the previous answer stays on screen while the next month loads. */
export function useLeaderboard(query: LeaderboardQuery) {
  return useQuery({
    queryKey: leaderboardKeys.board(query),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({
        year: String(query.year),
        month: String(query.month),
        view: query.view,
        limit: String(query.limit),
      });
      if (query.supplierId) params.set('supplierId', String(query.supplierId));
      return api(`/api/leaderboard?${params}`, { schema: Leaderboard, signal });
    },
    placeholderData: keepPreviousData,
  });
}

export function useLeaderboardSuppliers() {
  return useQuery({
    queryKey: leaderboardKeys.suppliers,
    queryFn: ({ signal }) => api('/api/leaderboard/suppliers', { schema: LeaderboardSuppliers, signal }),
    staleTime: 10 * 60_000,
  });
}
