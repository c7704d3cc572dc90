import Alert from '@mui/material/Alert';
import { zCode } from '@portal/domain/people/z-code';
import { dealerLabel } from '@portal/domain/teams/team-list';
import { BackButton } from '../../../components/back-button';
import { PageHeader } from '../../../components/page-header';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useDealerDetail } from '../api/team-lists';
import { TeamListView } from '../components/team-list-view';
import { useDealerIdParam } from '../components/use-dealer-id';
import { teamPaths } from '../team-paths';

/** '/dealer-agents/{dealerId}' (admins): the dealer's direct children. */
export function DealerAgentsPage() {
  const dealerId = useDealerIdParam();
  useDocumentTitle('Dealer Agents');
  if (dealerId === undefined) return <Alert severity="error">Invalid user ID</Alert>;
  return <DealerAgents dealerId={dealerId} />;
}

function DealerAgents({ dealerId }: { dealerId: number }) {
  const dealer = useDealerDetail(dealerId);
  return (
    <>
      <BackButton fallback={teamPaths.allDealers} />
      <PageHeader
        title="Dealer Agents"
        subtitle={
          dealer.data ? `Reporting directly to ${dealerLabel(dealer.data)}` : `Reporting directly to ${zCode(dealerId)}`
        }
      />
      <TeamListView parentId={dealerId} canBulkUpdate showDownstream />
    </>
  );
}
