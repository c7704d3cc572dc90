import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { ModuleCard as ModuleCardData } from '@portal/domain/university/catalogue';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../lib/paths';
import { longDate } from '../lib/dates';

const BADGES = {
  passed: { label: 'Passed', color: 'success' },
  failed: { label: 'Failed', color: 'error' },
  'not-started': { label: 'Not Started', color: 'default' },
} as const;

/** One module of the university grid (spec 3 §2.3). */
export function ModuleCard({ module }: { module: ModuleCardData }) {
  const badge = BADGES[module.state];
  return (
    <Card
      variant="outlined"
      component="article"
      aria-label={module.name}
      sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}
    >
      <CardContent sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column', gap: 1 }}>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Chip size="small" label={badge.label} color={badge.color} />
          {module.isCompulsory ? <Chip size="small" label="Required" color="warning" variant="outlined" /> : null}
        </Box>
        <Typography variant="h6" component="h2">
          {module.name}
        </Typography>
        {module.category ? (
          <Chip size="small" label={module.category} variant="outlined" sx={{ alignSelf: 'flex-start' }} />
        ) : null}
        {module.description ? (
          <Typography variant="body2" color="text.secondary">
            {module.description}
          </Typography>
        ) : null}
        <Box sx={{ mt: 'auto', pt: 1 }}>
          <Box sx={{ display: 'flex', justifyContent: 'space-between' }}>
            <Typography variant="body2">Progress {module.progress}%</Typography>
            <Typography variant="body2" color="text.secondary">
              Required {module.passThreshold}%
            </Typography>
          </Box>
          <LinearProgress
            variant="determinate"
            value={module.progress}
            color={module.state === 'passed' ? 'success' : 'primary'}
            aria-label={`${module.name} progress`}
            sx={{ my: 0.5, height: 6, borderRadius: 3 }}
          />
          <Typography variant="body2" color="text.secondary">
            Attempts {module.attempts}/{module.maxAttempts}
          </Typography>
          {module.completedOn ? (
            <Typography variant="body2" color="text.secondary">
              Completed {longDate(module.completedOn)}
            </Typography>
          ) : null}
        </Box>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
        <Button
          component={RouterLink}
          to={`${paths.trainingAttempt}/${module.id}`}
          variant={module.state === 'passed' ? 'outlined' : 'contained'}
          fullWidth
        >
          {module.state === 'passed' ? 'Review' : 'Start'}
        </Button>
      </CardActions>
    </Card>
  );
}
