import {
  type BankingExportRequest,
  ClosureSummary,
  CommissionFreezeStatus,
  CommissionPeriod,
  CurrentCommissionPeriod,
  CycleStepStarted,
  LineReversed,
  type OpenNextPeriod,
  PeriodLines,
  type ReverseLineRequest,
  SalesReport,
  ToggleCommissionFreezeResult,
} from '@portal/domain/commissions/cycle';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { z } from 'zod';
import { api } from '../../../lib/api';
import { subscribeToLiveEvents } from '../../../lib/live-events';

export const commissionKeys = {
  all: ['commissions'] as const,
  freeze: ['commissions', 'freeze'] as const,
  period: ['commissions', 'period'] as const,
  summary: (period: number | undefined) => ['commissions', 'summary', period] as const,
  sales: (period: number | undefined) => ['commissions', 'sales', period] as const,
  periodLines: (period: number, order: string) => ['commissions', 'period-lines', period, order] as const,
};

export function useFreezeStatus() {
  return useQuery({
    queryKey: commissionKeys.freeze,
    queryFn: ({ signal }) =>
      api('/api/commissions/commission-freeze-status', { schema: CommissionFreezeStatus, signal }),
  });
}

export function useToggleFreeze() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (updateFreeze: boolean) =>
      api('/api/commissions/toggle-commission-freeze', {
        method: 'POST',
        body: { updateFreeze },
        schema: ToggleCommissionFreezeResult,
      }),
    onSuccess: (result) => queryClient.setQueryData(commissionKeys.freeze, { updateFreeze: result.updateFreeze }),
  });
}

export function useCurrentPeriod() {
  return useQuery({
    queryKey: commissionKeys.period,
    queryFn: ({ signal }) => api('/api/commissions/current-period', { schema: CurrentCommissionPeriod, signal }),
  });
}

export function useOpenNextPeriod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OpenNextPeriod) =>
      api('/api/commissions/periods', { method: 'POST', body, schema: CommissionPeriod }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: commissionKeys.all }),
  });
}

export function useClosureSummary(period: number | undefined) {
  return useQuery({
    queryKey: commissionKeys.summary(period),
    queryFn: ({ signal }) =>
      api('/api/commissions/closure-summary', { query: { period }, schema: ClosureSummary, signal }),
    enabled: period !== undefined,
  });
}

export function useSalesReport(period: number | undefined) {
  return useQuery({
    queryKey: commissionKeys.sales(period),
    queryFn: ({ signal }) => api('/api/commissions/sales-report', { query: { period }, schema: SalesReport, signal }),
    enabled: period !== undefined,
  });
}

export function useStartStamping() {
  return useMutation({
    mutationFn: (period: number) =>
      api('/api/commissions/commissions-period-stamping', {
        method: 'POST',
        query: { period },
        schema: CycleStepStarted,
      }),
  });
}

export function useClosePeriod() {
  return useMutation({
    mutationFn: (input: { period: number; password: string }) =>
      api('/api/commissions/close-commissions-period', {
        method: 'POST',
        query: { period: input.period },
        body: { password: input.password },
        schema: CycleStepStarted,
      }),
  });
}

/** A closed period's lines of one order, to choose the one to reverse (decision 035). */
export function usePeriodLines(period: number, order: string) {
  return useQuery({
    queryKey: commissionKeys.periodLines(period, order),
    queryFn: ({ signal }) =>
      api('/api/commissions/period-lines', { query: { period, order }, schema: PeriodLines, signal }),
    enabled: order !== '',
  });
}

export function useReverseLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReverseLineRequest) =>
      api('/api/commissions/reverse-line', { method: 'POST', body, schema: LineReversed }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: commissionKeys.all }),
  });
}

/** The payout file as text (the server streams it; the password goes in the body, never the URL). */
export function fetchBankingExport(input: BankingExportRequest): Promise<string> {
  return api<string>('/api/commissions/export-banking-details', { method: 'POST', body: input, timeoutMs: 300_000 });
}

const JobRow = z.object({
  state: z.enum(['queued', 'running', 'completed', 'failed']),
  stage: z.string(),
  percent: z.number(),
  message: z.string().nullable(),
});
export type JobRow = z.infer<typeof JobRow>;

/**
 * A job's progress: live over the page's event stream, and read again every 2 s while it runs in
 * case the stream is down (spec 3 §4.5 polls; the stream makes it immediate).
 */
export function useJobProgress(jobId: string | undefined) {
  const queryClient = useQueryClient();
  const [live, setLive] = useState<JobRow | undefined>();
  const query = useQuery({
    queryKey: ['jobs', jobId],
    queryFn: ({ signal }) => api(`/api/jobs/${jobId}`, { schema: JobRow, signal }),
    enabled: jobId !== undefined,
    refetchInterval: (current) => {
      const state = current.state.data?.state;
      return state === 'completed' || state === 'failed' ? false : 2000;
    },
  });
  useEffect(() => {
    setLive(undefined);
    if (!jobId) return;
    return subscribeToLiveEvents((event) => {
      if (event.type !== 'job.progress') return;
      const parsed = JobRow.extend({ jobId: z.string() }).safeParse(event.data);
      if (!parsed.success || parsed.data.jobId !== jobId) return;
      setLive(parsed.data);
      if (parsed.data.state === 'completed' || parsed.data.state === 'failed') {
        void queryClient.invalidateQueries({ queryKey: ['jobs', jobId] });
      }
    });
  }, [jobId, queryClient]);
  const polled = query.data;
  // The later of the two: a finished poll wins over a stale live event, and the reverse.
  if (polled && (polled.state === 'completed' || polled.state === 'failed')) return polled;
  return live ?? polled;
}

/** Hands text to the browser as a file download. */
export function downloadText(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A CSV holds data when it has a row after its header. */
export function csvHasRows(csv: string): boolean {
  return (
    csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n').length > 1
  );
}
