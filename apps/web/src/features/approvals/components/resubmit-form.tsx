import { zodResolver } from '@hookform/resolvers/zod';
import SendRoundedIcon from '@mui/icons-material/SendRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  APPROVAL_MESSAGES,
  type ApprovalDetail,
  hasResubmitChanges,
  ResubmitRequest,
  resubmitIdentificationError,
  resubmitValuesOf,
} from '@portal/domain/approvals/approvals';
import { normalisePhone } from '@portal/domain/people/phone';
import type { ReferenceLists } from '@portal/domain/reference/reference-lists';
import dayjs from 'dayjs';
import { useSnackbar } from 'notistack';
import { useMemo } from 'react';
import { Controller, type FieldPath, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { DatePicker } from '../../../components/date-picker';
import { PhotoUpload } from '../../../components/photo-upload';
import { errorMessage, isApiError } from '../../../lib/api';
import { paths } from '../../../lib/paths';
import { keepPhoneCharacters } from '../../../lib/phone-input';
import { useResubmit } from '../api/approvals';
import { isTaken } from '../api/availability';

type Values = ResubmitRequest;

const grid = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
} as const;

interface ResubmitFormProps {
  detail: ApprovalDetail;
  lists: ReferenceLists;
}

/**
 * The request's details as submitted. A declined request can be edited and sent again (spec 2 §4):
 * the button is disabled while the request is pending, while sending, after an error, or with no edits.
 */
