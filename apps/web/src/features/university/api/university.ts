import { type AttemptRequest, AttemptResult, Draw, ModuleDetail } from '@portal/domain/university/attempts';
import { type ModuleListQuery, ModulePage, UNIVERSITY_ROUTES } from '@portal/domain/university/catalogue';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

// The learner's university (spec 3 §2.3, §2.4; decision 028).

const modulePath = (route: string, id: number) => route.replace(':id', String(id));

export const universityKeys = {
  all: ['university'] as const,
  list: (query: ModuleListQuery) => ['university', 'list', query] as const,
  module: (id: number) => ['university', 'module', id] as const,
};

export function useModules(query: ModuleListQuery) {
  return useQuery({
    queryKey: universityKeys.list(query),
    queryFn: ({ signal }) => api(UNIVERSITY_ROUTES.modules, { query: { ...query }, schema: ModulePage, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useModule(id: number) {
  return useQuery({
    queryKey: universityKeys.module(id),
    queryFn: ({ signal }) => api(modulePath(UNIVERSITY_ROUTES.module, id), { schema: ModuleDetail, signal }),
    retry: false,
  });
}

/** A new draw from the server (each call replaces the last, so it is a mutation, not a cached read). */
export function useDraw(id: number) {
  return useMutation({
    mutationFn: (language: string) =>
      api(modulePath(UNIVERSITY_ROUTES.draws, id), { method: 'POST', body: { language }, schema: Draw }),
  });
}

export function useSubmitAttempt(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AttemptRequest) =>
      api(modulePath(UNIVERSITY_ROUTES.attempts, id), { method: 'POST', body, schema: AttemptResult }),
    // The list, the module's attempts and the signed-in user's status (waiting state) all move.
    onSuccess: () => client.invalidateQueries(),
  });
}
