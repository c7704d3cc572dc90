import AddRoundedIcon from '@mui/icons-material/AddRounded';
import CompareArrowsRoundedIcon from '@mui/icons-material/CompareArrowsRounded';
import EditRoundedIcon from '@mui/icons-material/EditRounded';
import StorefrontRoundedIcon from '@mui/icons-material/StorefrontRounded';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { PRODUCT_MESSAGES } from '@portal/domain/catalogue/products';
import type { SupplierDetail } from '@portal/domain/catalogue/suppliers';
import { useSnackbar } from 'notistack';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { access } from '../../../app/access';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { errorMessage } from '../../../lib/api';
import { addProductPath, editSupplierPath } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useSignedInUser } from '../../../lib/use-signed-in-user';
import { PRODUCT_CARDS_PAGE_SIZE, useProductCards, useSupplier, useSupplierDeals } from '../api/catalogue';
import { MatchProductsDialog } from '../components/match-products-dialog';
import { ProductCard } from '../components/product-card';

/** Spec 3 §9: supplier detail load errors stay 5 seconds. */
const DETAIL_TOAST_MS = 5000;

function SupplierHeader({ supplier, onMatch }: { supplier: SupplierDetail; onMatch: () => void }) {
  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden', mb: 3 }}>
      {supplier.bannerUrl ? (
        <Box
          component="img"
          src={supplier.bannerUrl}
          alt={`${supplier.supplierName} banner`}
          sx={{ width: '100%', height: { xs: 90, md: 140 }, objectFit: 'cover', display: 'block' }}
        />
      ) : null}
      <Box
        sx={{
          p: { xs: 2, md: 3 },
          display: 'flex',
          gap: 2,
          alignItems: { xs: 'flex-start', md: 'center' },
          flexDirection: { xs: 'column', md: 'row' },
        }}
      >
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flex: 1, minWidth: 0 }}>
          <Avatar
            src={supplier.logoUrl || undefined}
            alt={`${supplier.supplierName} logo`}
            variant="rounded"
            sx={{ width: 72, height: 72, bgcolor: 'grey.100' }}
            slotProps={{ img: { sx: { objectFit: 'contain' } } }}
          >
            <StorefrontRoundedIcon color="action" />
          </Avatar>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h3" component="h1" sx={{ overflowWrap: 'anywhere' }}>
              {supplier.supplierName}
            </Typography>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mt: 0.5 }}>
              <Chip
                size="small"
                label={supplier.statusName}
                color={supplier.supplierStatus === 1 ? 'success' : 'default'}
              />
              <Typography variant="body2" color="text.secondary">
                {supplier.supplierDescription}
              </Typography>
            </Box>
          </Box>
        </Box>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button
            component={RouterLink}
            to={editSupplierPath(supplier.id)}
            variant="outlined"
            startIcon={<EditRoundedIcon />}
          >
            Edit Supplier
          </Button>
          <Button variant="outlined" startIcon={<CompareArrowsRoundedIcon />} onClick={onMatch}>
            Match Products
          </Button>
          <Button
            component={RouterLink}
            to={addProductPath(supplier.id)}
            variant="contained"
            startIcon={<AddRoundedIcon />}
          >
            Add Product
          </Button>
        </Box>
      </Box>
    </Paper>
  );
}

function ProductList({ supplierId }: { supplierId: number }) {
  const [page, setPage] = useState(1);
  const products = useProductCards(supplierId, page);
  if (products.isPending) return <Typography color="text.secondary">Loading...</Typography>;
  if (products.isError)
    return (
      <Typography color="error" role="alert">
        {PRODUCT_MESSAGES.fetchFailed}
      </Typography>
    );
  if (products.data.total === 0)
    return (
      <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
        <Typography color="text.secondary">No products added to this supplier</Typography>
      </Paper>
    );
  const pages = Math.ceil(products.data.total / PRODUCT_CARDS_PAGE_SIZE);
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box
        component="ul"
        aria-label="Products"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
        }}
      >
        {products.data.items.map((product) => (
          <Box component="li" key={product.id}>
            <ProductCard supplierId={supplierId} product={product} />
          </Box>
        ))}
      </Box>
      {pages > 1 ? (
        <Pagination
          count={pages}
          page={page}
          onChange={(_event, next) => setPage(next)}
          sx={{ justifySelf: 'center' }}
        />
      ) : null}
    </Box>
  );
}

function DealsSection({ supplierId }: { supplierId: number }) {
  const deals = useSupplierDeals(supplierId, true);
  return (
    <Box component="section" sx={{ mt: 4 }} aria-labelledby="deals-title">
      <Typography id="deals-title" variant="h5" component="h2" sx={{ mb: 2 }}>
        Deals
      </Typography>
      {deals.isPending ? (
        <Typography color="text.secondary">Loading...</Typography>
      ) : deals.isError ? (
        <LoadErrorAlert error={deals.error} onRetry={() => void deals.refetch()} />
      ) : deals.data.items.length === 0 ? (
        <Typography color="text.secondary">No deals for this supplier</Typography>
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-labelledby="deals-title">
            <TableHead>
              <TableRow>
                <TableCell>Deal Name</TableCell>
                <TableCell>Deal Type</TableCell>
                <TableCell>Product Type</TableCell>
                <TableCell align="right">Products</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {deals.data.items.map((deal) => (
                <TableRow key={deal.id}>
                  <TableCell sx={{ fontWeight: 600 }}>{deal.dealName}</TableCell>
                  <TableCell>{deal.dealTypeName}</TableCell>
                  <TableCell>{deal.productTypeName}</TableCell>
                  <TableCell align="right">{deal.productCount}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}

/** '/admin/Supplier/{id}' (spec 3 §2.12): the supplier, its products, import matches and (Deals flag) deals. */
export function SupplierDetailPage() {
  const id = Number(useParams().id ?? 0);
  const user = useSignedInUser();
  const supplier = useSupplier(id);
  const { enqueueSnackbar } = useSnackbar();
  const [matching, setMatching] = useState(false);
  useDocumentTitle(supplier.data?.supplierName ?? 'Supplier');
  useEffect(() => {
    if (supplier.error)
      enqueueSnackbar(errorMessage(supplier.error), { variant: 'error', autoHideDuration: DETAIL_TOAST_MS });
  }, [supplier.error, enqueueSnackbar]);

  if (supplier.isPending) return <Typography color="text.secondary">Loading...</Typography>;
  if (supplier.isError) return <LoadErrorAlert error={supplier.error} onRetry={() => void supplier.refetch()} />;
  return (
    <Box>
      <SupplierHeader supplier={supplier.data} onMatch={() => setMatching(true)} />
      {supplier.data.unmatchedImports > 0 ? (
        <Alert
          severity="error"
          sx={{ mb: 3 }}
          action={
            <Button color="inherit" size="small" onClick={() => setMatching(true)}>
              Match
            </Button>
          }
        >
          Unmatched Products - Please match all products
        </Alert>
      ) : null}
      <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
        Products
      </Typography>
      <ProductList supplierId={id} />
      {access.deals(user) ? <DealsSection supplierId={id} /> : null}
      <MatchProductsDialog supplierId={id} open={matching} onClose={() => setMatching(false)} />
    </Box>
  );
}
