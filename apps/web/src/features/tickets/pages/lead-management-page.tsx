import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { Lead } from '@portal/domain/orders/my-lists';
import { OwnListPage } from '../../../components/own-list-page';
import { useMyLeads } from '../api/leads';

const STATUS_COLOUR = { Open: 'info', 'In Progress': 'warning', Closed: 'success' } as const;

function LeadCard({ lead }: { lead: Lead }) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'flex-start' }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
            {lead.leadName}
          </Typography>
          <Chip size="small" label={lead.leadStatus} color={STATUS_COLOUR[lead.leadStatus]} />
        </Box>
        <Typography variant="body2">{lead.leadPhone ?? 'No phone number'}</Typography>
        <Typography variant="body2" color="text.secondary">
          {lead.leadAddress ?? 'No address given'}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
          {lead.supplierName} · {lead.ticketNum}
        </Typography>
      </CardContent>
    </Card>
  );
}

/** '/agent-dash/lead-management': the dealer's sales-assist leads across suppliers. */
export function LeadManagementPage() {
  return (
    <OwnListPage
      title="Lead Management"
      searchLabel="Search leads"
      useList={useMyLeads}
      keyOf={(lead) => lead.id}
      renderCard={(lead) => <LeadCard lead={lead} />}
      emptyText="You have no leads yet. Leads you add under Sales Assist on a supplier's page show here."
    />
  );
}
