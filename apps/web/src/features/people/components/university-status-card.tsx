import SchoolRoundedIcon from '@mui/icons-material/SchoolRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { MANAGE_USER_MESSAGES } from '@portal/domain/people/manage-user';
import { type UniversitySummary, type UniversityTone, universityTone } from '@portal/domain/people/user-detail';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../lib/paths';

const TONE_COLOURS = {
  success: 'success.main',
  warning: 'warning.main',
  error: 'error.main',
  neutral: 'divider',
} as const;

/** What each status code means, in the words of spec 1 §4. */
function statusText(status: number): string {
  if (status === 0) return 'All relevant modules passed';
  if (status === 101) return 'All compulsory modules passed; some relevant modules still to do';
  if (status === 102) return 'Some compulsory modules not passed yet';
  return MANAGE_USER_MESSAGES.universityError;
}

const BAR_COLOURS = { success: 'success', warning: 'warning', error: 'error', neutral: 'primary' } as const;

function ProgressRow({
  label,
  passed,
  total,
  tone,
}: {
  label: string;
  passed: number;
  total: number;
  tone: UniversityTone;
}) {
  const percent = total === 0 ? 100 : Math.round((passed / total) * 100);
  return (
    <Box>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', mb: 0.5 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }} id={`${label}-label`}>
          {label}
        </Typography>
        <Typography variant="body2" color="text.secondary">{`${passed}/${total}`}</Typography>
      </Box>
      <LinearProgress
        variant="determinate"
        value={percent}
        aria-labelledby={`${label}-label`}
        aria-valuetext={`${passed} of ${total} passed`}
        color={BAR_COLOURS[tone]}
        sx={{ height: 8, borderRadius: 4 }}
      />
    </Box>
  );
}

/** Spec 1 §2.10: relevant and compulsory modules as passed/total bars; the border colour follows the code. */
export function UniversityStatusCard({ university, isOwn }: { university: UniversitySummary; isOwn: boolean }) {
  const tone = universityTone(university.status);
  const failed = university.status < 0;
  return (
    <Card
      data-testid="university-status-card"
      data-status={university.status}
      sx={{ borderWidth: 2, borderColor: TONE_COLOURS[tone] }}
    >
      <CardContent sx={{ p: { xs: 2.5, sm: 3 }, '&:last-child': { pb: { xs: 2.5, sm: 3 } } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2 }}>
          <SchoolRoundedIcon color="primary" aria-hidden />
          <Typography variant="h5" component="h2">
            University status
          </Typography>
        </Box>
        {failed ? (
          <Alert severity="error">{MANAGE_USER_MESSAGES.universityError}</Alert>
        ) : (
          <Box sx={{ display: 'grid', gap: 2 }}>
            <Typography variant="body2" color="text.secondary">
              {statusText(university.status)}
            </Typography>
            <ProgressRow label="Relevant modules" tone={tone} {...university.relevant} />
            <ProgressRow label="Compulsory modules" tone={tone} {...university.compulsory} />
          </Box>
        )}
        {isOwn && university.status > 100 ? (
          <Button component={RouterLink} to={paths.training} variant="contained" sx={{ mt: 2 }}>
            Continue Training
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}
