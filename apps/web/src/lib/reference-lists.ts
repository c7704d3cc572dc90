import { ReferenceLists } from '@portal/domain/reference/reference-lists';
import { useQuery } from '@tanstack/react-query';
import { api } from './api';

export const referenceListsQueryKey = ['reference-lists'] as const;

export function getReferenceLists(signal?: AbortSignal): Promise<ReferenceLists> {
  return api('/api/reference-lists', { schema: ReferenceLists, signal });
}

/** The shared option lists (spec 1 §9): banks with branch codes, provinces, countries, sizes, … */
export function useReferenceLists() {
  return useQuery({
    queryKey: referenceListsQueryKey,
    queryFn: ({ signal }) => getReferenceLists(signal),
    // They change with a release, not while a page is open.
    staleTime: 60 * 60_000,
    gcTime: 60 * 60_000,
  });
}
