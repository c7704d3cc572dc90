import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { ManagerOption, NewUserForm } from '@portal/domain/people/new-user';
import { useState } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useManagerOptions } from '../api/onboarding-options';

const label = (option: ManagerOption) => `${option.zCode}: ${option.name}`;

/** The manager (parentDealer): defaults to the current user; active users only, within reach (spec 1 §2.7). */
export function ManagerField({
  defaultManager,
  onChosen,
}: {
  defaultManager: ManagerOption;
  /** The chosen manager, for the review. */
  onChosen?: (option: ManagerOption | null) => void;
}) {
  const { control } = useFormContext<NewUserForm>();
  const [input, setInput] = useState('');
  const [chosen, setChosen] = useState<ManagerOption | null>(defaultManager);
  const search = useDebouncedValue(input.trim(), 250);
  const managers = useManagerOptions(chosen && input === label(chosen) ? '' : search);
  const options = managers.data?.items ?? [];
  const withChosen = chosen && !options.some((option) => option.id === chosen.id) ? [chosen, ...options] : options;

  return (
    <Controller
      name="parentDealer"
      control={control}
      render={({ field, fieldState }) => (
        <Autocomplete<ManagerOption>
          options={withChosen}
          value={withChosen.find((option) => option.id === field.value) ?? null}
          onChange={(_event, option) => {
            setChosen(option);
            onChosen?.(option);
            field.onChange(option?.id ?? null);
          }}
          inputValue={input}
          onInputChange={(_event, value) => setInput(value)}
          getOptionLabel={label}
          isOptionEqualToValue={(option, value) => option.id === value.id}
          filterOptions={(list) => list}
          loading={managers.isFetching}
          noOptionsText="No active users found"
          renderInput={(params) => (
            <TextField
              {...params}
              name="parentDealer"
              label="Manager"
              required
              onBlur={field.onBlur}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message ?? 'Search by name or Z-code'}
            />
          )}
        />
      )}
    />
  );
}
