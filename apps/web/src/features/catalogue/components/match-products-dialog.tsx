import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useEffect, useState } from 'react';
import { PageLoader } from '../../../components/page-loader';
import { errorMessage } from '../../../lib/api';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useProductMatches, useSaveProductMatches } from '../api/catalogue';

interface MatchProductsDialogProps {
  supplierId: number;
  open: boolean;
  onClose: () => void;
}

/** 'Match Products' (spec 3 §2.12): each imported product gets a master product of the supplier. */
export function MatchProductsDialog({ supplierId, open, onClose }: MatchProductsDialogProps) {
  const matches = useProductMatches(supplierId, open);
  const save = useSaveProductMatches(supplierId);
  const { enqueueSnackbar } = useSnackbar();
  const isMobile = useIsMobile();
  const [chosen, setChosen] = useState<Record<number, string>>({});
  useEffect(() => {
    if (!open || !matches.data) return;
    setChosen(
      Object.fromEntries(
        matches.data.items.map((item) => [item.id, item.productsMasterId ? String(item.productsMasterId) : '']),
      ),
    );
  }, [open, matches.data]);

  const changed = (matches.data?.items ?? []).filter(
    (item) => chosen[item.id] && chosen[item.id] !== String(item.productsMasterId ?? ''),
  );
  const update = () =>
    save.mutate(
      { matches: changed.map((item) => ({ importId: item.id, productsMasterId: Number(chosen[item.id]) })) },
      {
        onSuccess: (result) =>
          enqueueSnackbar(
            result.unmatched ? `Matches saved; ${result.unmatched} still unmatched` : 'All products matched',
            { variant: 'success' },
          ),
        onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error' }),
      },
    );

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" fullScreen={isMobile} aria-labelledby="match-title">
      <DialogTitle id="match-title">Match Products</DialogTitle>
      <DialogContent dividers>
        {matches.isPending ? (
          <PageLoader label="Loading..." />
        ) : matches.isError ? (
          <Alert severity="error">{errorMessage(matches.error)}</Alert>
        ) : matches.data.items.length === 0 ? (
          <Typography color="text.secondary">No imported products for this supplier.</Typography>
        ) : (
          <Box sx={{ display: 'grid', gap: 2 }}>
            <Typography variant="body2" color="text.secondary">
              {matches.data.unmatched} of {matches.data.total} imported products are not matched yet.
              {matches.data.total > matches.data.items.length
                ? ` Showing the first ${matches.data.items.length}; update to see the next ones.`
                : ''}
            </Typography>
            {matches.data.products.length === 0 ? (
              <Alert severity="warning">Add this supplier's products first, then match the imports to them.</Alert>
            ) : null}
            {matches.data.items.map((item) => (
              <Box
                key={item.id}
                sx={{
                  display: 'grid',
                  gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
                  gap: 1,
                  alignItems: 'center',
                }}
              >
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {item.productName}
                  {item.productsMasterId ? null : (
                    <Typography component="span" variant="caption" color="error.main" sx={{ ml: 1 }}>
                      Unmatched
                    </Typography>
                  )}
                </Typography>
                <TextField
                  select
                  size="small"
                  label={`Master product for ${item.productName}`}
                  value={chosen[item.id] ?? ''}
                  onChange={(event) => setChosen((current) => ({ ...current, [item.id]: event.target.value }))}
                  slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
                >
                  <option value="">Choose a product</option>
                  {matches.data.products.map((product) => (
                    <option key={product.id} value={product.id}>
                      {product.name}
                    </option>
                  ))}
                </TextField>
              </Box>
            ))}
          </Box>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose}>Close</Button>
        <Button variant="contained" disabled={changed.length === 0} loading={save.isPending} onClick={update}>
          Update
        </Button>
      </DialogActions>
    </Dialog>
  );
}
