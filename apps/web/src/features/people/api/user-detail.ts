import { UserDetailResponse } from '@portal/domain/people/user-detail';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const peopleKeys = {
  all: ['people'] as const,
  detail: (id: number) => ['people', id] as const,
  eligibleManagers: (id: number, search: string) => ['people', id, 'eligible-managers', search] as const,
  linkOptions: (id: number) => ['people', id, 'link-options'] as const,
};

/** A dealer id from the address: digits only, else undefined ('Invalid user ID', spec 1 §5.7). */
export function parseDealerId(value: string | undefined): number | undefined {
  return value && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : undefined;
}

export async function getUserDetail(id: number, signal?: AbortSignal) {
  const answer = await api(`/api/people/${id}`, { schema: UserDetailResponse, signal });
  return answer.user;
}

export function useUserDetail(id: number | undefined) {
  return useQuery({
    queryKey: peopleKeys.detail(id ?? 0),
    queryFn: ({ signal }) => getUserDetail(id!, signal),
    enabled: id !== undefined,
  });
}
