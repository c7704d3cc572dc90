import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import {
  LEADERBOARD_EXPANDED,
  LEADERBOARD_LISTED,
  LEADERBOARD_MEDALS,
  type LeaderboardQuery,
  type LeaderboardRow,
  type LeaderboardView,
  monthLabel,
} from '@portal/domain/orders/leaderboard';
import { lazy, Suspense, useState } from 'react';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { useLeaderboard } from '../api/leaderboard';

// MUI X Charts comes only with the full leaderboard page.
const LeaderboardChart = lazy(() => import('./leaderboard-chart'));

const MEDAL_COLOURS = ['#d4a017', '#9aa4ad', '#b0703c'] as const;
const MEDAL_NAMES = ['Gold', 'Silver', 'Bronze'] as const;

const nameOf = (row: LeaderboardRow) => `${row.firstName} ${row.surname}`.trim();
const salesText = (sales: number) => `${sales} ${sales === 1 ? 'sale' : 'sales'}`;

function Medal({ row, viewerId }: { row: LeaderboardRow; viewerId: number }) {
  const place = row.rank - 1;
  return (
    <Box
      component="li"
      aria-label={`${MEDAL_NAMES[place]} medal: ${nameOf(row)}, ${salesText(row.sales)}`}
      sx={{
        flex: 1,
        minWidth: 0,
        textAlign: 'center',
        p: 1.5,
        borderRadius: 2,
        bgcolor: row.userId === viewerId ? 'primary.50' : 'grey.50',
        border: 1,
        borderColor: row.userId === viewerId ? 'primary.light' : 'divider',
        order: place === 0 ? 1 : place === 1 ? 0 : 2,
        mt: place === 0 ? 0 : 2,
      }}
    >
      <Avatar
        sx={{
          mx: 'auto',
          width: place === 0 ? 52 : 44,
          height: place === 0 ? 52 : 44,
          bgcolor: MEDAL_COLOURS[place],
          fontWeight: 700,
          boxShadow: 2,
        }}
      >
        {row.rank}
      </Avatar>
      <Typography variant="subtitle2" noWrap sx={{ mt: 1 }} title={nameOf(row)}>
        {nameOf(row)}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="div">
        {row.zCode}
      </Typography>
      <Typography variant="h6" component="div" sx={{ lineHeight: 1.3 }}>
        {row.sales}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {row.percentage}%
      </Typography>
    </Box>
  );
}

function RankRow({ row, viewerId }: { row: LeaderboardRow; viewerId: number }) {
  const mine = row.userId === viewerId;
  return (
    <Box
      component="li"
      sx={{
        display: 'grid',
        gridTemplateColumns: '2.5rem 1fr auto',
        alignItems: 'center',
        gap: 1,
        px: 1,
        py: 0.75,
        borderRadius: 1,
        bgcolor: mine ? 'primary.50' : 'transparent',
      }}
    >
      <Typography variant="subtitle2" color="text.secondary" sx={{ textAlign: 'right' }}>
        {row.rank}
      </Typography>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" noWrap sx={{ fontWeight: mine ? 700 : 500 }}>
          {nameOf(row)}{' '}
          <Typography component="span" variant="caption" color="text.secondary">
            {row.zCode}
          </Typography>
        </Typography>
        <LinearProgress
          variant="determinate"
          value={Number(row.percentage)}
          aria-label={`${row.percentage}% of the top`}
          sx={{ height: 4, borderRadius: 2, mt: 0.5 }}
        />
      </Box>
      <Box sx={{ textAlign: 'right', minWidth: 64 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {row.sales}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {row.percentage}%
        </Typography>
      </Box>
    </Box>
  );
}

export interface LeaderboardListProps {
  view: LeaderboardView;
  year: number;
  month: number;
  supplierId: number | undefined;
  viewerId: number;
  /** Shown above the list on the combined view. */
  title?: string;
  /** The top ten as a bar chart above the medals. */
  chart?: boolean;
}

/** One ranking: medals for the first three, ranks 4 to 10, Expand to 100. */
export function LeaderboardList({ view, year, month, supplierId, viewerId, title, chart }: LeaderboardListProps) {
  const [expanded, setExpanded] = useState(false);
  const query: LeaderboardQuery = {
    year,
    month,
    view,
    limit: expanded ? LEADERBOARD_EXPANDED : LEADERBOARD_LISTED,
    ...(supplierId ? { supplierId } : {}),
  };
  const board = useLeaderboard(query);
  const headingId = `leaderboard-${view}`;

  let content: React.ReactNode;
  if (board.isPending) {
    content = (
      <Box aria-label="Loading the leaderboard">
        <Skeleton variant="rounded" height={120} />
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={36} />
        ))}
      </Box>
    );
  } else if (board.isError) {
    content = <LoadErrorAlert error={board.error} onRetry={() => board.refetch()} />;
  } else if (board.data.rows.length === 0) {
    content = (
      <Alert severity="warning">
        <AlertTitle>No leaderboard update for {monthLabel({ year, month })}</AlertTitle>
        Check back later, or click PREV to see an earlier month.
      </Alert>
    );
  } else {
    const { rows, own, ranked } = board.data;
    const medals = rows.filter((row) => row.rank <= LEADERBOARD_MEDALS);
    const listed = rows.filter((row) => row.rank > LEADERBOARD_MEDALS);
    content = (
      <>
        {chart && rows.length > 1 ? (
          <Suspense fallback={<Skeleton variant="rounded" height={200} sx={{ mb: 2 }} />}>
            <Box sx={{ mb: 2 }}>
              <LeaderboardChart rows={rows} />
            </Box>
          </Suspense>
        ) : null}
        <Box
          component="ol"
          aria-label="Top three"
          sx={{ display: 'flex', gap: 1, p: 0, m: 0, listStyle: 'none', alignItems: 'flex-start' }}
        >
          {medals.map((row) => (
            <Medal key={row.userId} row={row} viewerId={viewerId} />
          ))}
        </Box>
        {listed.length ? (
          <Box component="ol" aria-label="Ranks" sx={{ p: 0, m: 0, mt: 1.5, listStyle: 'none' }}>
            {listed.map((row) => (
              <RankRow key={row.userId} row={row} viewerId={viewerId} />
            ))}
          </Box>
        ) : null}
        {own ? (
          <Box sx={{ mt: 1, pt: 1, borderTop: 1, borderColor: 'divider' }}>
            <Typography variant="caption" color="text.secondary" sx={{ px: 1 }}>
              Your position
            </Typography>
            <Box component="ol" sx={{ p: 0, m: 0, listStyle: 'none' }}>
              <RankRow row={own} viewerId={viewerId} />
            </Box>
          </Box>
        ) : null}
        {ranked > LEADERBOARD_LISTED ? (
          <Box sx={{ textAlign: 'center', mt: 1 }}>
            <Button size="small" onClick={() => setExpanded((open) => !open)} aria-expanded={expanded}>
              {expanded ? 'Collapse' : 'Expand'}
            </Button>
          </Box>
        ) : null}
      </>
    );
  }

  return (
    <Box component="section" aria-labelledby={title ? headingId : undefined} sx={{ minWidth: 0 }}>
      {title ? (
        <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
          {title}
        </Typography>
      ) : null}
      <Box sx={{ opacity: board.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}>{content}</Box>
    </Box>
  );
}
