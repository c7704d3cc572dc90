import { zodResolver } from '@hookform/resolvers/zod';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import CategoryRoundedIcon from '@mui/icons-material/CategoryRounded';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import EditRoundedIcon from '@mui/icons-material/EditRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { ProductTypeRequest, type ProductTypeRow } from '@portal/domain/catalogue/product-types';
import { useSnackbar } from 'notistack';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FormTextField } from '../../../components/form-fields';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { errorMessage, isApiError } from '../../../lib/api';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useDeleteProductType, useProductTypes, useSaveProductType } from '../api/catalogue';

function ProductTypeDialog({ editing, onClose }: { editing: ProductTypeRow | 'new' | null; onClose: () => void }) {
  const save = useSaveProductType();
  const { enqueueSnackbar } = useSnackbar();
  const { control, handleSubmit, reset, setError } = useForm<ProductTypeRequest>({
    resolver: zodResolver(ProductTypeRequest),
    defaultValues: { name: '' },
  });
  useEffect(() => {
    if (editing) reset({ name: editing === 'new' ? '' : editing.name });
  }, [editing, reset]);
  const isNew = editing === 'new';
  const submit = handleSubmit((values) =>
    save.mutate(
      { ...(isNew || !editing ? {} : { id: editing.id }), name: values.name },
      {
        onSuccess: () => {
          enqueueSnackbar(isNew ? 'Product type added' : 'Product type updated', { variant: 'success' });
          onClose();
        },
        onError: (error) => {
          const field = isApiError(error) ? error.fieldErrors.find((e) => e.field === 'name') : undefined;
          setError('name', { message: field?.message ?? errorMessage(error) });
        },
      },
    ),
  );
  return (
    <Dialog open={editing !== null} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="product-type-title">
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id="product-type-title">{isNew ? 'Add Product Type' : 'Edit Product Type'}</DialogTitle>
        <DialogContent>
          <FormTextField
            control={control}
            name="name"
            label="Product type name"
            required
            fullWidth
            autoFocus
            sx={{ mt: 1 }}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" loading={save.isPending}>
            Save
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** '/settings/product-types' (spec 3 §2.12): the product types, with add, edit and delete. */
export function ProductTypesPage() {
  useDocumentTitle('Product Types');
  const types = useProductTypes();
  const remove = useDeleteProductType();
  const { enqueueSnackbar } = useSnackbar();
  const [editing, setEditing] = useState<ProductTypeRow | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ProductTypeRow | null>(null);

  return (
    <Box sx={{ maxWidth: 720 }}>
      <PageHeader
        title="Product Types"
        subtitle="What suppliers offer: fibre, mobile, LTE and the like."
        actions={
          <Button variant="contained" startIcon={<AddRoundedIcon />} onClick={() => setEditing('new')}>
            Add Product Type
          </Button>
        }
      />
      {types.isPending ? (
        <PageLoader label="Loading..." />
      ) : types.isError ? (
        <LoadErrorAlert error={types.error} onRetry={() => void types.refetch()} />
      ) : types.data.items.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
          <CategoryRoundedIcon color="disabled" sx={{ fontSize: 48 }} />
          <Typography>No product types yet</Typography>
        </Paper>
      ) : (
        <Paper variant="outlined">
          <List aria-label="Product types" disablePadding>
            {types.data.items.map((type, index) => (
              <ListItem
                key={type.id}
                divider={index < types.data.items.length - 1}
                secondaryAction={
                  <Box sx={{ display: 'flex', gap: 0.5 }}>
                    <Tooltip title="Edit">
                      <IconButton aria-label={`Edit ${type.name}`} onClick={() => setEditing(type)}>
                        <EditRoundedIcon />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title="Delete">
                      <IconButton aria-label={`Delete ${type.name}`} onClick={() => setDeleting(type)}>
                        <DeleteOutlineRoundedIcon />
                      </IconButton>
                    </Tooltip>
                  </Box>
                }
              >
                <ListItemText primary={type.name} slotProps={{ primary: { sx: { fontWeight: 600 } } }} />
              </ListItem>
            ))}
          </List>
        </Paper>
      )}
      <ProductTypeDialog editing={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete product type"
        text={`Delete '${deleting?.name ?? ''}'? Suppliers will no longer offer it.`}
        confirmLabel="Yes"
        danger
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              enqueueSnackbar('Product type deleted', { variant: 'success' });
              setDeleting(null);
            },
            onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error' }),
          })
        }
      />
    </Box>
  );
}
