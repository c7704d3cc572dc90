import { zodResolver } from '@hookform/resolvers/zod';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import PauseCircleOutlineRoundedIcon from '@mui/icons-material/PauseCircleOutlineRounded';
import VisibilityOffRoundedIcon from '@mui/icons-material/VisibilityOffRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  SUPPORT_STATUS_TYPES,
  type SupportStatus,
  type SupportStatusForm,
  SupportStatusRequest,
  type SupportStatusType,
  type TicketKind,
  TicketSlaRequest,
} from '@portal/domain/tickets/tickets';
import { useSnackbar } from 'notistack';
import { useEffect, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { BackButton } from '../../../components/back-button';
import { FormTextField } from '../../../components/form-fields';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { PageHeader } from '../../../components/page-header';
import { errorMessage } from '../../../lib/api';
import { paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import {
  useConsoleSuppliers,
  useDeactivateSupportStatus,
  useSaveSupportStatus,
  useSaveTicketSla,
  useSupportStatuses,
  useTicketSla,
} from '../api/helpdesk';
import type { SupplierOption } from '../components/console-filters';
import { KindTabs, useEditableKinds } from '../components/kind-tabs';
import {
  ActiveSwitch,
  ConfirmRemoval,
  type Editing,
  ReferenceDialog,
  ReferenceListItem,
  ReferenceListLoading,
  useSaveEntry,
} from '../components/reference-editing';

export const TYPE_LABEL: Record<SupportStatusType, string> = {
  category: 'Category',
  in_progress: 'In Progress Status',
  closed: 'Closed Status',
};

const EMPTY: SupportStatusForm = {
  statusType: 'in_progress',
  status: '',
  supplierId: null,
  pausesSla: false,
  isActive: true,
  sortOrder: 100,
};

function StatusDialog({
  kind,
  editing,
  suppliers,
  onClose,
}: {
  kind: TicketKind;
  editing: Editing<SupportStatus>;
  suppliers: readonly SupplierOption[];
  onClose: () => void;
}) {
  const save = useSaveSupportStatus(kind);
  const { control, handleSubmit, reset, setValue } = useForm<SupportStatusForm, unknown, SupportStatusRequest>({
    resolver: zodResolver(SupportStatusRequest),
    defaultValues: EMPTY,
  });
  useEffect(() => {
    if (!editing) return;
    reset(
      editing === 'new'
        ? EMPTY
        : {
            statusType: editing.statusType,
            status: editing.status,
            supplierId: editing.supplierId,
            pausesSla: editing.pausesSla,
            isActive: editing.isActive,
            sortOrder: editing.sortOrder,
          },
    );
  }, [editing, reset]);
  const statusType = useWatch({ control, name: 'statusType' });
  const isNew = editing === 'new';
  const saveEntry = useSaveEntry(
    save,
    editing,
    { added: 'Support status added', updated: 'Support status updated' },
    onClose,
  );
  return (
    <ReferenceDialog
      id="status-dialog-title"
      open={editing !== null}
      isNew={isNew}
      title={isNew ? 'Add Support Status' : 'Edit Support Status'}
      kind={kind}
      maxWidth="xs"
      saving={save.isPending}
      onSubmit={handleSubmit(saveEntry)}
      onClose={onClose}
    >
      <Controller
        control={control}
        name="statusType"
        render={({ field: { ref, ...field } }) => (
          <TextField
            {...field}
            inputRef={ref}
            select
            label="Type"
            onChange={(event) => {
              field.onChange(event.target.value);
              // Only an in-progress sub-status waits on the supplier.
              if (event.target.value !== 'in_progress') setValue('pausesSla', false);
            }}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            {SUPPORT_STATUS_TYPES.map((type) => (
              <option key={type} value={type}>
                {TYPE_LABEL[type]}
              </option>
            ))}
          </TextField>
        )}
      />
      <FormTextField control={control} name="status" label="Status" required />
      <Controller
        control={control}
        name="supplierId"
        render={({ field: { ref, value, onChange, ...field } }) => (
          <TextField
            {...field}
            inputRef={ref}
            select
            label="Supplier"
            value={value === null || value === undefined ? '' : String(value)}
            onChange={(event) => onChange(event.target.value === '' ? null : Number(event.target.value))}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            <option value="">All suppliers</option>
            {suppliers.map((supplier) => (
              <option key={supplier.id} value={String(supplier.id)}>
                {supplier.name}
              </option>
            ))}
          </TextField>
        )}
      />
      <Controller
        control={control}
        name="pausesSla"
        render={({ field }) => (
          <FormControlLabel
            control={
              <Switch
                checked={Boolean(field.value)}
                onChange={(event) => field.onChange(event.target.checked)}
                disabled={statusType !== 'in_progress'}
              />
            }
            label="Waiting on supplier (pauses the response clock)"
          />
        )}
      />
      <ActiveSwitch control={control} label="Active" />
      <Controller
        control={control}
        name="sortOrder"
        render={({ field: { ref, value, onChange, ...field }, fieldState }) => (
          <TextField
            {...field}
            inputRef={ref}
            type="number"
            label="Order in the list"
            value={value ?? ''}
            onChange={(event) => onChange(event.target.value === '' ? undefined : Number(event.target.value))}
            error={fieldState.invalid}
            helperText={fieldState.error?.message ?? 'Lower comes first'}
          />
        )}
      />
    </ReferenceDialog>
  );
}

/** Working hours in the form, working minutes on the server. */
function SlaCard({ kind }: { kind: TicketKind }) {
  const { enqueueSnackbar } = useSnackbar();
  const sla = useTicketSla(kind);
  const save = useSaveTicketSla(kind);
  const [first, setFirst] = useState('');
  const [resolution, setResolution] = useState('');
  useEffect(() => {
    if (!sla.data) return;
    setFirst(String(sla.data.firstResponseMinutes / 60));
    setResolution(String(sla.data.resolutionMinutes / 60));
  }, [sla.data]);
  const submit = () => {
    const parsed = TicketSlaRequest.safeParse({
      firstResponseMinutes: Math.round(Number(first) * 60),
      resolutionMinutes: Math.round(Number(resolution) * 60),
    });
    if (!parsed.success || !first || !resolution) {
      enqueueSnackbar('Please enter both targets in working hours.', { variant: 'error' });
      return;
    }
    save.mutate(parsed.data, {
      onSuccess: () => enqueueSnackbar('Response targets saved', { variant: 'success' }),
      onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error' }),
    });
  };
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 3 }} component="section" aria-labelledby="sla-title">
      <Typography id="sla-title" variant="h6" component="h2">
        Response targets
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        In working hours (Monday to Friday, 08:00 to 17:00). The clock stops while a ticket has a sub-status that waits
        on the supplier.
      </Typography>
      {sla.isError ? (
        <LoadErrorAlert error={sla.error} onRetry={() => void sla.refetch()} />
      ) : (
        <Box
          component="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: '200px 200px auto' },
            alignItems: 'start',
          }}
        >
          <TextField
            size="small"
            type="number"
            label="First response (hours)"
            value={first}
            onChange={(event) => setFirst(event.target.value)}
            disabled={sla.isPending}
            slotProps={{ htmlInput: { min: 0.25, step: 0.25 } }}
          />
          <TextField
            size="small"
            type="number"
            label="Resolution (hours)"
            value={resolution}
            onChange={(event) => setResolution(event.target.value)}
            disabled={sla.isPending}
            slotProps={{ htmlInput: { min: 0.25, step: 0.25 } }}
          />
          <Button type="submit" variant="outlined" loading={save.isPending} sx={{ justifySelf: 'start' }}>
            Save Targets
          </Button>
        </Box>
      )}
    </Paper>
  );
}

