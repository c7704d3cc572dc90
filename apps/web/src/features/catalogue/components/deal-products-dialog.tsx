import { zodResolver } from '@hookform/resolvers/zod';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import EditRoundedIcon from '@mui/icons-material/EditRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import {
  DEAL_MESSAGES,
  type DealProduct,
  type DealProductFormValues,
  DealProductRequest,
  type DealRow,
  LEADER_RATE_FIELDS,
  RATE_FIELDS,
  type RateField,
  rateLabel,
  USER_RATE_FIELDS,
} from '@portal/domain/catalogue/deals';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FormTextField } from '../../../components/form-fields';
import { errorMessage } from '../../../lib/api';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useDealChoices, useDealProducts, useRemoveDealProduct, useSaveDealProduct } from '../api/deals';
import { CLOSE_AFTER_SAVE_MS } from './deal-dialog';
import { IdSelect } from './id-select';

const emptyRates = Object.fromEntries(RATE_FIELDS.map((field) => [field, '0'])) as Record<RateField, string>;
const NEW_PRODUCT: DealProductFormValues = { productId: null, ...emptyRates };

const valuesOf = (product: DealProduct): DealProductFormValues => ({
  productId: product.productId,
  ...(Object.fromEntries(RATE_FIELDS.map((field) => [field, String(product[field])])) as Record<RateField, string>),
});

const summary = (product: DealProduct) =>
  `User ${USER_RATE_FIELDS.map((field) => product[field]).join(' / ')} · Leader ${LEADER_RATE_FIELDS.map((field) => product[field]).join(' / ')}`;

interface DealProductsDialogProps {
  deal: DealRow | undefined;
  onClose: () => void;
}

