import { useSnackbar } from 'notistack';
import { useCallback } from 'react';
import { errorMessage } from '../../../lib/api';

/**
 * Snackbars for the manage-user actions: the server's success message, or the spec's failure
 * message (spec 1 §8) followed by the server's reason when it gave one.
 */
export function useNotify() {
  const { enqueueSnackbar } = useSnackbar();
  const success = useCallback((message: string) => enqueueSnackbar(message, { variant: 'success' }), [enqueueSnackbar]);
  const failure = useCallback(
    (specMessage: string, error: unknown) => {
      const reason = errorMessage(error);
      const text = reason && reason !== specMessage ? `${specMessage}: ${reason}` : specMessage;
      enqueueSnackbar(text, { variant: 'error', autoHideDuration: 6000 });
    },
    [enqueueSnackbar],
  );
  return { success, failure };
}