export function ResubmitForm({ detail, lists }: ResubmitFormProps) {
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const resubmit = useResubmit(detail.id);
  const original = useMemo(() => resubmitValuesOf(detail.request), [detail.request]);
  const editable = detail.canResubmit;
  const isPassport = detail.request.refsIdentityDocType === 'PASSPORT';
  const {
    control,
    handleSubmit,
    setError,
    clearErrors,
    getValues,
    formState: { errors },
  } = useForm<Values>({ resolver: zodResolver(ResubmitRequest), defaultValues: original, mode: 'onBlur' });
  const current = useWatch({ control }) as Values;
  const changed = hasResubmitChanges(original, current);

  const person = { refsIdentityDocType: detail.request.refsIdentityDocType, refsGender: detail.request.refsGender };

  /** On blur: an RSAID number against the date of birth, then whether someone else uses it. */
  const checkIdentification = async () => {
    const values = getValues();
    const message = resubmitIdentificationError(values, person);
    if (message) return setError('identificationNo', { type: 'manual', message });
    if (values.identificationNo.toUpperCase() !== original.identificationNo.toUpperCase()) {
      if (await isTaken('identificationNo', values.identificationNo)) {
        return setError('identificationNo', { type: 'manual', message: APPROVAL_MESSAGES.idInUse });
      }
    }
    clearErrors('identificationNo');
  };

  const checkPhone = async (field: 'phone' | 'altPhone') => {
    const value = (getValues(field) ?? '').trim();
    if (!/^0\d{9}$/.test(value) || value === (original[field] ?? '')) return;
    if (await isTaken('phone', normalisePhone(value))) {
      setError(field, {
        type: 'manual',
        message: field === 'phone' ? APPROVAL_MESSAGES.phoneInUse : APPROVAL_MESSAGES.altPhoneInUse,
      });
    }
  };

  const onSubmit = handleSubmit((values) => {
    const idMessage = resubmitIdentificationError(values, person);
    if (idMessage) return setError('identificationNo', { type: 'manual', message: idMessage });
    resubmit.mutate(
      { ...values, altPhone: values.altPhone || null, operatorId: values.operatorId || null },
      {
        onSuccess: () => {
          enqueueSnackbar(APPROVAL_MESSAGES.resubmitted, { variant: 'success', autoHideDuration: 5000 });
          navigate(paths.approvals);
        },
        onError: (error) => {
          if (isApiError(error)) {
            for (const { field, message } of error.fieldErrors) {
              if (field in original) setError(field as FieldPath<Values>, { type: 'server', message });
            }
          }
        },
      },
    );
  });

  const text = (
    name: FieldPath<Values>,
    label: string,
    props: { required?: boolean; maxLength?: number; transform?: (value: string) => string; onBlur?: () => void } = {},
  ) => (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <TextField
          name={field.name}
          inputRef={field.ref}
          label={label}
          required={props.required}
          value={field.value ?? ''}
          disabled={!editable}
          onChange={(event) => {
            if (resubmit.isError) resubmit.reset();
            field.onChange(props.transform ? props.transform(event.target.value) : event.target.value);
          }}
          onBlur={() => {
            field.onBlur();
            props.onBlur?.();
          }}
          error={Boolean(errors[name])}
          helperText={errors[name]?.message}
          slotProps={{ htmlInput: { maxLength: props.maxLength } }}
          fullWidth
        />
      )}
    />
  );

  const select = (
    name: 'province' | 'country' | 'nationality',
    label: string,
    options: ReferenceLists['countries'],
  ) => (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <TextField
          select
          name={field.name}
          inputRef={field.ref}
          label={label}
          required
          value={field.value ?? ''}
          disabled={!editable}
          onChange={(event) => {
            if (resubmit.isError) resubmit.reset();
            field.onChange(event.target.value);
          }}
          onBlur={field.onBlur}
          error={Boolean(errors[name])}
          helperText={errors[name]?.message}
          fullWidth
        >
          {options.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );

  const date = (name: 'dateOfBirth' | 'passportExpiryDate', label: string) => (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <DatePicker
          label={label}
          format="YYYY/MM/DD"
          disabled={!editable}
          value={field.value ? dayjs(field.value) : null}
          onChange={(value) => {
            if (resubmit.isError) resubmit.reset();
            field.onChange(value?.isValid() ? value.format('YYYY-MM-DD') : '');
          }}
          slotProps={{
            textField: {
              name,
              required: name === 'dateOfBirth',
              fullWidth: true,
              onBlur: field.onBlur,
              error: Boolean(errors[name]),
              helperText: errors[name]?.message,
            },
          }}
        />
      )}
    />
  );

  const disabledReason =
    detail.status === 1
      ? 'This request is pending approval.'
      : !editable
        ? 'Only a declined request can be resubmitted.'
        : null;

  return (
    <Paper variant="outlined" component="form" noValidate onSubmit={onSubmit} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h6" component="h2" sx={{ mb: 0.5 }}>
        Request details
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {editable ? 'Correct what the decline reason asks for, then resubmit the request.' : disabledReason}
      </Typography>
      <Box sx={grid}>
        {text('firstName', 'Name', { required: true })}
        {text('surname', 'Surname', { required: true })}
        {text('identificationNo', isPassport ? 'Passport number' : 'ID number', {
          required: true,
          maxLength: 30,
          transform: (value) => value.replace(/\s+/g, ''),
          onBlur: () => void checkIdentification(),
        })}
        {date('dateOfBirth', 'Date of birth')}
        {isPassport ? date('passportExpiryDate', 'Passport expiry date') : null}
        {select('nationality', 'Nationality', lists.countries)}
        {text('phone', 'Phone', {
          required: true,
          transform: keepPhoneCharacters,
          onBlur: () => void checkPhone('phone'),
        })}
        {text('altPhone', 'Alternative phone', {
          transform: keepPhoneCharacters,
          onBlur: () => void checkPhone('altPhone'),
        })}
        {text('operatorId', 'RICA username', { maxLength: 5, transform: (value) => value.toUpperCase() })}
        {text('street', 'Street address', { required: true })}
        {text('suburb', 'Suburb', { required: true })}
        {text('city', 'City', { required: true })}
        {select('province', 'Province', lists.provinces)}
        {select('country', 'Country', lists.countries)}
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' }, mt: 2 }}>
        <Controller
          name="idPhotoUrl"
          control={control}
          render={({ field }) => (
            <PhotoUpload
              label="ID photo"
              purpose="id_photo"
              value={field.value}
              onChange={field.onChange}
              error={errors.idPhotoUrl?.message}
              disabled={!editable}
            />
          )}
        />
        <Controller
          name="personPhotoUrl"
          control={control}
          render={({ field }) => (
            <PhotoUpload
              label="Person photo"
              purpose="person_photo"
              value={field.value}
              onChange={field.onChange}
              error={errors.personPhotoUrl?.message}
              disabled={!editable}
            />
          )}
        />
      </Box>
      {resubmit.isError ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          {errorMessage(resubmit.error)}
        </Alert>
      ) : null}
      {detail.status === 5 && current.phone !== original.phone ? (
        <Alert severity="info" sx={{ mt: 2 }}>
          The new cellphone number must be verified again before the request can be approved.
        </Alert>
      ) : null}
      <Box sx={{ display: 'flex', gap: 1, mt: 3 }}>
        <Button
          type="submit"
          variant="contained"
          startIcon={<SendRoundedIcon />}
          loading={resubmit.isPending}
          disabled={!editable || resubmit.isPending || resubmit.isError || !changed}
        >
          Resubmit Request
        </Button>
      </Box>
    </Paper>
  );
}