/** The products of a deal with their 4 user and 7 leader rates (spec 3 §2.11, §5.1). */
export function DealProductsDialog({ deal, onClose }: DealProductsDialogProps) {
  const isMobile = useIsMobile();
  const dealId = deal?.id ?? 0;
  const products = useDealProducts(deal?.id);
  const choices = useDealChoices(deal?.supplierId, deal?.productTypeId);
  const save = useSaveDealProduct(dealId);
  const remove = useRemoveDealProduct(dealId);
  const [editing, setEditing] = useState<number | null>(null);
  const [removing, setRemoving] = useState<DealProduct | null>(null);
  const [note, setNote] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  const closing = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const { control, handleSubmit, reset } = useForm<DealProductFormValues, unknown, DealProductRequest>({
    resolver: zodResolver(DealProductRequest),
    defaultValues: NEW_PRODUCT,
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: each deal opens on an empty form
  useEffect(() => {
    reset(NEW_PRODUCT);
    setEditing(null);
    setNote(null);
  }, [deal?.id, reset]);
  useEffect(() => () => clearTimeout(closing.current), []);

  const submit = handleSubmit(({ productId, ...rates }) => {
    if (productId === null) return;
    save.mutate(
      { productId, ...rates },
      {
        onSuccess: ({ added }) => {
          setNote({ severity: 'success', text: added ? DEAL_MESSAGES.productAdded : DEAL_MESSAGES.productUpdated });
          closing.current = setTimeout(onClose, CLOSE_AFTER_SAVE_MS);
        },
        onError: (error) => setNote({ severity: 'error', text: DEAL_MESSAGES.productSaveFailed(errorMessage(error)) }),
      },
    );
  });

  const confirmRemove = () => {
    if (!removing) return;
    remove.mutate(removing.productId, {
      onSuccess: () => {
        setNote({ severity: 'success', text: DEAL_MESSAGES.productDeleted });
        if (editing === removing.productId) {
          reset(NEW_PRODUCT);
          setEditing(null);
        }
        setRemoving(null);
      },
      onError: (error) => {
        setNote({ severity: 'error', text: DEAL_MESSAGES.productDeleteFailed(errorMessage(error)) });
        setRemoving(null);
      },
    });
  };

  const inDeal = new Set((products.data ?? []).map((product) => product.productId));
  // A product already in the deal is edited from its row; the picker offers the others.
  const productOptions = (choices.data?.products ?? []).filter(
    (option) => option.id === editing || !inDeal.has(option.id),
  );
  const rateField = (field: RateField) => (
    <FormTextField
      key={field}
      control={control}
      name={field}
      label={rateLabel(field)}
      size="small"
      slotProps={{ htmlInput: { inputMode: 'numeric' } }}
    />
  );
  const rateGrid = { display: 'grid', gap: 1.5, gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(4, 1fr)' } };

  return (
    <>
      <Dialog
        open={deal !== undefined}
        onClose={save.isPending ? undefined : onClose}
        fullWidth
        maxWidth="md"
        fullScreen={isMobile}
        aria-labelledby="deal-products-title"
      >
        <DialogTitle id="deal-products-title">
          Products of {deal?.dealName}
          <Typography variant="body2" color="text.secondary">
            {deal?.supplierName} · {deal?.productTypeName}
          </Typography>
        </DialogTitle>
        <DialogContent dividers sx={{ display: 'grid', gap: 2, alignContent: 'start' }}>
          {products.isPending ? (
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }} role="status">
              <CircularProgress size={20} /> Loading...
            </Box>
          ) : products.isError ? (
            <Alert severity="error">Failed to fetch products. Please try again.</Alert>
          ) : products.data.length === 0 ? (
            <Typography color="text.secondary">No products in this deal yet. Add one below.</Typography>
          ) : (
            <List dense disablePadding aria-label="Products in this deal">
              {products.data.map((product) => (
                <ListItem
                  key={product.productId}
                  divider
                  secondaryAction={
                    <Box sx={{ display: 'flex' }}>
                      <Tooltip title="Edit rates">
                        <IconButton
                          aria-label={`Edit rates of ${product.productName}`}
                          onClick={() => {
                            setEditing(product.productId);
                            setNote(null);
                            reset(valuesOf(product));
                          }}
                        >
                          <EditRoundedIcon />
                        </IconButton>
                      </Tooltip>
                      <Tooltip title="Remove">
                        <IconButton
                          aria-label={`Remove ${product.productName}`}
                          onClick={() => setRemoving(product)}
                          color="error"
                        >
                          <DeleteOutlineRoundedIcon />
                        </IconButton>
                      </Tooltip>
                    </Box>
                  }
                  sx={{ pr: 12 }}
                >
                  <ListItemText primary={product.productName} secondary={summary(product)} />
                </ListItem>
              ))}
            </List>
          )}
          <Divider />
          <Box component="form" id="deal-product-form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2 }}>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
              {editing === null ? 'Add a product' : 'Edit rates'}
            </Typography>
            <IdSelect
              control={control}
              name="productId"
              label="Product"
              emptyLabel={choices.isPending ? 'Loading...' : 'Select a product'}
              options={productOptions}
              disabled={editing !== null}
              helperText={
                !choices.isPending && productOptions.length === 0 && editing === null
                  ? "Every product of this supplier's type is in the deal."
                  : undefined
              }
            />
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              User rates (R)
            </Typography>
            <Box sx={rateGrid}>{USER_RATE_FIELDS.map(rateField)}</Box>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              Leader rates (R)
            </Typography>
            <Box sx={rateGrid}>{LEADER_RATE_FIELDS.map(rateField)}</Box>
            {note ? (
              <Alert severity={note.severity} role={note.severity === 'error' ? 'alert' : 'status'}>
                {note.text}
              </Alert>
            ) : null}
          </Box>
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 1.5, flexWrap: 'wrap', gap: 1 }}>
          {editing !== null ? (
            <Button
              onClick={() => {
                setEditing(null);
                reset(NEW_PRODUCT);
              }}
            >
              Add another product
            </Button>
          ) : null}
          <Box sx={{ flex: 1 }} />
          <Button onClick={onClose} disabled={save.isPending}>
            Close
          </Button>
          <Button type="submit" form="deal-product-form" variant="contained" loading={save.isPending}>
            {editing === null ? 'Add Product' : 'Save Rates'}
          </Button>
        </DialogActions>
      </Dialog>
      <ConfirmDialog
        open={removing !== null}
        title="Remove product"
        text={`Remove ${removing?.productName ?? 'this product'} from ${deal?.dealName ?? 'the deal'}?`}
        confirmLabel="Remove"
        danger
        loading={remove.isPending}
        onConfirm={confirmRemove}
        onClose={() => setRemoving(null)}
      />
    </>
  );
}
