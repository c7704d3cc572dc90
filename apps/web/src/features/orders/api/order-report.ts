import {
  OrderReport,
  type OrderReportQuery,
  ReportAgents,
  type ReportAgentsQuery,
} from '@portal/domain/orders/order-report';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, withQuery } from '../../../lib/api';

export type OrderReportRequest = Omit<OrderReportQuery, 'limit'>;

const queryOf = (request: Omit<OrderReportRequest, 'page'>) => ({
  supplierId: request.supplierId,
  report: request.report,
  userId: request.userId,
  from: request.from,
  to: request.to,
  search: request.search,
});

/** One page of a dealer's order report with the range's tiles; the last page stays while the next loads. */
export function useOrderReport(request: OrderReportRequest) {
  return useQuery({
    queryKey: ['order-report', request],
    queryFn: ({ signal }) =>
      api('/api/orders/report', { query: { ...queryOf(request), page: request.page }, schema: OrderReport, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The address of the 'Agent Report' file (the server streams it; the browser downloads it). */
export const agentReportHref = (request: Omit<OrderReportRequest, 'page'>): string =>
  withQuery('/api/orders/report/export', queryOf(request));

/** 'Select Downstream Agent' options, searched on the server. */
export function useReportAgents(query: ReportAgentsQuery, enabled: boolean) {
  return useQuery({
    queryKey: ['order-report', 'agents', query],
    queryFn: ({ signal }) => api('/api/orders/report/agents', { query: { ...query }, schema: ReportAgents, signal }),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
