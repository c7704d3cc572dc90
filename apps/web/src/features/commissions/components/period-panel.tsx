import { zodResolver } from '@hookform/resolvers/zod';
import EventRoundedIcon from '@mui/icons-material/EventRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { type CommissionPeriod, type CurrentCommissionPeriod, OpenNextPeriod } from '@portal/domain/commissions/cycle';
import { formatLongDate } from '@portal/domain/platform/format';
import { useForm } from 'react-hook-form';
import { FormTextField } from '../../../components/form-fields';
import { errorMessage } from '../../../lib/api';
import { useOpenNextPeriod } from '../api/commission-cycle';

function addDays(iso: string, days: number): string {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

function endOfMonth(iso: string): string {
  const date = new Date(`${iso}T00:00:00Z`);
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).toISOString().slice(0, 10);
}

function PeriodFacts({ period }: { period: CommissionPeriod }) {
  const facts: [string, string][] = [
    ['Start', formatLongDate(period.startDate)],
    ['End', formatLongDate(period.endDate)],
    ['Paid date', period.paidDate ? formatLongDate(period.paidDate) : 'Not set'],
    ['Lines in the period', String(period.stampedLines)],
  ];
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}>
      {facts.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 500 }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** Decision 032: after a close, the next period starts the day after the last one ended. */
function OpenNextPeriodForm({ after }: { after: string | null }) {
  const open = useOpenNextPeriod();
  const start = after ? addDays(after, 1) : new Date().toISOString().slice(0, 10);
  const end = endOfMonth(start);
  const form = useForm<OpenNextPeriod>({
    resolver: zodResolver(OpenNextPeriod),
    defaultValues: { startDate: start, endDate: end, paidDate: addDays(end, 7) },
  });
  return (
    <Box
      component="form"
      noValidate
      onSubmit={form.handleSubmit((values) => open.mutate(values))}
      sx={{ display: 'grid', gap: 1.5 }}
    >
      <Typography variant="subtitle2">Open the next period</Typography>
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}>
        <FormTextField control={form.control} name="startDate" type="date" label="Start" size="small" />
        <FormTextField control={form.control} name="endDate" type="date" label="End" size="small" />
        <FormTextField control={form.control} name="paidDate" type="date" label="Paid date" size="small" />
      </Box>
      {open.isError ? <Alert severity="error">{errorMessage(open.error)}</Alert> : null}
      <Box>
        <Button type="submit" variant="contained" disabled={open.isPending}>
          Open Next Period
        </Button>
      </Box>
    </Box>
  );
}

/** The current period (spec 3 §2.9): its dates, paid date and status; after a close, the next one. */
export function PeriodPanel({ data }: { data: CurrentCommissionPeriod }) {
  const { current, previous } = data;
  const closed = current?.status === 'closed';
  return (
    <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 1.5, alignContent: 'start' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, justifyContent: 'space-between' }}>
        <Typography variant="h6" component="h2" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <EventRoundedIcon color="primary" /> Current period
        </Typography>
        {current ? (
          <Chip label={closed ? 'Closed' : 'Open'} color={closed ? 'default' : 'success'} data-testid="period-status" />
        ) : null}
      </Box>
      {current ? <PeriodFacts period={current} /> : <Typography>No commissions period is open yet.</Typography>}
      <Typography variant="body2" color="text.secondary">
        {`${data.unstampedLines} lines wait for stamping, ${data.heldLines} of them held until their payee passes the compulsory training.`}
      </Typography>
      {previous && !closed ? (
        <Typography variant="body2" color="text.secondary">
          {`Previous period ${formatLongDate(previous.startDate)} – ${formatLongDate(previous.endDate)}: closed, paid ${previous.paidDate ? formatLongDate(previous.paidDate) : ''}.`}
        </Typography>
      ) : null}
      {!current || closed ? <OpenNextPeriodForm after={current?.endDate ?? previous?.endDate ?? null} /> : null}
    </Paper>
  );
}
