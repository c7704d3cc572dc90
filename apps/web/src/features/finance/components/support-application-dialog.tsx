import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  FINANCE_MESSAGES,
  MAX_SUPPORT_ITEMS,
  parseRand,
  SUPPORT_TYPES,
  SupportApplicationForm,
  type SupportType,
  toSupportRequest,
} from '@portal/domain/finance';
import { formatRand } from '@portal/domain/platform/format';
import { useEffect, useState } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { FormTextField } from '../../../components/form-fields';
import { errorMessage } from '../../../lib/api';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver';
import { useAvailableSupport, useCreateSupportApplication } from '../api/finance';
import { ApplicationDialog } from './application-dialog';

interface Props {
  userId: number;
  dealerName: string;
  open: boolean;
  onClose: () => void;
  onCreated: (message: string) => void;
}

const EMPTY: SupportApplicationForm = { items: [] };

/**
 * New Support Application (spec 3 §5.7): items chosen from the type list, each with a value; the
 * list is disabled at five items (the server refuses a sixth too).
 */
export function SupportApplicationDialog({ userId, dealerName, open, onClose, onCreated }: Props) {
  const create = useCreateSupportApplication(userId);
  const available = useAvailableSupport(userId, open);
  const { control, handleSubmit, reset, formState } = useForm<SupportApplicationForm>({
    defaultValues: EMPTY,
    resolver: lazyZodResolver(async () => SupportApplicationForm),
  });
  const { fields, append, remove } = useFieldArray({ control, name: 'items' });
  const items = useWatch({ control, name: 'items' }) ?? [];
  const total = items.reduce((sum, item) => sum + (parseRand(item?.value ?? '') ?? 0), 0);
  const full = fields.length >= MAX_SUPPORT_ITEMS;
  const [picked, setPicked] = useState<SupportType | ''>('');

  // Each opening starts empty (the mutation's reset is stable).
  const resetCreate = create.reset;
  useEffect(() => {
    if (open) {
      reset(EMPTY);
      resetCreate();
      setPicked('');
    }
  }, [open, reset, resetCreate]);

  const submit = handleSubmit((form) =>
    create.mutate(toSupportRequest(form), {
      onSuccess: () => {
        onCreated(FINANCE_MESSAGES.supportCreated);
        onClose();
      },
    }),
  );

  const itemsError = formState.errors.items?.root?.message ?? formState.errors.items?.message;

  return (
    <ApplicationDialog
      id="support-application-title"
      title="New Support Application"
      open={open}
      create={create}
      onSubmit={submit}
      onClose={onClose}
    >
      <Typography color="text.secondary">
        For {dealerName}.{' '}
        {available.data
          ? `Available support: ${formatRand(available.data.availableSupportCents)} (Tier ${available.data.tier} maximum ${formatRand(available.data.maxSupportCents)}, ${formatRand(available.data.pendingSupportCents)} pending).`
          : null}
      </Typography>
      {available.isError ? <Alert severity="warning">{errorMessage(available.error)}</Alert> : null}

      <TextField
        select
        label="Add a support item"
        value={picked}
        disabled={full || create.isPending}
        onChange={(event) => {
          const type = event.target.value as SupportType;
          append({ type, value: '' }, { shouldFocus: true });
          setPicked('');
        }}
        helperText={full ? FINANCE_MESSAGES.tooManyItems : `Choose a type to add an item (up to ${MAX_SUPPORT_ITEMS}).`}
      >
        {SUPPORT_TYPES.map((type) => (
          <MenuItem key={type} value={type}>
            {type}
          </MenuItem>
        ))}
      </TextField>

      {fields.length === 0 ? (
        <Typography color={itemsError ? 'error' : 'text.secondary'}>{itemsError ?? 'No items yet.'}</Typography>
      ) : (
        <Box
          component="ol"
          sx={{ display: 'grid', gap: 1.5, m: 0, p: 0, listStyle: 'none' }}
          aria-label="Support items"
        >
          {fields.map((field, index) => (
            <Box
              component="li"
              key={field.id}
              sx={{
                display: 'grid',
                gridTemplateColumns: { xs: '1fr auto', sm: 'minmax(0, 1fr) 180px auto' },
                gap: 1.5,
                alignItems: 'start',
              }}
            >
              <Typography sx={{ pt: { sm: 2 }, gridColumn: { xs: '1 / 2', sm: 'auto' } }}>
                {index + 1}. {field.type}
              </Typography>
              <FormTextField
                control={control}
                name={`items.${index}.value`}
                label="Value"
                inputMode="decimal"
                slotProps={{ input: { startAdornment: <InputAdornment position="start">R</InputAdornment> } }}
                sx={{ gridColumn: { xs: '1 / 2', sm: 'auto' }, gridRow: { xs: 2, sm: 'auto' } }}
              />
              <IconButton
                aria-label={`Remove item ${index + 1}`}
                onClick={() => remove(index)}
                sx={{ mt: 1, gridColumn: { xs: '2 / 3', sm: 'auto' }, gridRow: { xs: '1 / 3', sm: 'auto' } }}
              >
                <DeleteOutlineRoundedIcon />
              </IconButton>
            </Box>
          ))}
        </Box>
      )}
      <Typography sx={{ fontWeight: 600 }}>
        {fields.length} of {MAX_SUPPORT_ITEMS} items · Total {formatRand(total)}
      </Typography>
    </ApplicationDialog>
  );
}
