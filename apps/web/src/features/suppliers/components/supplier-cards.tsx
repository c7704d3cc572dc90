import StorefrontRoundedIcon from '@mui/icons-material/StorefrontRounded';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { isExternalHref, type SupplierCard } from '@portal/domain/suppliers/supplier-page';
import { Link as RouterLink } from 'react-router';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { useDashboardSuppliers } from '../api/suppliers';

const gridSx = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fill, minmax(220px, 1fr))' },
} as const;

function CardBody({ card }: { card: SupplierCard }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, p: 2, minHeight: 88 }}>
      <Avatar
        variant="rounded"
        src={card.logoUrl ?? undefined}
        alt=""
        sx={{
          width: 56,
          height: 56,
          bgcolor: card.logoUrl ? 'transparent' : 'primary.main',
          '& img': { objectFit: 'contain' },
        }}
      >
        <StorefrontRoundedIcon />
      </Avatar>
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {card.name}
        </Typography>
        {card.registered ? null : <Chip size="small" label="Not Registered" sx={{ mt: 0.5 }} />}
      </Box>
    </Box>
  );
}

function SupplierCardItem({ card }: { card: SupplierCard }) {
  if (!card.registered) {
    // Not registered: shown, but no link to follow (spec 2 "Dashboard").
    return (
      <Card
        variant="outlined"
        role="listitem"
        aria-label={`${card.name}, Not Registered`}
        aria-disabled="true"
        sx={{ opacity: 0.6, bgcolor: 'action.hover' }}
      >
        <CardBody card={card} />
      </Card>
    );
  }
  const external = isExternalHref(card.href);
  return (
    <Card variant="outlined" role="listitem" aria-label={card.name} sx={{ '&:hover': { borderColor: 'primary.main' } }}>
      {external ? (
        <CardActionArea href={card.href} target="_blank" rel="noopener noreferrer" aria-label={card.name}>
          <CardBody card={card} />
        </CardActionArea>
      ) : (
        <CardActionArea component={RouterLink} to={card.href} aria-label={card.name}>
          <CardBody card={card} />
        </CardActionArea>
      )}
    </Card>
  );
}

/** The dashboard's supplier cards: open the supplier's dashboard, or say 'Not Registered'. */
export function SupplierCards() {
  const suppliers = useDashboardSuppliers();
  return (
    <Box component="section" aria-label="Supplier dashboards" sx={{ mb: 3 }}>
      {suppliers.isPending ? (
        <Box sx={gridSx}>
          {[0, 1, 2].map((key) => (
            <Skeleton key={key} variant="rounded" height={88} />
          ))}
        </Box>
      ) : suppliers.isError ? (
        <LoadErrorAlert error={suppliers.error} onRetry={() => suppliers.refetch()} />
      ) : suppliers.data.suppliers.length === 0 ? (
        <Alert severity="info">No supplier dashboards are available to you yet.</Alert>
      ) : (
        <Box role="list" sx={gridSx}>
          {suppliers.data.suppliers.map((card) => (
            <SupplierCardItem key={card.id} card={card} />
          ))}
        </Box>
      )}
    </Box>
  );
}
