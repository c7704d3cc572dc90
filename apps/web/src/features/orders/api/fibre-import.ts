import { ProductTypeList } from '@portal/domain/catalogue/product-types';
import {
  type FibreImportRequest,
  FibreImportStarted,
  FibreImportStatus,
  FibreSupplierOptions,
} from '@portal/domain/orders/fibre-import';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const fibreImportKeys = {
  productTypes: ['imports', 'fibre', 'product-types'] as const,
  suppliers: (productTypeId: number | undefined) => ['imports', 'fibre', 'suppliers', productTypeId] as const,
  status: (id: number | undefined, page: number) => ['imports', 'fibre', 'status', id, page] as const,
};

/** The product types to choose from (the catalogue's list; every admin reads it). */
export function useImportProductTypes() {
  return useQuery({
    queryKey: fibreImportKeys.productTypes,
    queryFn: ({ signal }) => api('/api/catalogue/product-types', { schema: ProductTypeList, signal }),
  });
}

/** Suppliers linked to the product type (spec 3 §2.10); nothing asked before a type is chosen. */
export function useFibreSuppliers(productTypeId: number | undefined) {
  return useQuery({
    queryKey: fibreImportKeys.suppliers(productTypeId),
    queryFn: ({ signal }) =>
      api('/api/imports/fibre-activity/suppliers', {
        query: { productTypeId },
        schema: FibreSupplierOptions,
        signal,
      }),
    enabled: productTypeId !== undefined,
  });
}

export function useStartFibreImport() {
  return useMutation({
    mutationFn: (body: FibreImportRequest) =>
      api('/api/imports/fibre-activity', { method: 'POST', body, schema: FibreImportStarted }),
  });
}

export const FIBRE_POLL_MS = 1000;

/** The import's status, asked every second while it is queued or running. */
export function useFibreImportStatus(id: number | undefined, page: number) {
  return useQuery({
    queryKey: fibreImportKeys.status(id, page),
    queryFn: ({ signal }) =>
      api(`/api/imports/fibre-activity/${id}`, { query: { page, pageSize: 50 }, schema: FibreImportStatus, signal }),
    enabled: id !== undefined,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'completed' || status === 'failed' ? false : FIBRE_POLL_MS;
    },
  });
}
