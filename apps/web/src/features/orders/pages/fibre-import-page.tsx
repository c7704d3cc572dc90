import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { CsvFileField, ImportStartErrors } from '../../../components/csv-file-field';
import { PageHeader } from '../../../components/page-header';
import { errorMessage } from '../../../lib/api';
import { CsvFileInput, isJobRunning, useImportUpload } from '../../../lib/file-import';
import { useDocumentTitle } from '../../../lib/use-document-title';
import {
  useFibreImportStatus,
  useFibreSuppliers,
  useImportProductTypes,
  useStartFibreImport,
} from '../api/fibre-import';
import { ImportJobProgress } from '../components/import-progress';
import { ImportReport } from '../components/import-report';

// Import Fibre Activity (spec 3 §2.10): product type → supplier (cleared when the type changes) →
// CSV; the job's stage and percent while it runs, then the counts and the rejected rows.

const ImportForm = z.object({
  productTypeId: z.string().min(1, 'Please choose a product type.'),
  supplierId: z.string().min(1, 'Please choose a supplier.'),
  file: CsvFileInput,
});
type ImportForm = z.input<typeof ImportForm>;

export function FibreImportPage() {
  useDocumentTitle('Import Fibre Activity');
  const productTypes = useImportProductTypes();
  const start = useStartFibreImport();
  const upload = useImportUpload('fibre_activity');
  const [importId, setImportId] = useState<number | undefined>();
  const [page, setPage] = useState(1);
  const status = useFibreImportStatus(importId, page);

  const form = useForm<ImportForm>({
    resolver: zodResolver(ImportForm),
    defaultValues: { productTypeId: '', supplierId: '', file: null },
  });
  const productTypeId = form.watch('productTypeId');
  const suppliers = useFibreSuppliers(productTypeId ? Number(productTypeId) : undefined);
  const noSuppliers = Boolean(productTypeId) && suppliers.isSuccess && suppliers.data.length === 0;

  const current = status.data;
  const jobRunning = isJobRunning(current);
  const running =
    upload.percent !== undefined || start.isPending || (importId !== undefined && (!current || jobRunning));

  const submit = form.handleSubmit(async (values) => {
    setImportId(undefined);
    setPage(1);
    start.reset();
    const fileId = await upload.upload(values.file as File);
    if (fileId === undefined) return;
    start.mutate(
      { productTypeId: Number(values.productTypeId), supplierId: Number(values.supplierId), fileId },
      { onSuccess: (started) => setImportId(started.id) },
    );
  });

  return (
    <Box sx={{ maxWidth: 900 }}>
      <PageHeader title="Import Fibre Activity" subtitle="Load a supplier's fibre orders from its CSV file." />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2.5 }}>
        <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2.5 }}>
          <Controller
            name="productTypeId"
            control={form.control}
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                select
                label="Product Type"
                required
                disabled={running || productTypes.isPending}
                error={Boolean(fieldState.error) || productTypes.isError}
                helperText={
                  fieldState.error?.message ?? (productTypes.isError ? 'Failed to load the product types.' : undefined)
                }
                onChange={(event) => {
                  field.onChange(event.target.value);
                  // A new type clears the supplier (spec 3 §2.10).
                  form.setValue('supplierId', '');
                }}
              >
                {(productTypes.data?.items ?? []).map((type) => (
                  <MenuItem key={type.id} value={String(type.id)}>
                    {type.name}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <Controller
            name="supplierId"
            control={form.control}
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                select
                label="Supplier"
                required
                disabled={running || !productTypeId || suppliers.isPending || noSuppliers}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message ?? (noSuppliers ? 'No available suppliers.' : undefined)}
              >
                {(suppliers.data ?? []).map((supplier) => (
                  <MenuItem key={supplier.id} value={String(supplier.id)}>
                    {supplier.name}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          {noSuppliers ? <Alert severity="info">No available suppliers.</Alert> : null}
          <CsvFileField control={form.control} name="file" label="CSV file" disabled={running} />
          <Box>
            <Button type="submit" variant="contained" loading={running} disabled={noSuppliers}>
              Import
            </Button>
          </Box>
        </Box>
        <ImportJobProgress uploadPercent={upload.percent} job={current} />
        <ImportStartErrors uploadError={upload.error} startError={start.error} />
        {status.isError ? <Alert severity="error">{errorMessage(status.error)}</Alert> : null}
        {current && !jobRunning ? (
          <ImportReport
            job={current}
            summary={`${current.fileName}: ${current.counts.rows} rows — ${current.counts.inserted} new, ${current.counts.updated} updated, ${current.counts.rejected} rejected; ${current.counts.attributed} new orders matched to dealers.`}
            withOrderNumber
            page={page}
            onPage={setPage}
          />
        ) : null}
      </Paper>
    </Box>
  );
}
