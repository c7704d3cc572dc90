import { zodResolver } from '@hookform/resolvers/zod';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Slider from '@mui/material/Slider';
import Typography from '@mui/material/Typography';
import { suppliersOffering } from '@portal/domain/catalogue/catalogue';
import {
  OGR_MAX_PERCENT,
  OGR_STEP_PERCENT,
  PRODUCT_MESSAGES,
  type ProductDetail,
  type ProductFormValues,
  ProductRequest,
} from '@portal/domain/catalogue/products';
import type { CatalogueReferences } from '@portal/domain/catalogue/suppliers';
import { useSnackbar } from 'notistack';
import { useEffect, useRef, useState } from 'react';
import { Controller, type Path, useForm, useWatch } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FormNativeSelect, FormTextField } from '../../../components/form-fields';
import { PageHeader } from '../../../components/page-header';
import { errorMessage, isApiError } from '../../../lib/api';
import { adminSupplierPath } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useCatalogueReferences, useDeleteProduct, useProduct, useSaveProduct } from '../api/catalogue';

/** Spec 3 §9: the product snackbar stays 5 seconds; the page returns 1.5 seconds after a save. */
const PRODUCT_SNACKBAR_MS = 5000;
const BACK_AFTER_MS = 1500;

function initialValues(
  references: CatalogueReferences,
  supplierId: number,
  product: ProductDetail | undefined,
): ProductFormValues {
  if (product)
    return {
      displayName: product.displayName,
      productDescription: product.productDescription,
      refsProductTypeId: product.refsProductTypeId ? String(product.refsProductTypeId) : '',
      suppliersMasterId: String(product.suppliersMasterId),
      customerPrice: product.customerPrice,
      totalCommission: product.totalCommission,
      ogrPercentage: product.ogrPercentage,
      revenuePoints: String(product.revenuePoints),
      refsProductStatusId: product.refsProductStatusId ? String(product.refsProductStatusId) : '',
    };
  // A supplier offering one product type: that type is the only sensible choice.
  const offered = references.suppliers.find((supplier) => supplier.id === supplierId)?.productTypeIds ?? [];
  return {
    displayName: '',
    productDescription: '',
    refsProductTypeId: offered.length === 1 ? String(offered[0]) : '',
    suppliersMasterId: String(supplierId),
    customerPrice: '',
    totalCommission: '',
    ogrPercentage: 0,
    revenuePoints: '0',
    refsProductStatusId: '1',
  };
}

