import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import {
  completeDeal,
  DEAL_FIELD_LABELS,
  DEAL_MESSAGES,
  type DealFormValues,
  DealRequest,
  type DealRow,
} from '@portal/domain/catalogue/deals';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { errorMessage } from '../../../lib/api';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useDealChoices, useSaveDeal } from '../api/deals';
import { IdSelect } from './id-select';

/** Dialogs close this long after a save (spec 3 §9). */
export const CLOSE_AFTER_SAVE_MS = 1500;

const EMPTY: DealFormValues = {
  dealName: '',
  dealDescription: '',
  supplierId: null,
  productTypeId: null,
  dealTypeId: null,
};

const valuesOf = (deal: DealRow | undefined): DealFormValues =>
  deal
    ? {
        dealName: deal.dealName,
        dealDescription: deal.dealDescription,
        supplierId: deal.supplierId,
        productTypeId: deal.productTypeId,
        dealTypeId: deal.dealTypeId,
      }
    : EMPTY;

interface DealDialogProps {
  open: boolean;
  /** The deal to edit; none to create one. */
  deal?: DealRow | undefined;
  onClose: () => void;
}

/** Create or edit a deal (spec 3 §2.11, §5.1): every field required; product types are the supplier's. */
export function DealDialog({ open, deal, onClose }: DealDialogProps) {
  const isMobile = useIsMobile();
  const choices = useDealChoices();
  const save = useSaveDeal();
  const [saved, setSaved] = useState<string | null>(null);
  const closing = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const { control, handleSubmit, reset, setValue, getValues, formState } = useForm<
    DealFormValues,
    unknown,
    DealRequest
  >({ resolver: zodResolver(DealRequest), defaultValues: valuesOf(deal) });

  // biome-ignore lint/correctness/useExhaustiveDependencies: a newly opened dialog starts from the deal
  useEffect(() => {
    if (!open) return;
    reset(valuesOf(deal));
    setSaved(null);
    save.reset();
  }, [open, deal, reset]);
  useEffect(() => () => clearTimeout(closing.current), []);

  const supplierId = useWatch({ control, name: 'supplierId' });
  const suppliers = choices.data?.suppliers ?? [];
  const productTypes = useMemo(
    () => suppliers.find((supplier) => supplier.id === supplierId)?.productTypes ?? [],
    [suppliers, supplierId],
  );

  const isEdit = deal !== undefined;
  const rootError = formState.errors.root?.message;
  const submit = handleSubmit((values) => {
    const complete = completeDeal(values);
    if (!complete) return;
    save.mutate(
      { id: deal?.id, deal: complete },
      {
        onSuccess: () => {
          setSaved(isEdit ? DEAL_MESSAGES.updated : DEAL_MESSAGES.created);
          closing.current = setTimeout(onClose, CLOSE_AFTER_SAVE_MS);
        },
      },
    );
  });
  const failure = save.error
    ? (isEdit ? DEAL_MESSAGES.updateFailed : DEAL_MESSAGES.createFailed)(errorMessage(save.error))
    : null;
  const busy = save.isPending || saved !== null;

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={isMobile}
      aria-labelledby="deal-dialog-title"
    >
      <DialogTitle id="deal-dialog-title">{isEdit ? 'Edit Deal' : 'Create Deal'}</DialogTitle>
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'contents' }}>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: 1, alignContent: 'start' }}>
          <Controller
            control={control}
            name="dealName"
            render={({ field: { ref, ...field } }) => (
              <TextField
                {...field}
                inputRef={ref}
                label={DEAL_FIELD_LABELS.dealName}
                required
                autoFocus
                error={Boolean(rootError) && !field.value.trim()}
                sx={{ mt: 1 }}
              />
            )}
          />
          <Controller
            control={control}
            name="dealDescription"
            render={({ field: { ref, ...field } }) => (
              <TextField
                {...field}
                inputRef={ref}
                label={DEAL_FIELD_LABELS.dealDescription}
                required
                multiline
                minRows={2}
                error={Boolean(rootError) && !field.value.trim()}
              />
            )}
          />
          <IdSelect
            control={control}
            name="supplierId"
            label={DEAL_FIELD_LABELS.supplierId}
            required
            emptyLabel="Select a supplier"
            options={suppliers}
            missing={Boolean(rootError)}
            disabled={choices.isPending}
            onIdChange={(id) => {
              const offered = suppliers.find((supplier) => supplier.id === id)?.productTypes ?? [];
              if (!offered.some((type) => type.id === getValues('productTypeId'))) {
                setValue('productTypeId', offered.length === 1 ? offered[0]!.id : null);
              }
            }}
          />
          <IdSelect
            control={control}
            name="productTypeId"
            label={DEAL_FIELD_LABELS.productTypeId}
            required
            emptyLabel={supplierId === null ? 'Select a supplier first' : 'Select a product type'}
            options={productTypes}
            missing={Boolean(rootError)}
            disabled={supplierId === null}
            helperText={
              supplierId !== null && productTypes.length === 0
                ? 'This supplier offers no product types yet.'
                : undefined
            }
          />
          <IdSelect
            control={control}
            name="dealTypeId"
            label={DEAL_FIELD_LABELS.dealTypeId}
            required
            emptyLabel="Select a deal type"
            options={choices.data?.dealTypes ?? []}
            missing={Boolean(rootError)}
          />
          {choices.isError ? (
            <Alert severity="error">Could not load the suppliers: {errorMessage(choices.error)}</Alert>
          ) : null}
          {rootError ? (
            <Alert severity="error" role="alert">
              {rootError}
            </Alert>
          ) : null}
          {failure ? (
            <Alert severity="error" role="alert">
              {failure}
            </Alert>
          ) : null}
          {saved ? (
            <Alert severity="success" role="status">
              {saved}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={save.isPending} disabled={saved !== null}>
            {isEdit ? 'Save Deal' : 'Create Deal'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
