import ChevronLeftRoundedIcon from '@mui/icons-material/ChevronLeftRounded';
import ChevronRightRoundedIcon from '@mui/icons-material/ChevronRightRounded';
import EmojiEventsRoundedIcon from '@mui/icons-material/EmojiEventsRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import {
  currentMonth,
  isAfterCurrent,
  type LeaderboardView,
  type MonthOfYear,
  monthLabel,
  shiftMonth,
} from '@portal/domain/orders/leaderboard';
import { useState } from 'react';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useSignedInUser } from '../../../lib/use-signed-in-user';
import { useLeaderboardSuppliers } from '../api/leaderboard';
import { LeaderboardList } from './leaderboard-list';

const ALL = 'all';

/**
 * The leaderboard (spec 2): supplier filter, PREV / NEXT month (NEXT stops at the current month),
 * Overall and Structure side by side on wide screens, one at a time with a toggle on phones.
 */
export function LeaderboardPanel({ withChart = false }: { withChart?: boolean }) {
  const user = useSignedInUser();
  const mobile = useIsMobile();
  const suppliers = useLeaderboardSuppliers();
  const [month, setMonth] = useState<MonthOfYear>(() => currentMonth());
  const [supplier, setSupplier] = useState<string>(ALL);
  const [view, setView] = useState<LeaderboardView>('overall');
  const supplierId = supplier === ALL ? undefined : Number(supplier);
  const nextDisabled = isAfterCurrent(shiftMonth(month, 1));
  const list = (which: LeaderboardView, title?: string) => (
    <LeaderboardList
      key={`${which}-${month.year}-${month.month}-${supplier}`}
      view={which}
      year={month.year}
      month={month.month}
      supplierId={supplierId}
      viewerId={user.id}
      {...(title ? { title } : {})}
      chart={withChart && !mobile}
    />
  );

  return (
    <Card component="section" aria-labelledby="leaderboard-heading">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', mb: 2 }}>
          <EmojiEventsRoundedIcon color="warning" />
          <Typography id="leaderboard-heading" variant="h6" component="h2" sx={{ flex: 1, minWidth: 140 }}>
            Leaderboard
          </Typography>
          <TextField
            select
            size="small"
            label="Supplier"
            value={supplier}
            onChange={(event) => setSupplier(event.target.value)}
            sx={{ width: { xs: '100%', sm: 240 } }}
          >
            <MenuItem value={ALL}>All Suppliers</MenuItem>
            {(suppliers.data ?? []).map((option) => (
              <MenuItem key={option.id} value={String(option.id)}>
                {option.name}
              </MenuItem>
            ))}
          </TextField>
        </Box>
        <Box
          sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 2 }}
          role="group"
          aria-label="Month"
        >
          <Button startIcon={<ChevronLeftRoundedIcon />} onClick={() => setMonth((m) => shiftMonth(m, -1))}>
            PREV
          </Button>
          <Typography variant="subtitle1" sx={{ fontWeight: 600 }} aria-live="polite">
            {monthLabel(month)}
          </Typography>
          <Button
            endIcon={<ChevronRightRoundedIcon />}
            onClick={() => setMonth((m) => shiftMonth(m, 1))}
            disabled={nextDisabled}
          >
            NEXT
          </Button>
        </Box>
        {mobile ? (
          <>
            <ToggleButtonGroup
              exclusive
              fullWidth
              size="small"
              value={view}
              onChange={(_, value: LeaderboardView | null) => value && setView(value)}
              aria-label="Leaderboard view"
              sx={{ mb: 2 }}
            >
              <ToggleButton value="overall">Overall</ToggleButton>
              <ToggleButton value="structure">Structure</ToggleButton>
            </ToggleButtonGroup>
            {list(view)}
          </>
        ) : (
          <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 3 }}>
            {list('overall', 'Overall')}
            {list('structure', 'Structure')}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
