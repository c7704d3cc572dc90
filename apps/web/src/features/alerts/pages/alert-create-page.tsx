import ArrowBackRoundedIcon from '@mui/icons-material/ArrowBackRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useNavigate, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useSignedInUser } from '../../../lib/use-signed-in-user';
import { useCreateAlert } from '../api/alerts';
import { AlertForm } from '../components/alert-form';

/** '/alerts/create' (and '?to={id}' from a user's page: that dealer preselected). */
export function AlertCreatePage() {
  useDocumentTitle('Create New Alert');
  const user = useSignedInUser();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const to = Number(params.get('to'));
  const create = useCreateAlert();
  const { enqueueSnackbar } = useSnackbar();
  return (
    <Box sx={{ maxWidth: 820 }}>
      <Button startIcon={<ArrowBackRoundedIcon />} onClick={() => navigate(-1)} sx={{ mb: 2 }}>
        Back
      </Button>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        Create New Alert
      </Typography>
      <AlertForm
        mode="create"
        isAdmin={user.isAdmin}
        {...(Number.isSafeInteger(to) && to > 0 ? { presetRecipientId: to } : {})}
        submitting={create.isPending}
        error={create.error}
        onSubmit={(values) =>
          create.mutate(values, {
            onSuccess: (result) => {
              enqueueSnackbar(`Alert sent to ${result.recipients} ${result.recipients === 1 ? 'user' : 'users'}`, {
                variant: 'success',
                autoHideDuration: 4000,
              });
              navigate('/alerts/view');
            },
          })
        }
      />
    </Box>
  );
}
