import {
  type CreateLinkRequest,
  LinkAddress,
  type LinkRequest,
  SupplierLink,
  SupplierLinkPage,
} from '@portal/domain/links/supplier-links';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../../lib/api';
import { RECONNECTED, subscribeToLiveEvents } from '../../../lib/live-events';

type Filter = { supplierId: number; search: string; page: number; pageSize: number };

export const linkKeys = {
  all: ['supplier-links'] as const,
  page: (filter: Filter) => ['supplier-links', 'page', filter] as const,
  address: (id: number) => ['supplier-links', 'address', id] as const,
};

/** A page of the supplier's active links, searched by name. */
export function useSupplierLinks(filter: Filter) {
  return useQuery({
    queryKey: linkKeys.page(filter),
    queryFn: ({ signal }) =>
      api('/api/supplier-links', {
        query: {
          supplierId: filter.supplierId,
          page: filter.page,
          pageSize: filter.pageSize,
          search: filter.search || undefined,
        },
        schema: SupplierLinkPage,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** The link built for the signed-in dealer, to share (no click counted). */
export function useLinkAddress(id: number | undefined) {
  return useQuery({
    queryKey: linkKeys.address(id ?? 0),
    queryFn: ({ signal }) => api(`/api/supplier-links/${id}/address`, { schema: LinkAddress, signal }),
    enabled: id !== undefined,
  });
}

/** Adds a link (no id) or saves an edited one. */
export function useSaveLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, link }: { id?: number | undefined; link: CreateLinkRequest | LinkRequest }) =>
      id === undefined
        ? api('/api/supplier-links', { method: 'POST', body: link, schema: SupplierLink })
        : api(`/api/supplier-links/${id}`, { method: 'PUT', body: link, schema: SupplierLink }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: linkKeys.all }),
  });
}

export function useDeleteLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api(`/api/supplier-links/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: linkKeys.all }),
  });
}

/** Opens a link: the server counts the click and builds the address; the list then shows the new count. */
export function useOpenLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api(`/api/supplier-links/${id}/open`, { method: 'POST', schema: LinkAddress }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: linkKeys.all }),
  });
}

/** Reads the supplier's links again when an admin changes them elsewhere (or the stream was lost). */
export function useLiveSupplierLinks(supplierId: number) {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      subscribeToLiveEvents((event) => {
        const changed =
          event.type === 'supplier-links.changed' &&
          (event.data as { supplierId?: unknown } | undefined)?.supplierId === supplierId;
        if (changed || event.type === RECONNECTED) void queryClient.invalidateQueries({ queryKey: linkKeys.all });
      }),
    [queryClient, supplierId],
  );
}
