import ArrowBackRoundedIcon from '@mui/icons-material/ArrowBackRounded';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../lib/paths';

/** Back to the settings hub, above each settings page. */
export function BackToSettings() {
  return (
    <Button component={RouterLink} to={paths.settings} startIcon={<ArrowBackRoundedIcon />} size="small" sx={{ mb: 1 }}>
      Settings
    </Button>
  );
}
