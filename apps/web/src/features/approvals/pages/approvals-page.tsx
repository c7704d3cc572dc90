import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { GridColDef } from '@mui/x-data-grid';
import { APPROVAL_TABS, type ApprovalListItem } from '@portal/domain/approvals/approvals';
import { displayPhone } from '@portal/domain/people/phone';
import { useMemo } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { ServerGrid, usePageModel } from '../../../components/server-grid';
import { errorMessage } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { approvalDetailPath } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useSignedInUser } from '../../../lib/use-signed-in-user';
import { useApprovals } from '../api/approvals';
import { PendingRequestsPage } from './pending-requests-page';

/** '/approvals': admins get the Pending and Declined tabs; anyone else their own requests. */
export function ApprovalsPage() {
  const user = useSignedInUser();
  return user.isAdmin ? <AdminApprovals /> : <PendingRequestsPage />;
}

function AdminApprovals() {
  useDocumentTitle('Approvals');
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'declined' ? 1 : 0;
  const status = APPROVAL_TABS[tab]!.status;
  const [pagination, setPagination] = usePageModel();
  const approvals = useApprovals(status, pagination.page + 1, pagination.pageSize);

  const columns = useMemo<GridColDef<ApprovalListItem>[]>(
    () => [
      {
        field: 'createdAt',
        headerName: 'Date',
        width: 190,
        sortable: false,
        renderCell: ({ row }) => (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, height: '100%' }}>
            {formatDateTime(row.resubmittedAt ?? row.createdAt).split(',')[0]}
            {row.resubmittedAt ? <Chip size="small" variant="outlined" label="Resubmitted" /> : null}
          </Box>
        ),
      },
      { field: 'firstName', headerName: 'Name', flex: 1, minWidth: 120, sortable: false },
      { field: 'surname', headerName: 'Surname', flex: 1, minWidth: 120, sortable: false },
      {
        field: 'phone',
        headerName: 'Phone',
        width: 130,
        sortable: false,
        valueFormatter: (value: string | null) => displayPhone(value),
      },
      {
        field: 'submittedBy',
        headerName: 'Submitted By',
        flex: 1.2,
        minWidth: 170,
        sortable: false,
        valueGetter: (_value, row) => `${row.submittedBy.zCode}: ${row.submittedBy.name}`,
      },
      {
        field: 'detail',
        headerName: 'Detail',
        width: 110,
        sortable: false,
        renderCell: ({ row }) => (
          <Button
            size="small"
            variant="outlined"
            component={RouterLink}
            to={approvalDetailPath(row.id)}
            aria-label={`View ${row.firstName} ${row.surname}`}
          >
            View
          </Button>
        ),
      },
    ],
    [],
  );

  return (
    <Box>
      <PageHeader
        title="Approvals"
        subtitle="New users who have verified their e-mail address and cellphone number wait here for a decision."
      />
      <Tabs
        value={tab}
        onChange={(_event, value: number) => {
          setParams(value === 1 ? { tab: 'declined' } : {}, { replace: true });
          setPagination((current) => ({ ...current, page: 0 }));
        }}
        sx={{ mb: 2 }}
      >
        {APPROVAL_TABS.map((entry) => (
          <Tab key={entry.status} label={entry.label} />
        ))}
      </Tabs>
      {approvals.isError ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorMessage(approvals.error)}
        </Alert>
      ) : null}
      <ServerGrid
        total={approvals.data?.total ?? 0}
        rows={approvals.data?.items ?? []}
        columns={columns}
        loading={approvals.isFetching}
        paginationModel={pagination}
        onPaginationModelChange={setPagination}
        localeText={{ noRowsLabel: tab === 0 ? 'No users are waiting for approval' : 'No declined requests' }}
      />
    </Box>
  );
}