function ProductForm({
  references,
  supplierId,
  product,
}: {
  references: CatalogueReferences;
  supplierId: number;
  product: ProductDetail | undefined;
}) {
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const save = useSaveProduct();
  const remove = useDeleteProduct();
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const { control, handleSubmit, setValue, setError, getValues } = useForm<ProductFormValues, unknown, ProductRequest>({
    resolver: zodResolver(ProductRequest),
    defaultValues: initialValues(references, supplierId, product),
  });
  const typeId = Number(useWatch({ control, name: 'refsProductTypeId' }) || 0);
  const suppliers = typeId ? suppliersOffering(references.suppliers, [typeId]) : [];

  // A supplier that does not offer the newly chosen type is no longer a choice.
  useEffect(() => {
    const current = Number(getValues('suppliersMasterId') || 0);
    if (current && typeId && !suppliersOffering(references.suppliers, [typeId]).some((s) => s.id === current))
      setValue('suppliersMasterId', '');
  }, [typeId, references.suppliers, getValues, setValue]);

  const backToSupplier = (id: number) => {
    setDone(true);
    timer.current = setTimeout(() => navigate(adminSupplierPath(id)), BACK_AFTER_MS);
  };

  const submit = handleSubmit((values) =>
    save.mutate(
      { ...(product ? { id: product.id } : {}), body: values },
      {
        onSuccess: () => {
          enqueueSnackbar(product ? PRODUCT_MESSAGES.updated : PRODUCT_MESSAGES.added, {
            variant: 'success',
            autoHideDuration: PRODUCT_SNACKBAR_MS,
          });
          backToSupplier(values.suppliersMasterId);
        },
        onError: (error) => {
          if (isApiError(error))
            for (const field of error.fieldErrors)
              setError(field.field as Path<ProductFormValues>, { message: field.message });
          enqueueSnackbar(PRODUCT_MESSAGES.saveFailed(errorMessage(error)), {
            variant: 'error',
            autoHideDuration: PRODUCT_SNACKBAR_MS,
          });
        },
      },
    ),
  );

  const deleteProduct = () =>
    product &&
    remove.mutate(product.id, {
      onSuccess: () => {
        setConfirming(false);
        enqueueSnackbar(PRODUCT_MESSAGES.deleted, { variant: 'success', autoHideDuration: PRODUCT_SNACKBAR_MS });
        backToSupplier(product.suppliersMasterId);
      },
      onError: (error) => {
        setConfirming(false);
        enqueueSnackbar(PRODUCT_MESSAGES.deleteFailed(errorMessage(error)), {
          variant: 'error',
          autoHideDuration: PRODUCT_SNACKBAR_MS,
        });
      },
    });

  const rand = { input: { startAdornment: <InputAdornment position="start">R</InputAdornment> } };
  return (
    <Paper variant="outlined" component="form" noValidate onSubmit={submit} sx={{ p: { xs: 2, sm: 3 } }}>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <FormNativeSelect
            control={control}
            name="refsProductTypeId"
            label="Product Type"
            required
            fullWidth
            emptyLabel="Select a product type"
            options={references.productTypes.map((type) => ({ value: String(type.id), label: type.name }))}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <FormNativeSelect
            control={control}
            name="suppliersMasterId"
            label="Supplier"
            required
            fullWidth
            disabled={!typeId}
            helperText={typeId ? undefined : PRODUCT_MESSAGES.typeFirst}
            emptyLabel="Select a supplier"
            options={suppliers.map((supplier) => ({ value: String(supplier.id), label: supplier.name }))}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 8 }}>
          <FormTextField control={control} name="displayName" label="Product name" required fullWidth />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <FormNativeSelect
            control={control}
            name="refsProductStatusId"
            label="Product Status"
            required
            fullWidth
            emptyLabel="Select a product status"
            options={references.productStatuses.map((status) => ({ value: String(status.id), label: status.name }))}
          />
        </Grid>
        <Grid size={12}>
          <FormTextField
            control={control}
            name="productDescription"
            label="Description"
            fullWidth
            multiline
            minRows={2}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <FormTextField
            control={control}
            name="customerPrice"
            label="Customer price (incl. VAT)"
            required
            fullWidth
            placeholder="0.00"
            slotProps={{ ...rand, htmlInput: { inputMode: 'decimal' } }}
            helperText="Kept without 15 % VAT"
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <FormTextField
            control={control}
            name="totalCommission"
            label="Total commission (excl. VAT)"
            required
            fullWidth
            placeholder="0.00"
            slotProps={{ ...rand, htmlInput: { inputMode: 'decimal' } }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <FormTextField
            control={control}
            name="revenuePoints"
            label="Revenue points"
            required
            fullWidth
            transform={(value) => value.replace(/\D/g, '')}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 8 }}>
          <Controller
            name="ogrPercentage"
            control={control}
            render={({ field, fieldState }) => (
              <FormControl fullWidth error={fieldState.invalid}>
                <FormLabel id="ogr-label">OGR percentage: {Number(field.value ?? 0).toFixed(1)} %</FormLabel>
                <Slider
                  aria-labelledby="ogr-label"
                  value={Number(field.value ?? 0)}
                  onChange={(_event, value) => field.onChange(value as number)}
                  onBlur={field.onBlur}
                  min={0}
                  max={OGR_MAX_PERCENT}
                  step={OGR_STEP_PERCENT}
                  marks={[0, 5, 10, 15, 20].map((value) => ({ value, label: `${value} %` }))}
                  valueLabelDisplay="auto"
                  getAriaValueText={(value) => `${value} percent`}
                  sx={{ mx: 1, width: 'calc(100% - 16px)' }}
                />
                {fieldState.error ? <FormHelperText>{fieldState.error.message}</FormHelperText> : null}
              </FormControl>
            )}
          />
        </Grid>
      </Grid>
      <Box
        sx={{
          display: 'flex',
          gap: 1,
          mt: 3,
          flexDirection: { xs: 'column-reverse', sm: 'row' },
          alignItems: { xs: 'stretch', sm: 'center' },
        }}
      >
        {product ? (
          <Button
            color="error"
            startIcon={<DeleteOutlineRoundedIcon />}
            onClick={() => setConfirming(true)}
            disabled={done}
          >
            Delete Product
          </Button>
        ) : null}
        <Box sx={{ flex: 1, display: { xs: 'none', sm: 'block' } }} />
        <Button component={RouterLink} to={adminSupplierPath(supplierId)}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" loading={save.isPending} disabled={done}>
          {product ? 'Update Product' : 'Add Product'}
        </Button>
      </Box>
      <ConfirmDialog
        open={confirming}
        title="Delete product"
        text={`Delete '${product?.displayName ?? ''}'? It will no longer be offered.`}
        confirmLabel="Yes"
        danger
        loading={remove.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={deleteProduct}
      />
    </Paper>
  );
}

/** '/add-product/{supplier}' and '/edit-product/{supplierId}/{productId}' (spec 3 §2.12, §5.6). */
export function ProductFormPage() {
  const params = useParams();
  const supplierId = Number(params.supplierId ?? 0);
  const productId = Number(params.productId ?? 0);
  const isEdit = productId > 0;
  useDocumentTitle(isEdit ? 'Edit Product' : 'Add Product');
  const references = useCatalogueReferences();
  const product = useProduct(productId);
  const supplierName = references.data?.suppliers.find((supplier) => supplier.id === supplierId)?.name;
  const failed = references.isError || (isEdit && product.isError);

  return (
    <Box sx={{ maxWidth: 960 }}>
      <PageHeader title={isEdit ? 'Edit Product' : 'Add Product'} subtitle={supplierName} />
      {failed ? (
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
          <Typography color="error" role="alert">
            {PRODUCT_MESSAGES.fetchFailed}
          </Typography>
          <Button
            onClick={() => {
              void references.refetch();
              if (isEdit) void product.refetch();
            }}
          >
            Retry
          </Button>
        </Box>
      ) : !references.data || (isEdit && !product.data) ? (
        <Typography color="text.secondary">Loading...</Typography>
      ) : (
        <ProductForm references={references.data} supplierId={supplierId} product={product.data} />
      )}
    </Box>
  );
}
