import LockRoundedIcon from '@mui/icons-material/LockRounded';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { NO_ACCESS } from '@portal/domain/teams/team-list';

/** What someone who is neither a leader nor an admin sees on Manage Teams (spec 1 §2.8). */
export function NoAccess() {
  return (
    <Card>
      <CardContent sx={{ py: 6, textAlign: 'center' }}>
        <LockRoundedIcon color="disabled" sx={{ fontSize: 48, mb: 1 }} />
        <Typography variant="h5" component="h1">
          {NO_ACCESS}
        </Typography>
      </CardContent>
    </Card>
  );
}