function StatusList({
  kind,
  onEdit,
  onDeactivate,
}: {
  kind: TicketKind;
  onEdit: (status: SupportStatus) => void;
  onDeactivate: (status: SupportStatus) => void;
}) {
  const statuses = useSupportStatuses(kind, { includeInactive: true });
  if (statuses.isError) return <LoadErrorAlert error={statuses.error} onRetry={() => void statuses.refetch()} />;
  if (statuses.isPending) {
    return <ReferenceListLoading label="Loading statuses" rowHeight={56} />;
  }
  const items = statuses.data.items;
  return (
    <>
      {SUPPORT_STATUS_TYPES.map((type) => {
        const ofType = items.filter((item) => item.statusType === type);
        if (type === 'category' && kind === 'sales_assist' && ofType.length === 0) return null;
        return (
          <Paper key={type} variant="outlined" component="section" aria-labelledby={`type-${type}`} sx={{ mb: 2 }}>
            <Typography id={`type-${type}`} variant="subtitle1" component="h2" sx={{ px: 2, pt: 1.5, fontWeight: 600 }}>
              {TYPE_LABEL[type]}
            </Typography>
            {ofType.length === 0 ? (
              <Typography color="text.secondary" sx={{ px: 2, py: 1.5 }}>
                None yet.
              </Typography>
            ) : (
              <List aria-label={TYPE_LABEL[type]} dense>
                {ofType.map((item) => (
                  <ReferenceListItem
                    key={item.id}
                    name={item.status}
                    isActive={item.isActive}
                    chips={
                      item.pausesSla ? (
                        <Chip
                          size="small"
                          color="warning"
                          variant="outlined"
                          icon={<PauseCircleOutlineRoundedIcon />}
                          label="Waiting on supplier"
                        />
                      ) : null
                    }
                    secondary={item.supplierName ?? 'All suppliers'}
                    onEdit={() => onEdit(item)}
                    removal={
                      item.isActive
                        ? {
                            label: 'Deactivate',
                            icon: <VisibilityOffRoundedIcon fontSize="small" />,
                            onClick: () => onDeactivate(item),
                          }
                        : null
                    }
                  />
                ))}
              </List>
            )}
          </Paper>
        );
      })}
    </>
  );
}

