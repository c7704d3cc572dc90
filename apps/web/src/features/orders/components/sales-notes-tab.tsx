import AddRoundedIcon from '@mui/icons-material/AddRounded';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import EditRoundedIcon from '@mui/icons-material/EditRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { SALES_NOTE_MESSAGES, SALES_NOTE_PAGE_SIZE, type SalesNote } from '@portal/domain/orders/sales-notes';
import { formatLongDate } from '@portal/domain/platform/format';
import { useSnackbar } from 'notistack';
import { useEffect, useMemo, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ServerGrid, usePageModel } from '../../../components/server-grid';
import { errorMessage } from '../../../lib/api';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { type NotesScope, useDeleteSalesNote, useSalesNotes } from '../api/sales-notes';
import { SalesNoteDialog } from './sales-note-dialog';

/** Spec 3 §9: grids other than deals and agent support are 600 px tall. */
const GRID_HEIGHT = 600;

interface SalesNotesTabProps {
  supplierId: number;
  /** own: the signed-in dealer's notes, who may log sales (the supplier page's tab); all: every dealer's (admins). */
  scope?: NotesScope;
}

/**
 * The Sales notes tab (spec 2 "Sales notes tab"): the 'Logged Sales' list for the supplier,
 * 50 a page, newest first; log, edit and remove a sale. With scope 'all' it is the admin's table
 * of every dealer's notes (spec 3 §2.14), edited and removed the same way.
 */
export function SalesNotesTab({ supplierId, scope = 'own' }: SalesNotesTabProps) {
  const isMobile = useIsMobile();
  const { enqueueSnackbar } = useSnackbar();
  const [pagination, setPagination] = usePageModel(SALES_NOTE_PAGE_SIZE);
  // biome-ignore lint/correctness/useExhaustiveDependencies: another supplier starts at the first page
  useEffect(() => setPagination((current) => ({ ...current, page: 0 })), [supplierId]);
  const notes = useSalesNotes(scope, { supplierId, page: pagination.page + 1, pageSize: pagination.pageSize });
  const remove = useDeleteSalesNote();
  const [dialog, setDialog] = useState<{ note?: SalesNote } | null>(null);
  const [deleting, setDeleting] = useState<SalesNote | null>(null);
  const supplier = notes.data?.supplier.id === supplierId ? notes.data.supplier : undefined;
  const referenceLabel = supplier?.referenceLabel || 'Reference Number';

  const columns = useMemo<GridColDef<SalesNote>[]>(() => {
    const fields: GridColDef<SalesNote>[] = [
      ...(scope === 'all'
        ? [
            {
              field: 'dealer',
              headerName: 'Dealer',
              minWidth: 160,
              flex: 1,
              sortable: false,
              valueFormatter: (value: SalesNote['dealer']) => `${value.code}: ${value.name}`,
            } satisfies GridColDef<SalesNote>,
          ]
        : []),
      { field: 'orderNumber', headerName: referenceLabel, minWidth: 140, flex: 1, sortable: false },
      {
        field: 'agentNote',
        headerName: 'Note',
        minWidth: 160,
        flex: 2,
        sortable: false,
        valueFormatter: (value: string | null) => value ?? '',
      },
      {
        field: 'createdAt',
        headerName: 'Logged On',
        width: 150,
        sortable: false,
        valueFormatter: (value: string) => formatLongDate(value),
      },
    ];
    const actions: GridColDef<SalesNote> = {
      field: 'actions',
      headerName: 'Actions',
      width: 96,
      sortable: false,
      renderCell: ({ row }) => (
        <Box sx={{ display: 'flex', alignItems: 'center', height: '100%' }}>
          <Tooltip title="Edit">
            <IconButton aria-label={`Edit ${row.orderNumber}`} onClick={() => setDialog({ note: row })}>
              <EditRoundedIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title="Remove">
            <IconButton aria-label={`Remove ${row.orderNumber}`} color="error" onClick={() => setDeleting(row)}>
              <DeleteOutlineRoundedIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </Box>
      ),
    };
    // On a phone the actions come first, where the thumb finds them without scrolling the grid.
    return isMobile ? [actions, ...fields] : [...fields, actions];
  }, [scope, referenceLabel, isMobile]);

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => enqueueSnackbar(SALES_NOTE_MESSAGES.deleted, { variant: 'success' }),
      onError: () => enqueueSnackbar(SALES_NOTE_MESSAGES.deleteFailed, { variant: 'error' }),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <Box>
      <Box
        sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, mb: 2, flexWrap: 'wrap' }}
      >
        <Typography variant="h5" component="h2">
          Logged Sales
        </Typography>
        {scope === 'own' ? (
          <Button
            variant="contained"
            startIcon={<AddRoundedIcon />}
            disabled={!supplier?.orderNotes}
            onClick={() => setDialog({})}
          >
            Log Sale
          </Button>
        ) : null}
      </Box>
      {notes.isError ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          Error loading the logged sales: {errorMessage(notes.error)}
        </Alert>
      ) : null}
      <ServerGrid
        aria-label="Logged Sales"
        total={notes.data?.total ?? 0}
        rows={notes.data?.items ?? []}
        columns={columns}
        loading={notes.isFetching}
        paginationModel={pagination}
        onPaginationModelChange={setPagination}
        pageSizeOptions={[SALES_NOTE_PAGE_SIZE]}
        columnVisibilityModel={isMobile ? { createdAt: false, dealer: scope === 'all' } : {}}
        localeText={{
          noRowsLabel:
            scope === 'own' ? 'No sales logged yet. Log your first sale.' : 'No sales logged for this supplier.',
        }}
        sx={{ height: GRID_HEIGHT, minHeight: GRID_HEIGHT }}
      />
      {supplier ? (
        <SalesNoteDialog
          open={dialog !== null}
          supplier={supplier}
          note={dialog?.note}
          onClose={() => setDialog(null)}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title="Remove log"
        text={SALES_NOTE_MESSAGES.confirmDelete}
        confirmLabel="Remove"
        danger
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </Box>
  );
}
