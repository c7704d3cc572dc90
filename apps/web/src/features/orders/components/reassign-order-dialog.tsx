import { zodResolver } from '@hookform/resolvers/zod';
import SearchRoundedIcon from '@mui/icons-material/SearchRounded';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  FindOrderQuery,
  ORDER_OVERRIDE_MESSAGES,
  type OverrideDealer,
  type OverrideOrder,
} from '@portal/domain/orders/order-override';
import { formatLongDate } from '@portal/domain/platform/format';
import { useSnackbar } from 'notistack';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { errorMessage, isApiError } from '../../../lib/api';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useFindOrder, useOverrideDealers, useReassignOrder } from '../api/order-override';

const FindOrderForm = FindOrderQuery.pick({ orderNumber: true });
type FindOrderForm = z.input<typeof FindOrderForm>;

const dealerLabel = (dealer: OverrideDealer) => `${dealer.code}: ${dealer.name}`;

/** The order a reassignment starts from: a row of the grid, or none (Find Order first). */
export interface OrderToReassign {
  id: number;
  orderNumber: string;
  customerName: string | null;
  createdDate: string;
  currentDealer: OverrideDealer | null;
  isCommissionPaid: boolean;
}

interface ReassignOrderDialogProps {
  open: boolean;
  supplierId: number;
  supplierName: string;
  /** The order from the grid; without it the dialog is 'Find Order'. */
  order?: OrderToReassign | undefined;
  onClose: () => void;
}

/**
 * Find Order and reassignment (spec 3 §2.13, §4.4, §5.3): find one order of the supplier by its
 * number, then pick an active dealer linked to the supplier (searched on the server). A paid
 * commission blocks it ('Commission has already been paid'); success toasts 'Order Updated Successfully'.
 */
export function ReassignOrderDialog({ open, supplierId, supplierName, order, onClose }: ReassignOrderDialogProps) {
  const isMobile = useIsMobile();
  const { enqueueSnackbar } = useSnackbar();
  const [asked, setAsked] = useState('');
  const found = useFindOrder(order ? null : supplierId, asked);
  const [dealer, setDealer] = useState<OverrideDealer | null>(null);
  const [input, setInput] = useState('');
  const search = useDebouncedValue(input.trim(), 300);
  const reassign = useReassignOrder();
  const { register, handleSubmit, reset, formState } = useForm<FindOrderForm, unknown, { orderNumber: string }>({
    resolver: zodResolver(FindOrderForm),
    defaultValues: { orderNumber: '' },
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: a newly opened dialog starts empty
  useEffect(() => {
    if (!open) return;
    setAsked('');
    setDealer(null);
    setInput('');
    reset({ orderNumber: '' });
    reassign.reset();
  }, [open, reset]);

  const target: OrderToReassign | undefined = order ?? (found.data ? foundToTarget(found.data) : undefined);
  const dealers = useOverrideDealers(supplierId, dealer ? '' : search, open && target !== undefined);
  const notFound = !order && found.isError;

  const find = handleSubmit((values) => {
    setDealer(null);
    setAsked(values.orderNumber);
  });

  const submit = () => {
    if (!target || !dealer) return;
    reassign.mutate(
      { orderId: target.id, dealerId: dealer.id },
      {
        onSuccess: () => {
          enqueueSnackbar(ORDER_OVERRIDE_MESSAGES.updated, { variant: 'success' });
          onClose();
        },
        onError: (error) => {
          const paid = isApiError(error) && error.code === 'COMMISSION_ALREADY_PAID';
          enqueueSnackbar(paid ? ORDER_OVERRIDE_MESSAGES.commissionPaid : ORDER_OVERRIDE_MESSAGES.failed, {
            variant: 'error',
          });
        },
      },
    );
  };

  const title = order ? 'Reassign Order' : 'Find Order';
  return (
    <Dialog
      open={open}
      onClose={reassign.isPending ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={isMobile}
      aria-labelledby="reassign-order-title"
    >
      <DialogTitle id="reassign-order-title">{title}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, alignContent: 'start' }}>
        <Typography variant="body2" color="text.secondary">
          {`Supplier: ${supplierName}`}
        </Typography>
        {order ? null : (
          <Box component="form" noValidate onSubmit={find} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
            <TextField
              {...register('orderNumber')}
              label="Order Number"
              autoFocus
              required
              fullWidth
              error={Boolean(formState.errors.orderNumber)}
              helperText={formState.errors.orderNumber?.message}
              slotProps={{ htmlInput: { autoComplete: 'off' } }}
            />
            <Button
              type="submit"
              variant="outlined"
              startIcon={<SearchRoundedIcon />}
              loading={found.isFetching}
              sx={{ mt: 1, flexShrink: 0 }}
            >
              Find
            </Button>
          </Box>
        )}
        {notFound ? (
          <Alert severity="error">
            {isApiError(found.error) && found.error.status === 404
              ? ORDER_OVERRIDE_MESSAGES.notFound(asked)
              : errorMessage(found.error)}
          </Alert>
        ) : null}
        {target ? <OrderSummary order={target} /> : null}
        {target?.isCommissionPaid ? <Alert severity="warning">{ORDER_OVERRIDE_MESSAGES.commissionPaid}</Alert> : null}
        {target && !target.isCommissionPaid ? (
          <Autocomplete
            options={dealers.data ?? []}
            value={dealer}
            onChange={(_event, value) => setDealer(value)}
            inputValue={input}
            onInputChange={(_event, value) => setInput(value)}
            filterOptions={(options) => options}
            getOptionLabel={dealerLabel}
            isOptionEqualToValue={(option, value) => option.id === value.id}
            loading={dealers.isFetching}
            noOptionsText={search ? 'No matching active dealers' : 'No active dealers linked to this supplier'}
            renderInput={(params) => (
              <TextField {...params} label="Assign to dealer" placeholder="Search by name or Z-code" />
            )}
          />
        ) : null}
        {dealers.isError ? <Alert severity="error">{errorMessage(dealers.error)}</Alert> : null}
        {reassign.isError ? (
          <Alert severity="error">
            {isApiError(reassign.error) && reassign.error.code === 'COMMISSION_ALREADY_PAID'
              ? ORDER_OVERRIDE_MESSAGES.commissionPaid
              : `${ORDER_OVERRIDE_MESSAGES.failed}: ${errorMessage(reassign.error)}`}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={reassign.isPending}>
          Cancel
        </Button>
        <Button
          variant="contained"
          onClick={submit}
          disabled={!target || !dealer || target.isCommissionPaid}
          loading={reassign.isPending}
        >
          Reassign
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function foundToTarget(order: OverrideOrder): OrderToReassign {
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    customerName: order.customerName,
    createdDate: order.createdDate,
    currentDealer: order.currentDealer,
    isCommissionPaid: order.isCommissionPaid,
  };
}

function OrderSummary({ order }: { order: OrderToReassign }) {
  const rows: [string, string][] = [
    ['Order Number', order.orderNumber],
    ['Customer', order.customerName ?? '—'],
    ['Created', formatLongDate(order.createdDate)],
    ['Assigned to', order.currentDealer ? dealerLabel(order.currentDealer) : 'Unmatched'],
  ];
  return (
    <Box
      component="dl"
      aria-label="Order"
      sx={{
        m: 0,
        p: 2,
        borderRadius: 1,
        bgcolor: 'action.hover',
        display: 'grid',
        gridTemplateColumns: 'max-content 1fr',
        columnGap: 2,
        rowGap: 0.5,
      }}
    >
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 600, wordBreak: 'break-word' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
