import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import type { GridColDef } from '@mui/x-data-grid';
import { MARKS_PAGE_SIZE, TRAINING_ADMIN_MESSAGES, type TrainingMark } from '@portal/domain/university/training-admin';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useParams } from 'react-router';
import { BackButton } from '../../../components/back-button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { PageHeader } from '../../../components/page-header';
import { ServerGrid } from '../../../components/server-grid';
import { errorMessage } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useMarkAttemptFailed, useModuleMarks } from '../api/training-admin';

/** '/training-marks/{id}/{name}' (spec 3 §2.7): the module's attempts, 10 a page, with 'mark as failed'. */
export function TrainingMarksPage() {
  const params = useParams();
  const moduleId = Number(params.moduleId);
  const [page, setPage] = useState(0);
  const marks = useModuleMarks(moduleId, page);
  const fail = useMarkAttemptFailed();
  const { enqueueSnackbar } = useSnackbar();
  const [confirming, setConfirming] = useState<TrainingMark | null>(null);
  const isMobile = useIsMobile();
  const moduleName = marks.data?.moduleName ?? decodeURIComponent(params.moduleName ?? '');
  useDocumentTitle(`Marks · ${moduleName}`);

  const columns: GridColDef<TrainingMark>[] = [
    { field: 'userCode', headerName: 'User Code', width: 110, sortable: false },
    { field: 'userName', headerName: 'User Name', flex: 1, minWidth: isMobile ? 110 : 160, sortable: false },
    {
      field: 'pass',
      headerName: 'Result',
      width: isMobile ? 120 : 110,
      sortable: false,
      renderCell: ({ row }) => (
        <Chip
          size="small"
          color={row.pass ? 'success' : 'default'}
          label={`${row.pass ? 'Passed' : 'Failed'}${isMobile ? ` · ${Math.round(row.percentage)}%` : ''}`}
        />
      ),
    },
    {
      field: 'percentage',
      headerName: 'Percentage',
      width: 120,
      sortable: false,
      valueFormatter: (value: number) => `${Math.round(value)}%`,
    },
    {
      field: 'createdAt',
      headerName: 'Timestamp',
      width: 180,
      sortable: false,
      valueFormatter: (value: string) => formatDateTime(value),
    },
    {
      field: 'actions',
      headerName: '',
      width: isMobile ? 130 : 160,
      sortable: false,
      renderCell: ({ row }) => (
        <Button size="small" color="error" disabled={!row.pass} onClick={() => setConfirming(row)}>
          Mark as Failed
        </Button>
      ),
    },
  ];

  const confirm = () => {
    if (!confirming) return;
    fail.mutate(confirming.id, {
      onSuccess: () =>
        enqueueSnackbar(TRAINING_ADMIN_MESSAGES.markedFailed, { variant: 'success', autoHideDuration: 3000 }),
      onError: (error) =>
        enqueueSnackbar(errorMessage(error) || TRAINING_ADMIN_MESSAGES.markedFailedFailed, {
          variant: 'error',
          autoHideDuration: 3000,
        }),
      onSettled: () => setConfirming(null),
    });
  };

  return (
    <Box>
      <BackButton fallback={paths.trainingModules} />
      <PageHeader title={`Marks: ${moduleName}`} subtitle="Attempts at this module, newest first" />
      {marks.error ? <LoadErrorAlert error={marks.error} onRetry={() => void marks.refetch()} /> : null}
      <ServerGrid<TrainingMark>
        rows={marks.data?.items ?? []}
        total={marks.data?.total ?? 0}
        columns={columns}
        loading={marks.isFetching}
        paginationModel={{ page, pageSize: MARKS_PAGE_SIZE }}
        onPaginationModelChange={(model) => setPage(model.page)}
        pageSizeOptions={[MARKS_PAGE_SIZE]}
        localeText={{ noRowsLabel: 'No attempts yet.' }}
        // On a phone the name, result and action fit the screen; code, percentage and time make room.
        columnVisibilityModel={isMobile ? { userCode: false, percentage: false, createdAt: false } : {}}
        aria-label="Attempts"
      />
      <ConfirmDialog
        open={confirming !== null}
        title="Mark as failed?"
        text={`${confirming?.userName ?? ''} (${confirming?.userCode ?? ''}) will have to take '${moduleName}' again.`}
        confirmLabel="Mark as Failed"
        danger
        loading={fail.isPending}
        onConfirm={confirm}
        onClose={() => setConfirming(null)}
      />
    </Box>
  );
}
