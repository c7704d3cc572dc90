import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { errorMessage } from '../../../lib/api';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useSalesNoteSuppliers } from '../api/sales-notes';
import { SalesNotesTab } from '../components/sales-notes-tab';

/** '/edit-sales-note' (spec 3 §2.14): every admin edits and removes the dealers' Logged Sales of a supplier. */
export function EditSalesNotePage() {
  useDocumentTitle('Edit Sales Note');
  const [params, setParams] = useSearchParams();
  const suppliers = useSalesNoteSuppliers();
  const supplierId = Number(params.get('supplier')) || null;
  const supplier = suppliers.data?.find((item) => item.id === supplierId);

  return (
    <Box>
      <PageHeader title="Edit Sales Note" subtitle="The sales dealers logged for a supplier, newest first" />
      <TextField
        select
        label="Supplier"
        value={supplierId ?? ''}
        onChange={(event) => {
          const next = new URLSearchParams(params);
          if (event.target.value) next.set('supplier', event.target.value);
          else next.delete('supplier');
          setParams(next, { replace: true });
        }}
        disabled={suppliers.isPending}
        sx={{ mb: 3, width: { xs: '100%', sm: 360 } }}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        <option value="">{suppliers.isPending ? 'Loading suppliers…' : 'Select a supplier'}</option>
        {(suppliers.data ?? []).map((item) => (
          <option key={item.id} value={item.id}>
            {item.name}
          </option>
        ))}
      </TextField>
      {suppliers.isError ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          Error loading suppliers: {errorMessage(suppliers.error)}
        </Alert>
      ) : null}
      {supplier ? (
        <SalesNotesTab supplierId={supplier.id} scope="all" />
      ) : suppliers.data ? (
        <Alert severity="info">
          {suppliers.data.length ? 'Select a supplier to see its logged sales.' : 'No supplier takes sales notes yet.'}
        </Alert>
      ) : null}
    </Box>
  );
}
