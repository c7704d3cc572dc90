import {
  AccessControlPage,
  type AccessControlQuery,
  type SetFeatureAccessRequest,
} from '@portal/domain/access-control/access-control';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

type Filters = Pick<AccessControlQuery, 'page' | 'pageSize' | 'search'>;

export const accessControlKeys = {
  all: ['access-control'] as const,
  page: (filters: Filters) => ['access-control', filters] as const,
};

export function useAccessControlPage(filters: Filters) {
  return useQuery({
    queryKey: accessControlKeys.page(filters),
    queryFn: ({ signal }) => api('/api/access-control', { query: { ...filters }, schema: AccessControlPage, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useSetFeatureAccess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, ...change }: SetFeatureAccessRequest & { userId: number }) =>
      api<{ features: string[]; changed: boolean }>(`/api/access-control/${userId}`, { method: 'PUT', body: change }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accessControlKeys.all }),
  });
}
