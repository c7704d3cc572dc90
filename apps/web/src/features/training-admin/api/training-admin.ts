import {
  type ContentRequest,
  ModuleContent,
  type ModuleRequest,
  TrainingMarkPage,
  TrainingModule,
  TrainingModuleOptions,
  TrainingModulePage,
} from '@portal/domain/university/training-admin';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export type ModuleFilter = {
  status: 'active' | 'inactive';
  productTypeId: number | undefined;
  supplierId: number | undefined;
  page: number;
  pageSize: number;
};

export const trainingAdminKeys = {
  all: ['training-admin'] as const,
  modules: (filter: ModuleFilter) => ['training-admin', 'modules', filter] as const,
  options: ['training-admin', 'options'] as const,
  content: (id: number) => ['training-admin', 'content', id] as const,
  marks: (id: number, page: number) => ['training-admin', 'marks', id, page] as const,
};

export function useTrainingModules(filter: ModuleFilter) {
  return useQuery({
    queryKey: trainingAdminKeys.modules(filter),
    queryFn: ({ signal }) =>
      api('/api/training-modules', {
        query: {
          status: filter.status,
          productTypeId: filter.productTypeId,
          supplierId: filter.supplierId,
          page: filter.page,
          pageSize: filter.pageSize,
        },
        schema: TrainingModulePage,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useTrainingModuleOptions() {
  return useQuery({
    queryKey: trainingAdminKeys.options,
    queryFn: ({ signal }) => api('/api/training-modules/options', { schema: TrainingModuleOptions, signal }),
    staleTime: 5 * 60_000,
  });
}

/** Creates a module (no id) or saves an edited one. */
export function useSaveModule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, module }: { id?: number | undefined; module: ModuleRequest }) =>
      id === undefined
        ? api('/api/training-modules', { method: 'POST', body: module, schema: TrainingModule })
        : api(`/api/training-modules/${id}`, { method: 'PUT', body: module, schema: TrainingModule }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: trainingAdminKeys.all }),
  });
}

export function useDeleteModule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api(`/api/training-modules/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: trainingAdminKeys.all }),
  });
}

export function useModuleContent(id: number) {
  return useQuery({
    queryKey: trainingAdminKeys.content(id),
    queryFn: ({ signal }) => api(`/api/training-modules/${id}/content`, { schema: ModuleContent, signal }),
    // The editor holds unsaved changes: never replace them behind the admin's back.
    refetchOnWindowFocus: false,
  });
}

export function useSaveContent(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: ContentRequest) =>
      api(`/api/training-modules/${id}/content`, { method: 'PUT', body: content, schema: ModuleContent }),
    onSuccess: (saved) => {
      queryClient.setQueryData(trainingAdminKeys.content(id), saved);
      void queryClient.invalidateQueries({ queryKey: ['training-admin', 'modules'] });
    },
  });
}

export function useModuleMarks(moduleId: number, page: number) {
  return useQuery({
    queryKey: trainingAdminKeys.marks(moduleId, page),
    queryFn: ({ signal }) =>
      api('/api/training-marks', { query: { moduleId, page: page + 1 }, schema: TrainingMarkPage, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useMarkAttemptFailed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ attemptId, reason }: { attemptId: number; reason: string }) =>
      api(`/api/training-marks/${attemptId}/fail`, { method: 'POST', body: { reason } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['training-admin', 'marks'] }),
  });
}
