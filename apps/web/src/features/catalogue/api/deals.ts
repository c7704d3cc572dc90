import {
  type CompleteDeal,
  DealChoices,
  DealProduct,
  DealProductList,
  type DealRates,
  DealRow,
  DealsPage,
  type DealsQuery,
} from '@portal/domain/catalogue/deals';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api';

type Filters = Pick<DealsQuery, 'page' | 'pageSize' | 'search'>;

export const dealKeys = {
  all: ['deals'] as const,
  page: (filters: Filters) => ['deals', 'page', filters] as const,
  products: (dealId: number) => ['deals', dealId, 'products'] as const,
  choices: (supplierId?: number, productTypeId?: number) => ['deals', 'choices', supplierId, productTypeId] as const,
};

export function useDealsPage(filters: Filters) {
  return useQuery({
    queryKey: dealKeys.page(filters),
    queryFn: ({ signal }) => api('/api/deals', { query: { ...filters }, schema: DealsPage, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Suppliers with their product types and the deal types; with both ids, the supplier's products of that type. */
export function useDealChoices(supplierId?: number, productTypeId?: number) {
  return useQuery({
    queryKey: dealKeys.choices(supplierId, productTypeId),
    queryFn: ({ signal }) =>
      api('/api/deals/choices', { query: { supplierId, productTypeId }, schema: DealChoices, signal }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export function useDealProducts(dealId: number | undefined) {
  return useQuery({
    queryKey: dealKeys.products(dealId ?? 0),
    queryFn: ({ signal }) => api(`/api/deals/${dealId}/products`, { schema: DealProductList, signal }),
    enabled: dealId !== undefined,
  });
}

/** Creates a deal, or saves an existing one (`id`). */
export function useSaveDeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, deal }: { id?: number | undefined; deal: CompleteDeal }) =>
      id === undefined
        ? api('/api/deals', { method: 'POST', body: deal, schema: DealRow })
        : api(`/api/deals/${id}`, { method: 'PUT', body: deal, schema: DealRow }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dealKeys.all }),
  });
}

export function useDeleteDeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api(`/api/deals/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dealKeys.all }),
  });
}

const SavedDealProduct = z.object({ product: DealProduct, added: z.boolean() });

/** Adds a product to the deal with its rates, or replaces the rates of one in it. */
export function useSaveDealProduct(dealId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DealRates & { productId: number }) =>
      api(`/api/deals/${dealId}/products`, { method: 'PUT', body, schema: SavedDealProduct }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dealKeys.all }),
  });
}

export function useRemoveDealProduct(dealId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (productId: number) => api(`/api/deals/${dealId}/products/${productId}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dealKeys.all }),
  });
}
