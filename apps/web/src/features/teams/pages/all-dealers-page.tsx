import { PageHeader } from '../../../components/page-header';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { TeamListView } from '../components/team-list-view';

/** '/all-dealers' (admins with Users Management): every dealer in the network. */
export function AllDealersPage() {
  useDocumentTitle('All Dealers');
  return (
    <>
      <PageHeader title="All Dealers" subtitle="Every dealer in the network, deleted users left out." />
      <TeamListView canBulkUpdate showDownstream />
    </>
  );
}
