import { type BulkStatusRequest, BulkStatusResult } from '@portal/domain/teams/bulk-status';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { teamKeys } from './team-lists';

export function bulkChangeStatus(request: BulkStatusRequest): Promise<BulkStatusResult> {
  return api('/api/teams/bulk-status', { method: 'POST', body: request, schema: BulkStatusResult });
}

/** Mark As Inactive / Reactivate User for the selected rows; every team list is read again after. */
export function useBulkStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkChangeStatus,
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  });
}
