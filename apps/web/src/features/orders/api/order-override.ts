import { NamedItem } from '@portal/domain/catalogue/catalogue';
import {
  OverrideDealerList,
  OverrideOrder,
  ReallocatedOrderPage,
  type ReassignOrderRequest,
  UnmatchedOrderPage,
} from '@portal/domain/orders/order-override';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api';

type ListFilter = { supplierId: number | null; page: number; pageSize: number };

export const overrideKeys = {
  all: ['order-override'] as const,
  suppliers: ['order-override', 'suppliers'] as const,
  list: (tab: 'unmatched' | 'reallocated', filter: ListFilter) => ['order-override', tab, filter] as const,
  find: (supplierId: number | null, orderNumber: string) =>
    ['order-override', 'find', supplierId, orderNumber] as const,
  dealers: (supplierId: number | null, search: string) => ['order-override', 'dealers', supplierId, search] as const,
};

export function useOverrideSuppliers() {
  return useQuery({
    queryKey: overrideKeys.suppliers,
    queryFn: ({ signal }) => api('/api/orders/override/suppliers', { schema: z.array(NamedItem), signal }),
    staleTime: 60_000,
  });
}

export function useUnmatchedOrders(filter: ListFilter) {
  return useQuery({
    queryKey: overrideKeys.list('unmatched', filter),
    queryFn: ({ signal }) =>
      api('/api/orders/override/unmatched', { query: { ...filter }, schema: UnmatchedOrderPage, signal }),
    enabled: filter.supplierId !== null,
    placeholderData: keepPreviousData,
  });
}

export function useReallocatedOrders(filter: ListFilter) {
  return useQuery({
    queryKey: overrideKeys.list('reallocated', filter),
    queryFn: ({ signal }) =>
      api('/api/orders/override/reallocated', { query: { ...filter }, schema: ReallocatedOrderPage, signal }),
    enabled: filter.supplierId !== null,
    placeholderData: keepPreviousData,
  });
}

/** Find Order: runs when asked (a number submitted), not on every key press. */
export function useFindOrder(supplierId: number | null, orderNumber: string) {
  return useQuery({
    queryKey: overrideKeys.find(supplierId, orderNumber),
    queryFn: ({ signal }) =>
      api('/api/orders/override/find', { query: { supplierId, orderNumber }, schema: OverrideOrder, signal }),
    enabled: supplierId !== null && orderNumber !== '',
    retry: false,
  });
}

/** Active dealers linked to the supplier, searched on the server. */
export function useOverrideDealers(supplierId: number | null, search: string, enabled: boolean) {
  return useQuery({
    queryKey: overrideKeys.dealers(supplierId, search),
    queryFn: ({ signal }) =>
      api('/api/orders/override/dealers', {
        query: { supplierId, search, limit: 20 },
        schema: OverrideDealerList,
        signal,
      }),
    enabled: enabled && supplierId !== null,
    placeholderData: keepPreviousData,
  });
}

export function useReassignOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReassignOrderRequest) =>
      api('/api/orders/override', { method: 'POST', body, schema: OverrideOrder }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: overrideKeys.all }),
  });
}
