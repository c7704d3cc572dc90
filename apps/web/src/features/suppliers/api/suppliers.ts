import { DashboardSuppliers, SupplierPage } from '@portal/domain/suppliers/supplier-page';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const supplierKeys = {
  cards: ['suppliers', 'dashboard'] as const,
  page: (supplierId: number) => ['suppliers', 'page', supplierId] as const,
};

/** The dashboard's supplier cards (the server decides which are shown and which registered). */
export function useDashboardSuppliers() {
  return useQuery({
    queryKey: supplierKeys.cards,
    queryFn: ({ signal }) => api('/api/dashboard/suppliers', { schema: DashboardSuppliers, signal }),
    staleTime: 5 * 60_000,
  });
}

/** The supplier of '/Supplier/{id}': refused (403) when the viewer may not open it, 404 when unknown. */
export function useSupplierPage(supplierId: number) {
  return useQuery({
    queryKey: supplierKeys.page(supplierId),
    queryFn: ({ signal }) => api(`/api/suppliers/${supplierId}`, { schema: SupplierPage, signal }),
    enabled: Number.isInteger(supplierId) && supplierId > 0,
    retry: false,
  });
}
