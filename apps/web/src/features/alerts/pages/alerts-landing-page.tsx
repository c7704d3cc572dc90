import AddAlertRoundedIcon from '@mui/icons-material/AddAlertRounded';
import ArrowBackRoundedIcon from '@mui/icons-material/ArrowBackRounded';
import ListAltRoundedIcon from '@mui/icons-material/ListAltRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useSignedInUser } from '../../../lib/use-signed-in-user';

function ActionCard({ to, icon, title, text }: { to: string; icon: ReactNode; title: string; text: string }) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardActionArea component={RouterLink} to={to} sx={{ height: '100%' }}>
        <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', p: 3 }}>
          <Box sx={{ color: 'primary.main', display: 'flex' }}>{icon}</Box>
          <Box>
            <Typography variant="h6" component="span" sx={{ display: 'block' }}>
              {title}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {text}
            </Typography>
          </Box>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

/** '/alerts' (spec 1 §2.12): where admins and leaders create and look after alerts. */
export function AlertsLandingPage() {
  const user = useSignedInUser();
  const navigate = useNavigate();
  const title = user.isAdmin ? 'Admin Alerts' : 'Structure Alerts';
  useDocumentTitle(title);
  const canCreate = user.isAdmin || user.isLeader;
  return (
    <Box sx={{ maxWidth: 960 }}>
      <Button startIcon={<ArrowBackRoundedIcon />} onClick={() => navigate(-1)} sx={{ mb: 2 }}>
        Back
      </Button>
      <Typography variant="h3" component="h1" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {user.isAdmin
          ? 'Send alerts to everyone, to a segment or to chosen dealers.'
          : 'Send alerts to members of your team.'}
      </Typography>
      <Grid container spacing={2}>
        {canCreate ? (
          <Grid size={{ xs: 12, sm: 6 }}>
            <ActionCard
              to="/alerts/create"
              icon={<AddAlertRoundedIcon fontSize="large" />}
              title="Create New Alert"
              text="Write an alert with an optional image and choose who receives it."
            />
          </Grid>
        ) : null}
        <Grid size={{ xs: 12, sm: 6 }}>
          <ActionCard
            to="/alerts/view"
            icon={<ListAltRoundedIcon fontSize="large" />}
            title="View/Edit Alerts"
            text="See the alerts you have sent, switch them on or off and edit them."
          />
        </Grid>
      </Grid>
    </Box>
  );
}
