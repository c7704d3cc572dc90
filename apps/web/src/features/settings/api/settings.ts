import {
  Banner,
  CurrentBanner,
  type NewServiceRequest,
  Service,
  ServiceList,
  StructureLevelList,
} from '@portal/domain/settings/settings';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const settingsKeys = {
  levels: ['settings', 'levels'] as const,
  services: ['settings', 'services'] as const,
  banner: ['settings', 'banner'] as const,
  dashboardBanner: ['dashboard', 'banner'] as const,
};

export function useStructureLevels() {
  return useQuery({
    queryKey: settingsKeys.levels,
    queryFn: ({ signal }) => api('/api/settings/levels', { schema: StructureLevelList, signal }),
    staleTime: 5 * 60_000,
  });
}

export function useServices() {
  return useQuery({
    queryKey: settingsKeys.services,
    queryFn: ({ signal }) => api('/api/settings/services', { schema: ServiceList, signal }),
  });
}

export function useAddService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewServiceRequest) => api('/api/settings/services', { method: 'POST', body, schema: Service }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.services }),
  });
}

export function useRemoveService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api(`/api/settings/services/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.services }),
  });
}

export function useCurrentBanner() {
  return useQuery({
    queryKey: settingsKeys.banner,
    queryFn: ({ signal }) => api('/api/settings/banner', { schema: CurrentBanner, signal }),
  });
}

/** The banner every dealer sees on the dashboard. */
export function useDashboardBanner() {
  return useQuery({
    queryKey: settingsKeys.dashboardBanner,
    queryFn: ({ signal }) => api('/api/dashboard/banner', { schema: CurrentBanner, signal }),
    staleTime: 5 * 60_000,
  });
}

/** The uploaded image (its `/api/files/{id}` address) becomes the dashboard banner. */
export function useAddBanner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fileAddress: string) =>
      api('/api/settings/banner', {
        method: 'POST',
        body: { fileId: fileAddress.replace(/^\/api\/files\//, '') },
        schema: Banner,
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: settingsKeys.banner }),
        queryClient.invalidateQueries({ queryKey: settingsKeys.dashboardBanner }),
      ]),
  });
}
