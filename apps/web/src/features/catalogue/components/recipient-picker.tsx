import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import type { AssistRecipient } from '@portal/domain/catalogue/suppliers';
import { useState } from 'react';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useAssistRecipients } from '../api/catalogue';

interface RecipientPickerProps {
  label: string;
  helperText: string;
  value: AssistRecipient[];
  onChange: (value: AssistRecipient[]) => void;
  error?: string | undefined;
  /** Which list: each offers only admins holding its console's flag (decisions 068, 078). */
  kind: 'sales_assist' | 'agent_support';
  /** Shown, not changeable (a list without its console's flag). */
  disabled?: boolean;
}

/** Admin users chosen as assist e-mail recipients, searched on the server (at most 20 shown). */
export function RecipientPicker({ label, helperText, value, onChange, error, kind, disabled }: RecipientPickerProps) {
  const [input, setInput] = useState('');
  const search = useDebouncedValue(input.trim(), 300);
  const options = useAssistRecipients(search, kind);
  return (
    <Autocomplete<AssistRecipient, true>
      multiple
      disabled={Boolean(disabled)}
      options={options.data?.items ?? []}
      value={value}
      onChange={(_event, next) => onChange(next)}
      inputValue={input}
      onInputChange={(_event, next) => setInput(next)}
      filterOptions={(all) => all}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      getOptionLabel={(option) => (option.email ? `${option.name} (${option.email})` : option.name)}
      loading={options.isFetching}
      noOptionsText="No admin users found"
      renderValue={(chosen, getItemProps) =>
        chosen.map((option, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <Chip key={key} label={option.name} size="small" {...itemProps} />;
        })
      }
      renderInput={(params) => (
        <TextField {...params} label={label} helperText={error ?? helperText} error={Boolean(error)} />
      )}
    />
  );
}
