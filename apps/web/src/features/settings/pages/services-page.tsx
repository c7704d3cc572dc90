import { zodResolver } from '@hookform/resolvers/zod';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { NewServiceRequest, SETTINGS_MESSAGES, type Service } from '@portal/domain/settings/settings';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FormTextField } from '../../../components/form-fields';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { errorMessage, isApiError } from '../../../lib/api';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAddService, useRemoveService, useServices } from '../api/settings';
import { BackToSettings } from '../components/back-to-settings';

/** '/settings/services' (spec 3 §2.1): the service list, remove with confirmation, add a service. */
export function ServicesPage() {
  useDocumentTitle('Services');
  const { enqueueSnackbar } = useSnackbar();
  const services = useServices();
  const add = useAddService();
  const remove = useRemoveService();
  const [removing, setRemoving] = useState<Service | null>(null);
  const { control, handleSubmit, reset, setError } = useForm<NewServiceRequest>({
    resolver: zodResolver(NewServiceRequest),
    defaultValues: { name: '' },
  });

  const submit = handleSubmit((values) =>
    add.mutate(values, {
      onSuccess: () => {
        enqueueSnackbar(SETTINGS_MESSAGES.serviceUpdated, { variant: 'success' });
        reset({ name: '' });
      },
      onError: (error) => {
        const message =
          isApiError(error) && error.status === 409 ? SETTINGS_MESSAGES.serviceNameTaken : errorMessage(error);
        setError('name', { message }, { shouldFocus: true });
      },
    }),
  );

  const confirmRemove = () => {
    if (!removing) return;
    remove.mutate(removing.id, {
      onSuccess: () => enqueueSnackbar(SETTINGS_MESSAGES.serviceUpdated, { variant: 'success' }),
      onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error' }),
      onSettled: () => setRemoving(null),
    });
  };

  return (
    <Box sx={{ maxWidth: 720 }}>
      <BackToSettings />
      <PageHeader title="Services" subtitle="The services the network offers" />
      <Paper variant="outlined" sx={{ p: 2, mb: 3 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1.5 }}>
          Add a service
        </Typography>
        <Box
          component="form"
          noValidate
          onSubmit={submit}
          sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', flexDirection: { xs: 'column', sm: 'row' } }}
        >
          <FormTextField control={control} name="name" label="Service name" size="small" fullWidth />
          <Button
            type="submit"
            variant="contained"
            startIcon={<AddRoundedIcon />}
            loading={add.isPending}
            sx={{ flexShrink: 0, minHeight: 40 }}
          >
            Add Service
          </Button>
        </Box>
      </Paper>
      {services.isPending ? (
        <PageLoader label="Loading services…" />
      ) : services.isError ? (
        <LoadErrorAlert error={services.error} onRetry={() => void services.refetch()} />
      ) : services.data.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
          <Typography color="text.secondary">No services yet. Add the first one above.</Typography>
        </Paper>
      ) : (
        <Paper variant="outlined">
          <List aria-label="Services" disablePadding>
            {services.data.map((service, index) => (
              <ListItem
                key={service.id}
                divider={index < services.data.length - 1}
                secondaryAction={
                  <IconButton
                    edge="end"
                    color="error"
                    aria-label={`Remove ${service.name}`}
                    onClick={() => setRemoving(service)}
                  >
                    <DeleteOutlineRoundedIcon />
                  </IconButton>
                }
              >
                <ListItemText primary={service.name} />
              </ListItem>
            ))}
          </List>
        </Paper>
      )}
      <ConfirmDialog
        open={removing !== null}
        title="Remove service"
        text={`Are you sure you want to remove ${removing?.name ?? 'this service'}?`}
        confirmLabel="Remove"
        danger
        loading={remove.isPending}
        onConfirm={confirmRemove}
        onClose={() => setRemoving(null)}
      />
    </Box>
  );
}
