import Inventory2RoundedIcon from '@mui/icons-material/Inventory2Rounded';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import {
  ACTIVE_PRODUCT_STATUS,
  type ProductCard as Product,
  productStatusLabel,
} from '@portal/domain/catalogue/products';
import { Link as RouterLink } from 'react-router';
import { formatRand } from '../../../lib/format';
import { editProductPath } from '../../../lib/paths';

/** A product on the supplier page (spec 3 §2.12): logo, name, status and the price with VAT. */
export function ProductCard({ supplierId, product }: { supplierId: number; product: Product }) {
  const healthy = product.refsProductStatusId === ACTIVE_PRODUCT_STATUS;
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardActionArea
        component={RouterLink}
        to={editProductPath(supplierId, product.id)}
        sx={{
          height: '100%',
          p: 2,
          display: 'grid',
          gridTemplateColumns: 'minmax(0, 1fr)',
          justifyContent: 'stretch',
          justifyItems: 'start',
          gap: 1.5,
          alignContent: 'start',
        }}
      >
        <Box sx={{ height: 48, display: 'flex', alignItems: 'center' }}>
          {product.logoUrl ? (
            <Box
              component="img"
              src={product.logoUrl}
              alt=""
              sx={{ maxHeight: 48, maxWidth: 120, objectFit: 'contain' }}
            />
          ) : (
            <Inventory2RoundedIcon color="disabled" sx={{ fontSize: 40 }} />
          )}
        </Box>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
          {product.displayName}
        </Typography>
        <Box>
          <Chip
            size="small"
            label={productStatusLabel(product.refsProductStatusId, product.statusName)}
            color={healthy ? 'success' : 'warning'}
            variant={healthy ? 'filled' : 'outlined'}
            sx={{ maxWidth: '100%', height: 'auto', py: 0.25, '& .MuiChip-label': { whiteSpace: 'normal' } }}
          />
        </Box>
        <Typography variant="h6" component="p" sx={{ fontWeight: 700 }}>
          {formatRand(product.priceInclVatCents)}
        </Typography>
      </CardActionArea>
    </Card>
  );
}
