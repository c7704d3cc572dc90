import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { UpdateUserFlagsRequest } from '@portal/domain/people/manage-user';
import { MANAGE_USER_MESSAGES } from '@portal/domain/people/manage-user';
import { zCode } from '@portal/domain/people/z-code';
import { useState } from 'react';
import { StepUpDialog, stepUpRefusal } from '../../../components/step-up-dialog';
import { useUpdateFlags } from '../api/manage-user';
import { useNotify } from './notify';

type Flag = Exclude<keyof UpdateUserFlagsRequest, 'currentPassword'>;

interface FlagSwitchProps {
  userId: number;
  flag: Flag;
  label: string;
  checked: boolean;
  disabled: boolean;
}

export const TRAINER_PASSWORD_HELP = "Your own password. Needed to change a user's Trainer status";

/**
 * One leader flag (Trainer, Growth Leader, Block Trainer Status); the server decides who may change
 * it. Trainer decides who is paid the leader commission on a team's sales, so switching it (on or
 * off, by an admin or a leader) first asks for the person's own password (step-up, decision 076).
 */
export function FlagSwitch({ userId, flag, label, checked, disabled }: FlagSwitchProps) {
  const update = useUpdateFlags(userId);
  const notify = useNotify();
  // The Trainer value waiting for the password, while the prompt is open.
  const [asking, setAsking] = useState<boolean | null>(null);
  const stepsUp = flag === 'isLeader';

  const send = (value: boolean, currentPassword?: string) => {
    const change: UpdateUserFlagsRequest = { [flag]: value };
    update.mutate(currentPassword ? { ...change, currentPassword } : change, {
      onSuccess: (answer) => {
        setAsking(null);
        notify.success(answer.message);
      },
      onError: (error) => {
        // A missing or wrong password (or too many): said on the field, the prompt stays open.
        if (stepUpRefusal(error)) return;
        setAsking(null);
        notify.failure(MANAGE_USER_MESSAGES.updateFailed, error);
      },
    });
  };

  return (
    <>
      <FormControlLabel
        label={label}
        control={
          <Switch
            checked={checked}
            disabled={disabled || update.isPending}
            onChange={(_event, value) => {
              if (!stepsUp) {
                send(value);
                return;
              }
              update.reset();
              setAsking(value);
            }}
          />
        }
      />
      {stepsUp ? (
        <StepUpDialog
          // A new prompt each time: no password typed before lingers in it.
          key={asking === null ? 'closed' : String(asking)}
          open={asking !== null}
          title={`Turn ${asking ? 'on' : 'off'} Trainer status for ${zCode(userId)}`}
          confirmLabel={asking ? 'Turn on' : 'Turn off'}
          busy={update.isPending}
          error={null}
          passwordLabel="Current password"
          passwordHelp={TRAINER_PASSWORD_HELP}
          passwordError={stepUpRefusal(update.error)}
          onConfirm={(password) => asking !== null && send(asking, password)}
          onClose={() => setAsking(null)}
        >
          <Typography variant="body2" color="text.secondary">
            Trainer status decides who is paid leader commission on a team's sales.
          </Typography>
        </StepUpDialog>
      ) : null}
    </>
  );
}
