import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { ActiveOrder } from '@portal/domain/orders/my-lists';
import { formatDate } from '@portal/domain/platform/format';
import { OwnListPage } from '../../../components/own-list-page';
import { useActiveOrders } from '../api/my-lists';

const PROGRESS_COLOUR = { Placed: 'default', Paid: 'primary', Installed: 'warning' } as const;

function OrderCard({ order }: { order: ActiveOrder }) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
          {order.orderName}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {order.orderAddress ?? 'No address given'}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
          {order.supplierName} · {order.orderNumber}
          {order.product ? ` · ${order.product}` : ''} · {formatDate(order.createdDate)}
        </Typography>
        <Chip size="small" label={order.progress} color={PROGRESS_COLOUR[order.progress]} sx={{ mt: 1 }} />
      </CardContent>
    </Card>
  );
}

/** '/agent-dash/active-orders': the dealer's orders not yet activated. */
export function ActiveOrdersPage() {
  return (
    <OwnListPage
      title="Active Orders"
      searchLabel="Search orders"
      useList={useActiveOrders}
      keyOf={(order) => order.id}
      renderCard={(order) => <OrderCard order={order} />}
      emptyText="You have no active orders. Orders show here from when they are placed until they are activated."
    />
  );
}
