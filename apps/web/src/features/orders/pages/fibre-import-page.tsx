import { zodResolver } from '@hookform/resolvers/zod';
import UploadFileRoundedIcon from '@mui/icons-material/UploadFileRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { FibreImportStatus } from '@portal/domain/orders/fibre-import';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { PageHeader } from '../../../components/page-header';
import { errorMessage } from '../../../lib/api';
import { uploadFile } from '../../../lib/upload-file';
import { useDocumentTitle } from '../../../lib/use-document-title';
import {
  useFibreImportStatus,
  useFibreSuppliers,
  useImportProductTypes,
  useStartFibreImport,
} from '../api/fibre-import';
import { IMPORT_STAGES, ImportProgress } from '../components/import-progress';

// Import Fibre Activity (spec 3 §2.10): product type → supplier (cleared when the type changes) →
// CSV; the job's stage and percent while it runs, then the counts and the rejected rows.

const ImportForm = z.object({
  productTypeId: z.string().min(1, 'Please choose a product type.'),
  supplierId: z.string().min(1, 'Please choose a supplier.'),
  file: z
    .instanceof(File, { message: 'Please choose a CSV file.' })
    .nullable()
    .refine((file) => file !== null, {
      message: 'Please choose a CSV file.',
    }),
});
type ImportForm = z.input<typeof ImportForm>;

function ImportResult({
  status,
  page,
  onPage,
}: {
  status: FibreImportStatus;
  page: number;
  onPage: (page: number) => void;
}) {
  if (status.status === 'failed') {
    return <Alert severity="error">{`Import failed: ${status.error ?? 'unknown error'}`}</Alert>;
  }
  const { counts } = status;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Alert severity={counts.rejected ? 'warning' : 'success'}>
        {`${status.fileName}: ${counts.rows} rows — ${counts.inserted} new, ${counts.updated} updated, ${counts.rejected} rejected; ${counts.attributed} new orders matched to dealers.`}
      </Alert>
      {counts.rejected > 0 ? (
        <Box>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            Rejected rows
          </Typography>
          {counts.rejected > status.rejected.total ? (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              The first {status.rejected.total} of {counts.rejected} rejected rows are listed.
            </Typography>
          ) : null}
          <TableContainer component={Paper} variant="outlined">
            <Table size="small" aria-label="Rejected rows">
              <TableHead>
                <TableRow>
                  <TableCell>Line</TableCell>
                  <TableCell>Order Number</TableCell>
                  <TableCell>Reason</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {status.rejected.items.map((row) => (
                  <TableRow key={row.line}>
                    <TableCell>{row.line}</TableCell>
                    <TableCell sx={{ wordBreak: 'break-all' }}>{row.orderNumber ?? '—'}</TableCell>
                    <TableCell>{row.reason}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <TablePagination
            component="div"
            count={status.rejected.total}
            page={page - 1}
            rowsPerPage={status.rejected.pageSize}
            rowsPerPageOptions={[status.rejected.pageSize]}
            onPageChange={(_event, next) => onPage(next + 1)}
          />
        </Box>
      ) : null}
    </Box>
  );
}

export function FibreImportPage() {
  useDocumentTitle('Import Fibre Activity');
  const productTypes = useImportProductTypes();
  const start = useStartFibreImport();
  const [uploadPercent, setUploadPercent] = useState<number | undefined>();
  const [uploadError, setUploadError] = useState<string | undefined>();
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

  const running =
    uploadPercent !== undefined ||
    start.isPending ||
    (importId !== undefined && (!status.data || status.data.status === 'queued' || status.data.status === 'running'));

  const submit = form.handleSubmit(async (values) => {
    setUploadError(undefined);
    setImportId(undefined);
    setPage(1);
    start.reset();
    let fileId: string;
    try {
      setUploadPercent(0);
      const address = await uploadFile(values.file as File, 'fibre_activity', setUploadPercent);
      fileId = address.slice(address.lastIndexOf('/') + 1);
    } catch (error) {
      setUploadError(`Error uploading file: ${errorMessage(error)}`);
      return;
    } finally {
      setUploadPercent(undefined);
    }
    start.mutate(
      { productTypeId: Number(values.productTypeId), supplierId: Number(values.supplierId), fileId },
      { onSuccess: (started) => setImportId(started.id) },
    );
  });

  const current = status.data;
  const jobRunning = current && (current.status === 'queued' || current.status === 'running');

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
          <Controller
            name="file"
            control={form.control}
            render={({ field, fieldState }) => (
              <Box sx={{ display: 'grid', gap: 0.5 }}>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
                  <Button component="label" variant="outlined" startIcon={<UploadFileRoundedIcon />} disabled={running}>
                    Choose CSV file
                    <input
                      hidden
                      type="file"
                      accept=".csv,text/csv"
                      aria-label="CSV file"
                      onChange={(event) => {
                        field.onChange(event.target.files?.[0] ?? null);
                        event.target.value = '';
                      }}
                    />
                  </Button>
                  <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
                    {field.value ? (field.value as File).name : 'No file chosen'}
                  </Typography>
                </Box>
                {fieldState.error ? (
                  <Typography variant="caption" color="error">
                    {fieldState.error.message}
                  </Typography>
                ) : null}
              </Box>
            )}
          />
          <Box>
            <Button type="submit" variant="contained" loading={running} disabled={noSuppliers}>
              Import
            </Button>
          </Box>
        </Box>
        {uploadPercent !== undefined ? <ImportProgress label="Uploading file" percent={uploadPercent} /> : null}
        {jobRunning ? (
          <ImportProgress
            label={IMPORT_STAGES[current.stage ?? current.status] ?? current.stage ?? 'Working'}
            percent={current.percent}
          />
        ) : null}
        {uploadError ? <Alert severity="error">{uploadError}</Alert> : null}
        {start.isError ? <Alert severity="error">{`Import failed: ${errorMessage(start.error)}`}</Alert> : null}
        {status.isError ? <Alert severity="error">{errorMessage(status.error)}</Alert> : null}
        {current && !jobRunning ? <ImportResult status={current} page={page} onPage={setPage} /> : null}
      </Paper>
    </Box>
  );
}
