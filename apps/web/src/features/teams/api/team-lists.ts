import {
  DealerDetail,
  DownstreamPage,
  type DownstreamQueryInput,
  type TeamListQueryInput,
  TeamPage,
} from '@portal/domain/teams/team-list';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export type DealersFilters = Pick<
  TeamListQueryInput,
  'page' | 'pageSize' | 'search' | 'statusFilter' | 'pendingOnly' | 'parentId' | 'cursor'
>;
export type DownstreamFilters = Pick<DownstreamQueryInput, 'page' | 'pageSize' | 'search' | 'statusFilter' | 'cursor'>;

export const teamKeys = {
  all: ['teams'] as const,
  dealers: (filters: DealersFilters) => ['teams', 'dealers', filters] as const,
  downstream: (dealerId: number, filters: DownstreamFilters) => ['teams', 'downstream', dealerId, filters] as const,
  detail: (dealerId: number) => ['teams', 'detail', dealerId] as const,
};

type QueryValue = string | number | boolean | null | undefined;
const asQuery = (filters: object): Record<string, QueryValue> => filters as Record<string, QueryValue>;

export function getDealers(filters: DealersFilters, signal?: AbortSignal): Promise<TeamPage> {
  return api('/api/teams/dealers', { query: asQuery(filters), schema: TeamPage, signal });
}

/** Manage Teams and the admin lists: the server decides who is in them (spec 1 §6). */
export function useDealers(filters: DealersFilters, enabled = true) {
  return useQuery({
    queryKey: teamKeys.dealers(filters),
    queryFn: ({ signal }) => getDealers(filters, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function getDownstream(
  dealerId: number,
  filters: DownstreamFilters,
  signal?: AbortSignal,
): Promise<DownstreamPage> {
  return api(`/api/teams/downstream/${dealerId}`, { query: asQuery(filters), schema: DownstreamPage, signal });
}

export function useDownstream(dealerId: number, filters: DownstreamFilters) {
  return useQuery({
    queryKey: teamKeys.downstream(dealerId, filters),
    queryFn: ({ signal }) => getDownstream(dealerId, filters, signal),
    placeholderData: keepPreviousData,
  });
}

export function useDealerDetail(dealerId: number) {
  return useQuery({
    queryKey: teamKeys.detail(dealerId),
    queryFn: ({ signal }) => api(`/api/teams/dealers/${dealerId}`, { schema: DealerDetail, signal }),
  });
}
