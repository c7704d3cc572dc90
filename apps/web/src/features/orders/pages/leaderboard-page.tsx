import Box from '@mui/material/Box';
import { PageHeader } from '../../../components/page-header';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { LeaderboardPanel } from '../components/leaderboard-panel';

/** '/agent-dash/leaderBoard': the leaderboard on a page of its own. */
export function LeaderboardPage() {
  useDocumentTitle('Leaderboard');
  return (
    <Box sx={{ maxWidth: 1100 }}>
      <PageHeader title="Leaderboard" subtitle="Orders paid this month, ranked" />
      <LeaderboardPanel withChart />
    </Box>
  );
}
