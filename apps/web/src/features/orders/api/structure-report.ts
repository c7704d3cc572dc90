import { StructureReport, type StructureReportQuery } from '@portal/domain/orders/structure-report';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** One node of the structure report with its children (expanding a node asks for its own). */
export function useStructureReport(query: StructureReportQuery, enabled = true) {
  return useQuery({
    queryKey: ['structure-report', query],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ from: query.from, to: query.to });
      if (query.nodeId) params.set('nodeId', String(query.nodeId));
      if (query.rootId) params.set('rootId', String(query.rootId));
      if (query.supplierId) params.set('supplierId', String(query.supplierId));
      return api(`/api/orders/structure?${params}`, { schema: StructureReport, signal });
    },
    enabled,
    placeholderData: keepPreviousData,
  });
}
