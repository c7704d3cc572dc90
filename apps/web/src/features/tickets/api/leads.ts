import { LeadPage } from '@portal/domain/orders/my-lists';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export function useMyLeads(page: number, search: string) {
  return useQuery({
    queryKey: ['leads', 'mine', page, search],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ page: String(page) });
      if (search) params.set('search', search);
      return api(`/api/leads/mine?${params}`, { schema: LeadPage, signal });
    },
    placeholderData: keepPreviousData,
  });
}
