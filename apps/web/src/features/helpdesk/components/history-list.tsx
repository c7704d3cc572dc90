import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { TicketHistoryEntry } from '@portal/domain/tickets/tickets';
import { formatHistoryTime } from '../lib/history-time';

/** What one update set, in words: "Status: Closed · Closed Status: Resolved · Feedback: …". */
function changes(entry: TicketHistoryEntry): string {
  return [
    entry.updateStatus ? `Status: ${entry.updateStatus}` : null,
    entry.updateInProgressStatus ? `In Progress Status: ${entry.updateInProgressStatus}` : null,
    entry.updateClosedStatus ? `Closed Status: ${entry.updateClosedStatus}` : null,
    entry.updateAddress ? `Address: ${entry.updateAddress}` : null,
    entry.updateFeedback ? `Feedback: ${entry.updateFeedback}` : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** The ticket's history (spec 3 §3.5, §3.5a), newest first, timestamps YYYY/MM/DD HH:mm:ss. */
export function HistoryList({ entries }: { entries: readonly TicketHistoryEntry[] }) {
  if (entries.length === 0) {
    return <Typography color="text.secondary">No updates yet.</Typography>;
  }
  const newestFirst = [...entries].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
  return (
    <List aria-label="History" dense disablePadding>
      {newestFirst.map((entry) => (
        <ListItem key={entry.id} divider disableGutters>
          <ListItemText
            primary={changes(entry) || 'Updated'}
            secondary={`${formatHistoryTime(entry.updatedAt)}${entry.updatedByName ? ` · ${entry.updatedByName}` : ''}`}
            slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
          />
        </ListItem>
      ))}
    </List>
  );
}
