import ArrowBackRoundedIcon from '@mui/icons-material/ArrowBackRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { ALERT_MESSAGES, type AlertStatusFilter, DEFAULT_ALERT_TITLE } from '@portal/domain/alerts/alerts';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useSentAlerts } from '../api/alerts';
import { AlertHtml, AlertImage } from '../components/alert-html';

/** '/alerts/view' (spec 2): the alerts the caller sent (admins: all), Active by default. */
export function AlertsViewPage() {
  useDocumentTitle('View/Edit Alerts');
  const navigate = useNavigate();
  const [status, setStatus] = useState<AlertStatusFilter>('active');
  const alerts = useSentAlerts(status);
  return (
    <Box>
      <Button startIcon={<ArrowBackRoundedIcon />} onClick={() => navigate(-1)} sx={{ mb: 2 }}>
        Back
      </Button>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 3 }}>
        <Typography variant="h4" component="h1" sx={{ flex: 1 }}>
          Alerts
        </Typography>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={status}
          aria-label="Status"
          onChange={(_, value: AlertStatusFilter | null) => value && setStatus(value)}
        >
          <ToggleButton value="active">Active</ToggleButton>
          <ToggleButton value="inactive">Inactive</ToggleButton>
          <ToggleButton value="all">All</ToggleButton>
        </ToggleButtonGroup>
      </Box>
      {alerts.isPending ? <PageLoader /> : null}
      {alerts.isError ? <Alert severity="error">{ALERT_MESSAGES.fetchUserAlerts}</Alert> : null}
      {alerts.data && !alerts.data.length ? (
        <Box sx={{ textAlign: 'center', py: 6 }}>
          <Typography variant="h6" sx={{ mb: 2 }}>
            {ALERT_MESSAGES.noneFound}
          </Typography>
          <Button variant="contained" component={RouterLink} to="/alerts/create">
            Create New Alert
          </Button>
        </Box>
      ) : null}
      <Grid container spacing={2}>
        {(alerts.data ?? []).map((alert) => (
          <Grid key={alert.id} size={{ xs: 12, md: 6, lg: 4 }}>
            <Card variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
              <CardContent sx={{ flex: 1 }}>
                <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', mb: 1 }}>
                  <Typography variant="h6" component="h2" sx={{ flex: 1, overflowWrap: 'anywhere' }}>
                    {alert.title || DEFAULT_ALERT_TITLE}
                  </Typography>
                  <Chip
                    size="small"
                    label={alert.active ? 'Active' : 'Inactive'}
                    color={alert.active ? 'success' : 'default'}
                  />
                </Box>
                <Typography variant="caption" color="text.secondary">
                  {new Date(alert.created_at).toLocaleString('en-ZA', { dateStyle: 'medium', timeStyle: 'short' })} ·{' '}
                  {alert.recipients} {alert.recipients === 1 ? 'recipient' : 'recipients'}
                </Typography>
                <AlertImage fileId={alert.image} alt={alert.title} />
                <AlertHtml html={alert.description} />
              </CardContent>
              <CardActions>
                <Button component={RouterLink} to={`/alerts/${alert.id}/edit`}>
                  Edit Alert
                </Button>
              </CardActions>
            </Card>
          </Grid>
        ))}
      </Grid>
    </Box>
  );
}
