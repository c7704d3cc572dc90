import {
  type CreateSalesNoteRequest,
  SalesNote,
  SalesNotePage,
  type SalesNoteRequest,
  SalesNoteSupplierList,
} from '@portal/domain/orders/sales-notes';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** Whose notes: the signed-in dealer's own (the supplier page's tab), or every dealer's (admins). */
export type NotesScope = 'own' | 'all';

type Filter = { supplierId: number; page: number; pageSize: number };

export const salesNoteKeys = {
  all: ['sales-notes'] as const,
  page: (scope: NotesScope, filter: Filter) => ['sales-notes', scope, filter] as const,
  suppliers: ['sales-notes', 'suppliers'] as const,
};

export function useSalesNotes(scope: NotesScope, filter: Filter) {
  return useQuery({
    queryKey: salesNoteKeys.page(scope, filter),
    queryFn: ({ signal }) =>
      api(scope === 'all' ? '/api/sales-notes/all' : '/api/sales-notes', {
        query: { ...filter },
        schema: SalesNotePage,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** Suppliers that take notes (the admin page's picker). */
export function useSalesNoteSuppliers() {
  return useQuery({
    queryKey: salesNoteKeys.suppliers,
    queryFn: ({ signal }) => api('/api/sales-notes/suppliers', { schema: SalesNoteSupplierList, signal }),
    staleTime: 60_000,
  });
}

/** Logs a sale (no id) or saves an edited note. */
export function useSaveSalesNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, note }: { id?: number | undefined; note: CreateSalesNoteRequest | SalesNoteRequest }) =>
      id === undefined
        ? api('/api/sales-notes', { method: 'POST', body: note, schema: SalesNote })
        : api(`/api/sales-notes/${id}`, { method: 'PUT', body: note, schema: SalesNote }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: salesNoteKeys.all }),
  });
}

export function useDeleteSalesNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api(`/api/sales-notes/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: salesNoteKeys.all }),
  });
}
