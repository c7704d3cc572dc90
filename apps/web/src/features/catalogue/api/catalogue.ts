import { ProductTypeList, ProductTypeRow } from '@portal/domain/catalogue/product-types';
import {
  ProductCardPage,
  ProductDetail,
  ProductMatches,
  type ProductMatchRequest,
  type ProductRequest,
  ProductSaved,
} from '@portal/domain/catalogue/products';
import {
  AssistRecipientList,
  CatalogueReferences,
  SupplierDealList,
  SupplierDetail,
  SupplierPage,
  type SupplierRequest,
  SupplierSaved,
} from '@portal/domain/catalogue/suppliers';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api';

export const catalogueKeys = {
  all: ['catalogue'] as const,
  references: ['catalogue', 'references'] as const,
  productTypes: ['catalogue', 'product-types'] as const,
  suppliers: (page: number, pageSize: number, search: string) =>
    ['catalogue', 'suppliers', page, pageSize, search] as const,
  supplier: (id: number) => ['catalogue', 'supplier', id] as const,
  products: (supplierId: number, page: number) => ['catalogue', 'products', supplierId, page] as const,
  product: (id: number) => ['catalogue', 'product', id] as const,
  matches: (supplierId: number) => ['catalogue', 'matches', supplierId] as const,
  deals: (supplierId: number) => ['catalogue', 'deals', supplierId] as const,
  recipients: (search: string, kind: string) => ['catalogue', 'recipients', search, kind] as const,
};

function useInvalidateCatalogue() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: catalogueKeys.all });
}

export function useCatalogueReferences() {
  return useQuery({
    queryKey: catalogueKeys.references,
    queryFn: ({ signal }) => api('/api/catalogue/references', { schema: CatalogueReferences, signal }),
    staleTime: 60_000,
  });
}

export function useProductTypes() {
  return useQuery({
    queryKey: catalogueKeys.productTypes,
    queryFn: ({ signal }) => api('/api/catalogue/product-types', { schema: ProductTypeList, signal }),
  });
}

export function useSaveProductType() {
  const invalidate = useInvalidateCatalogue();
  return useMutation({
    mutationFn: ({ id, name }: { id?: number; name: string }) =>
      id
        ? api(`/api/catalogue/product-types/${id}`, { method: 'PUT', body: { name }, schema: ProductTypeRow })
        : api('/api/catalogue/product-types', { method: 'POST', body: { name }, schema: ProductTypeRow }),
    onSettled: invalidate,
  });
}

export function useDeleteProductType() {
  const invalidate = useInvalidateCatalogue();
  return useMutation({
    mutationFn: (id: number) => api(`/api/catalogue/product-types/${id}`, { method: 'DELETE' }),
    onSettled: invalidate,
  });
}

export function useSuppliers(page: number, pageSize: number, search: string) {
  return useQuery({
    queryKey: catalogueKeys.suppliers(page, pageSize, search),
    queryFn: ({ signal }) =>
      api('/api/catalogue/suppliers', { query: { page, pageSize, search }, schema: SupplierPage, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useSupplier(id: number, enabled = true) {
  return useQuery({
    queryKey: catalogueKeys.supplier(id),
    queryFn: ({ signal }) => api(`/api/catalogue/suppliers/${id}`, { schema: SupplierDetail, signal }),
    enabled: enabled && id > 0,
  });
}

export function useSaveSupplier() {
  const invalidate = useInvalidateCatalogue();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: SupplierRequest }) =>
      id
        ? api(`/api/catalogue/suppliers/${id}`, { method: 'PUT', body, schema: SupplierSaved })
        : api('/api/catalogue/suppliers', { method: 'POST', body, schema: SupplierSaved }),
    onSettled: invalidate,
  });
}

export function useSetSupplierBanner() {
  const invalidate = useInvalidateCatalogue();
  return useMutation({
    mutationFn: ({ supplierId, fileId }: { supplierId: number; fileId: string }) =>
      api(`/api/catalogue/suppliers/${supplierId}/banner`, {
        method: 'PUT',
        body: { fileId },
        schema: z.object({ bannerUrl: z.string() }),
      }),
    onSettled: invalidate,
  });
}

/** The recipient picker's options; for the sales-assist list only Sales Assist holders (decision 068). */
export function useAssistRecipients(search: string, kind: 'sales_assist' | 'agent_support') {
  return useQuery({
    queryKey: catalogueKeys.recipients(search, kind),
    queryFn: ({ signal }) =>
      api('/api/catalogue/assist-recipients', { query: { search, kind }, schema: AssistRecipientList, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useSupplierDeals(supplierId: number, enabled: boolean) {
  return useQuery({
    queryKey: catalogueKeys.deals(supplierId),
    queryFn: ({ signal }) => api(`/api/catalogue/suppliers/${supplierId}/deals`, { schema: SupplierDealList, signal }),
    enabled,
  });
}

export const PRODUCT_CARDS_PAGE_SIZE = 48;

export function useProductCards(supplierId: number, page: number) {
  return useQuery({
    queryKey: catalogueKeys.products(supplierId, page),
    queryFn: ({ signal }) =>
      api(`/api/catalogue/suppliers/${supplierId}/products`, {
        query: { page, pageSize: PRODUCT_CARDS_PAGE_SIZE },
        schema: ProductCardPage,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useProduct(id: number) {
  return useQuery({
    queryKey: catalogueKeys.product(id),
    queryFn: ({ signal }) => api(`/api/catalogue/products/${id}`, { schema: ProductDetail, signal }),
    enabled: id > 0,
  });
}

export function useSaveProduct() {
  const invalidate = useInvalidateCatalogue();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: ProductRequest }) =>
      id
        ? api(`/api/catalogue/products/${id}`, { method: 'PUT', body, schema: ProductSaved })
        : api(`/api/catalogue/suppliers/${body.suppliersMasterId}/products`, {
            method: 'POST',
            body,
            schema: ProductSaved,
          }),
    onSettled: invalidate,
  });
}

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api(`/api/catalogue/products/${id}`, { method: 'DELETE' }),
    // Everything but the deleted product itself, which the page still shows until it leaves.
    onSettled: (_result, _error, id) =>
      queryClient.invalidateQueries({
        queryKey: catalogueKeys.all,
        predicate: (query) => query.queryKey.join('/') !== catalogueKeys.product(id).join('/'),
      }),
  });
}

export function useProductMatches(supplierId: number, enabled: boolean) {
  return useQuery({
    queryKey: catalogueKeys.matches(supplierId),
    queryFn: ({ signal }) =>
      api(`/api/catalogue/suppliers/${supplierId}/product-matches`, { schema: ProductMatches, signal }),
    enabled,
  });
}

export function useSaveProductMatches(supplierId: number) {
  const invalidate = useInvalidateCatalogue();
  return useMutation({
    mutationFn: (body: ProductMatchRequest) =>
      api(`/api/catalogue/suppliers/${supplierId}/product-matches`, { method: 'PUT', body, schema: ProductMatches }),
    onSettled: invalidate,
  });
}
