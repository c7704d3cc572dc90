import {
  COMMISSION_PATHS,
  type CommissionImportRequest,
  CommissionImportStarted,
  CommissionImportStatus,
  CommissionRuns,
  CommissionStepStarted,
  PostImportComplete,
  PostImportStarted,
  PreviewExceptions,
  PreviewLines,
  PreviewTotals,
  StructureLevelsComplete,
} from '@portal/domain/commissions/calculation';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api';

// The calculation half of '/commissions' (decision 031): imports, post-import, structure levels,
// the agent and leader steps and the preview.

export const commissionCalcKeys = {
  all: ['commissions', 'calc'] as const,
  runs: ['commissions', 'calc', 'runs'] as const,
  import: (id: number | undefined) => ['commissions', 'calc', 'import', id] as const,
  job: (id: string | undefined) => ['commissions', 'calc', 'job', id] as const,
  postImport: ['commissions', 'calc', 'post-import'] as const,
  structure: ['commissions', 'calc', 'structure'] as const,
  preview: ['commissions', 'calc', 'preview'] as const,
  lines: (query: object) => ['commissions', 'calc', 'preview', 'lines', query] as const,
  exceptions: (page: number) => ['commissions', 'calc', 'preview', 'exceptions', page] as const,
  totals: ['commissions', 'calc', 'preview', 'totals'] as const,
};

export function useStartCommissionImport() {
  return useMutation({
    mutationFn: (body: CommissionImportRequest) =>
      api(COMMISSION_PATHS.importCommissions, { method: 'POST', body, schema: CommissionImportStarted }),
  });
}

/** The import's status, asked every second while it is queued or running. */
export function useCommissionImportStatus(id: number | undefined) {
  return useQuery({
    queryKey: commissionCalcKeys.import(id),
    queryFn: ({ signal }) => api(COMMISSION_PATHS.importStatus(id!), { schema: CommissionImportStatus, signal }),
    enabled: id !== undefined,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'completed' || status === 'failed' ? false : 1000;
    },
  });
}

export function useCommissionRuns() {
  return useQuery({
    queryKey: commissionCalcKeys.runs,
    queryFn: ({ signal }) => api(COMMISSION_PATHS.runs, { schema: CommissionRuns, signal }),
  });
}

const JobState = z.object({
  state: z.enum(['queued', 'running', 'completed', 'failed']),
  stage: z.string(),
  percent: z.number(),
  message: z.string().nullable(),
});

/** A step's job, asked every second until it ends. */
export function useJob(jobId: string | undefined) {
  return useQuery({
    queryKey: commissionCalcKeys.job(jobId),
    queryFn: ({ signal }) => api(`/api/jobs/${jobId}`, { schema: JobState, signal }),
    enabled: jobId !== undefined,
    refetchInterval: (query) => {
      const state = query.state.data?.state;
      return state === 'completed' || state === 'failed' ? false : 1000;
    },
  });
}

export function useRunPostImport() {
  return useMutation({
    mutationFn: () => api(COMMISSION_PATHS.runPostImport, { query: { supplier_id: 'all' }, schema: PostImportStarted }),
  });
}

/** Spec 3 §4.5, §9: post-import status polled every 5 seconds while it runs. */
export function usePostImportComplete(polling: boolean) {
  return useQuery({
    queryKey: commissionCalcKeys.postImport,
    queryFn: ({ signal }) => api(COMMISSION_PATHS.postImportComplete, { schema: PostImportComplete, signal }),
    enabled: polling,
    refetchInterval: (query) => (polling && !query.state.data?.complete ? 5000 : false),
  });
}

export function useUpdateStructureLevels() {
  return useMutation({
    mutationFn: (periodId: number) =>
      api(COMMISSION_PATHS.updateStructureLevels, {
        method: 'POST',
        body: { commissions_period: periodId },
        schema: PostImportStarted,
      }),
  });
}

/** Spec 3 §4.5, §9: structure levels completion polled every second while it runs. */
export function useStructureLevelsComplete(polling: boolean) {
  return useQuery({
    queryKey: commissionCalcKeys.structure,
    queryFn: ({ signal }) => api(COMMISSION_PATHS.structureLevelsComplete, { schema: StructureLevelsComplete, signal }),
    enabled: polling,
    refetchInterval: (query) => (polling && !query.state.data?.complete ? 1000 : false),
  });
}

export function useStartCalculation() {
  return useMutation({
    mutationFn: ({ step, periodId }: { step: 'agent' | 'leader'; periodId: number }) =>
      step === 'agent'
        ? api(COMMISSION_PATHS.agentCommissions, { query: { period: periodId }, schema: CommissionStepStarted })
        : api(COMMISSION_PATHS.leaderCommissions, {
            method: 'POST',
            body: { period: periodId },
            schema: CommissionStepStarted,
          }),
  });
}

export function useRefreshPreview() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: commissionCalcKeys.all });
}

export const PREVIEW_PAGE_SIZE = 25;

export interface LineFilter {
  page: number;
  role?: 'agent' | 'leader' | undefined;
  held?: 'true' | 'false' | undefined;
}

export function usePreviewLines(filter: LineFilter) {
  return useQuery({
    queryKey: commissionCalcKeys.lines(filter),
    queryFn: ({ signal }) =>
      api(COMMISSION_PATHS.previewLines, {
        query: { page: filter.page, pageSize: PREVIEW_PAGE_SIZE, role: filter.role, held: filter.held },
        schema: PreviewLines,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function usePreviewExceptions(page: number) {
  return useQuery({
    queryKey: commissionCalcKeys.exceptions(page),
    queryFn: ({ signal }) =>
      api(COMMISSION_PATHS.previewExceptions, {
        query: { page, pageSize: PREVIEW_PAGE_SIZE },
        schema: PreviewExceptions,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function usePreviewTotals() {
  return useQuery({
    queryKey: commissionCalcKeys.totals,
    queryFn: ({ signal }) =>
      api(COMMISSION_PATHS.previewTotals, { query: { limit: 15 }, schema: PreviewTotals, signal }),
  });
}
