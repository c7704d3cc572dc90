import ArrowBackRoundedIcon from '@mui/icons-material/ArrowBackRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { ALERT_MESSAGES } from '@portal/domain/alerts/alerts';
import { useSnackbar } from 'notistack';
import { useNavigate, useParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useSignedInUser } from '../../../lib/use-signed-in-user';
import { useSentAlert, useUpdateAlert } from '../api/alerts';
import { AlertForm } from '../components/alert-form';

/** '/alerts/{id}/edit': title, description, image and Active of an alert the caller sent. */
export function AlertEditPage() {
  useDocumentTitle('Edit Alert');
  const user = useSignedInUser();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const alert = useSentAlert(id);
  const update = useUpdateAlert();
  const { enqueueSnackbar } = useSnackbar();
  return (
    <Box sx={{ maxWidth: 820 }}>
      <Button startIcon={<ArrowBackRoundedIcon />} onClick={() => navigate(-1)} sx={{ mb: 2 }}>
        Back
      </Button>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        Edit Alert
      </Typography>
      {alert.isPending ? <PageLoader /> : null}
      {alert.isError ? <Alert severity="error">{ALERT_MESSAGES.fetchAlert}</Alert> : null}
      {alert.data ? (
        <AlertForm
          key={alert.data.id}
          mode="edit"
          isAdmin={user.isAdmin}
          initial={alert.data}
          submitting={update.isPending}
          error={update.error}
          onSubmit={(values) =>
            update.mutate(
              { id, title: values.title, description: values.description, image: values.image, active: values.active },
              {
                onSuccess: () => {
                  enqueueSnackbar('Alert updated', { variant: 'success', autoHideDuration: 4000 });
                  navigate('/alerts/view');
                },
              },
            )
          }
        />
      ) : null}
    </Box>
  );
}
