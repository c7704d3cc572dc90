import {
  type AgentListImportRequest,
  AgentListImportStarted,
  AgentListImportStatus,
  AgentListReport,
  AgentListSupplierOptions,
  type AgentListView,
} from '@portal/domain/orders/agent-list-import';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const agentListKeys = {
  all: ['imports', 'sadv-agents'] as const,
  suppliers: ['imports', 'sadv-agents', 'suppliers'] as const,
  status: (id: number | undefined, page: number) => ['imports', 'sadv-agents', 'status', id, page] as const,
  report: (supplierId: number | undefined, view: AgentListView, page: number) =>
    ['imports', 'sadv-agents', 'report', supplierId, view, page] as const,
};

export function useAgentListSuppliers() {
  return useQuery({
    queryKey: agentListKeys.suppliers,
    queryFn: ({ signal }) => api('/api/imports/sadv-agents/suppliers', { schema: AgentListSupplierOptions, signal }),
  });
}

export function useStartAgentListImport() {
  return useMutation({
    mutationFn: (body: AgentListImportRequest) =>
      api('/api/imports/sadv-agents', { method: 'POST', body, schema: AgentListImportStarted }),
  });
}

const POLL_MS = 1000;

/** The import's status, asked every second while it is queued or running. */
export function useAgentListImportStatus(id: number | undefined, page: number) {
  return useQuery({
    queryKey: agentListKeys.status(id, page),
    queryFn: ({ signal }) =>
      api(`/api/imports/sadv-agents/${id}`, { query: { page, pageSize: 50 }, schema: AgentListImportStatus, signal }),
    enabled: id !== undefined,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'completed' || status === 'failed' ? false : POLL_MS;
    },
  });
}

export const AGENT_LIST_PAGE_SIZE = 25;

/** One page of one list of the supplier's stored agent list. */
export function useAgentListReport(supplierId: number | undefined, view: AgentListView, page: number) {
  return useQuery({
    queryKey: agentListKeys.report(supplierId, view, page),
    queryFn: ({ signal }) =>
      api(`/api/imports/sadv-agents/suppliers/${supplierId}/report`, {
        query: { view, page, pageSize: AGENT_LIST_PAGE_SIZE },
        schema: AgentListReport,
        signal,
      }),
    enabled: supplierId !== undefined,
    placeholderData: keepPreviousData,
  });
}

export function agentListExportHref(supplierId: number, view: AgentListView): string {
  return `/api/imports/sadv-agents/suppliers/${supplierId}/export?view=${view}`;
}
