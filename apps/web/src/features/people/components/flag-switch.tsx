import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import type { UpdateUserFlagsRequest } from '@portal/domain/people/manage-user';
import { MANAGE_USER_MESSAGES } from '@portal/domain/people/manage-user';
import { useUpdateFlags } from '../api/manage-user';
import { useNotify } from './notify';

type Flag = keyof UpdateUserFlagsRequest;

interface FlagSwitchProps {
  userId: number;
  flag: Flag;
  label: string;
  checked: boolean;
  disabled: boolean;
}

/** One leader flag (Trainer, Growth Leader, Block Trainer Status); the server decides who may change it. */
export function FlagSwitch({ userId, flag, label, checked, disabled }: FlagSwitchProps) {
  const update = useUpdateFlags(userId);
  const notify = useNotify();
  return (
    <FormControlLabel
      label={label}
      control={
        <Switch
          checked={checked}
          disabled={disabled || update.isPending}
          onChange={(_event, value) =>
            update.mutate(
              { [flag]: value },
              {
                onSuccess: (answer) => notify.success(answer.message),
                onError: (error) => notify.failure(MANAGE_USER_MESSAGES.updateFailed, error),
              },
            )
          }
        />
      }
    />
  );
}
