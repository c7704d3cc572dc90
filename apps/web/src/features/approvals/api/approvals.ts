import {
  ApprovalActionResult,
  ApprovalDetail,
  ApprovalPage,
  MyRequestsPage,
  type ResubmitRequest,
} from '@portal/domain/approvals/approvals';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const approvalKeys = {
  all: ['approvals'] as const,
  list: (status: number, page: number, pageSize: number) => ['approvals', 'list', status, page, pageSize] as const,
  mine: (page: number, pageSize: number) => ['approvals', 'mine', page, pageSize] as const,
  detail: (id: number) => ['approvals', 'detail', id] as const,
};

/** The admin's Pending (1) or Declined (5) tab, one server page at a time. */
export function useApprovals(status: number, page: number, pageSize: number) {
  return useQuery({
    queryKey: approvalKeys.list(status, page, pageSize),
    queryFn: ({ signal }) => api('/api/approvals', { query: { status, page, pageSize }, schema: ApprovalPage, signal }),
    placeholderData: keepPreviousData,
  });
}

/** 'Your Pending Requests': the users the current user submitted. */
export function useMyRequests(page: number, pageSize: number) {
  return useQuery({
    queryKey: approvalKeys.mine(page, pageSize),
    queryFn: ({ signal }) => api('/api/approvals/mine', { query: { page, pageSize }, schema: MyRequestsPage, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useApproval(id: number) {
  return useQuery({
    queryKey: approvalKeys.detail(id),
    queryFn: ({ signal }) => api(`/api/approvals/${id}`, { schema: ApprovalDetail, signal }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

type Action = 'approve' | 'decline' | 'delete';

/** Approve, decline (with a reason) or delete a request; every approvals list reloads after. */
export function useApprovalAction(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, reason }: { action: Action; reason?: string }) =>
      api(`/api/approvals/${id}/${action}`, {
        method: 'POST',
        body: action === 'decline' ? { reason } : undefined,
        schema: ApprovalActionResult,
      }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: approvalKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['teams'] });
    },
  });
}

export function useResubmit(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: ResubmitRequest) =>
      api(`/api/approvals/${id}/resubmit`, { method: 'PUT', body: request, schema: ApprovalActionResult }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: approvalKeys.all }),
  });
}