/** The support status reference (spec 3 §7.1 "Support statuses") and the response targets, per kind. */
export function SupportStatusesPage() {
  useDocumentTitle('Support Statuses');
  const { kinds, kind, setKind } = useEditableKinds();
  const suppliers = useConsoleSuppliers();
  const deactivate = useDeactivateSupportStatus(kind);
  const [editing, setEditing] = useState<Editing<SupportStatus>>(null);
  const [removing, setRemoving] = useState<SupportStatus | null>(null);
  return (
    <Box sx={{ maxWidth: 900 }}>
      <BackButton fallback={paths.adminSection} />
      <PageHeader
        title="Support Statuses"
        subtitle="Ticket categories and the sub-statuses the helpdesk chooses from, per supplier or for all"
        actions={
          <Button variant="contained" startIcon={<AddRoundedIcon />} onClick={() => setEditing('new')}>
            Add Status
          </Button>
        }
      />
      <KindTabs kinds={kinds} kind={kind} onChange={setKind} />
      <SlaCard key={`sla-${kind}`} kind={kind} />
      <StatusList kind={kind} onEdit={setEditing} onDeactivate={setRemoving} />
      <StatusDialog kind={kind} editing={editing} suppliers={suppliers.data ?? []} onClose={() => setEditing(null)} />
      <ConfirmRemoval
        entry={removing}
        title="Deactivate status"
        text={`Stop offering "${removing?.status ?? ''}"? Tickets that have it keep it.`}
        confirmLabel="Deactivate"
        done="Support status deactivated"
        remove={deactivate}
        onClose={() => setRemoving(null)}
      />
    </Box>
  );
}
