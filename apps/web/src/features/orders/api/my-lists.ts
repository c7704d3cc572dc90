import { ActiveOrderPage } from '@portal/domain/orders/my-lists';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export function useActiveOrders(page: number, search: string) {
  return useQuery({
    queryKey: ['orders', 'active', page, search],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ page: String(page) });
      if (search) params.set('search', search);
      return api(`/api/orders/active?${params}`, { schema: ActiveOrderPage, signal });
    },
    placeholderData: keepPreviousData,
  });
}
