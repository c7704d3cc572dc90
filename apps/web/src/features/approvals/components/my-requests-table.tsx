import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { GridColDef } from '@mui/x-data-grid';
import type { MyRequestItem } from '@portal/domain/approvals/approvals';
import { displayPhone } from '@portal/domain/people/phone';
import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import { ServerGrid, usePageModel } from '../../../components/server-grid';
import { errorMessage } from '../../../lib/api';
import { approvalDetailPath } from '../../../lib/paths';
import { useMyRequests } from '../api/approvals';
import { RequestStatusChip } from './request-status-chip';

/** 'Your Pending Requests' (spec 1 §2.11a): Status, Resubmit, Name, Surname, Phone. */
export function MyRequestsTable() {
  const [pagination, setPagination] = usePageModel();
  const requests = useMyRequests(pagination.page + 1, pagination.pageSize);
  const columns = useMemo<GridColDef<MyRequestItem>[]>(
    () => [
      {
        field: 'status',
        headerName: 'Status',
        width: 120,
        sortable: false,
        renderCell: ({ row }) => <RequestStatusChip status={row.status} />,
      },
      {
        field: 'resubmit',
        headerName: 'Resubmit',
        width: 130,
        sortable: false,
        renderCell: ({ row }) =>
          row.status === 5 ? (
            <Button size="small" variant="outlined" component={RouterLink} to={approvalDetailPath(row.id)}>
              Resubmit
            </Button>
          ) : row.status === 1 ? (
            <Button size="small" component={RouterLink} to={approvalDetailPath(row.id)}>
              View
            </Button>
          ) : null,
      },
      { field: 'firstName', headerName: 'Name', flex: 1, minWidth: 130, sortable: false },
      { field: 'surname', headerName: 'Surname', flex: 1, minWidth: 130, sortable: false },
      {
        field: 'phone',
        headerName: 'Phone',
        width: 140,
        sortable: false,
        valueFormatter: (value: string | null) => displayPhone(value),
      },
      {
        field: 'declineReason',
        headerName: 'Decline reason',
        flex: 1.5,
        minWidth: 180,
        sortable: false,
        valueGetter: (_value, row) => (row.status === 5 ? row.declineReason : ''),
      },
    ],
    [],
  );
  return (
    <>
      {requests.isError ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorMessage(requests.error)}
        </Alert>
      ) : null}
      <ServerGrid
        total={requests.data?.total ?? 0}
        rows={requests.data?.items ?? []}
        columns={columns}
        loading={requests.isFetching}
        paginationModel={pagination}
        onPaginationModelChange={setPagination}
        localeText={{ noRowsLabel: 'No requests yet' }}
      />
    </>
  );
}
