import Typography from '@mui/material/Typography';

/** Placeholder: the Import Data tab (Agent CSV, Leader CSV) comes with the calculation branch. */
export function ImportDataTab() {
  return <Typography color="text.secondary">The commission imports arrive with the calculation.</Typography>;
}
