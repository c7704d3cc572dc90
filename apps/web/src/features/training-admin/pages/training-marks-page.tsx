import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import type { GridColDef } from '@mui/x-data-grid';
import {
  MARK_FAILED_REASON_MAX,
  MARKS_PAGE_SIZE,
  MarkFailedRequest,
  TRAINING_ADMIN_MESSAGES,
  type TrainingMark,
} from '@portal/domain/university/training-admin';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useParams } from 'react-router';
import { BackButton } from '../../../components/back-button';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { PageHeader } from '../../../components/page-header';
import { ServerGrid } from '../../../components/server-grid';
import { errorMessage } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useSignedInUser } from '../../../lib/use-signed-in-user';
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
  // Decision 068: a reason is required; it is kept in the audit and sent to the learner.
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const me = useSignedInUser();
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
        <Button
          size="small"
          color="error"
          // Nobody changes their own marks (decision 068).
          disabled={!row.pass || row.userId === me.id}
          onClick={() => {
            setReason('');
            setReasonError(null);
            setConfirming(row);
          }}
        >
          Mark as Failed
        </Button>
      ),
    },
  ];

  const confirm = () => {
    if (!confirming) return;
    const parsed = MarkFailedRequest.safeParse({ reason });
    if (!parsed.success) {
      setReasonError(parsed.error.issues[0]?.message ?? TRAINING_ADMIN_MESSAGES.reasonRequired);
      return;
    }
    fail.mutate(
      { attemptId: confirming.id, reason: parsed.data.reason },
      {
        onSuccess: () =>
          enqueueSnackbar(TRAINING_ADMIN_MESSAGES.markedFailed, { variant: 'success', autoHideDuration: 3000 }),
        onError: (error) =>
          enqueueSnackbar(errorMessage(error) || TRAINING_ADMIN_MESSAGES.markedFailedFailed, {
            variant: 'error',
            autoHideDuration: 3000,
          }),
        onSettled: () => setConfirming(null),
      },
    );
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
      <Dialog
        open={confirming !== null}
        onClose={fail.isPending ? undefined : () => setConfirming(null)}
        aria-labelledby="mark-failed-title"
        maxWidth="xs"
        fullWidth
      >
        <DialogTitle id="mark-failed-title">Mark as failed?</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {`${confirming?.userName ?? ''} (${confirming?.userCode ?? ''}) will have to take '${moduleName}' again. They are told, with your reason.`}
          </DialogContentText>
          <TextField
            label="Reason"
            multiline
            minRows={2}
            fullWidth
            required
            autoFocus
            value={reason}
            onChange={(event) => {
              setReason(event.target.value);
              setReasonError(null);
            }}
            slotProps={{ htmlInput: { maxLength: MARK_FAILED_REASON_MAX } }}
            error={Boolean(reasonError)}
            helperText={reasonError ?? `${reason.length}/${MARK_FAILED_REASON_MAX}`}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={() => setConfirming(null)} disabled={fail.isPending}>
            Cancel
          </Button>
          <Button variant="contained" color="error" loading={fail.isPending} onClick={confirm}>
            Mark as Failed
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
