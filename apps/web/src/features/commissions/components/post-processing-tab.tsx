import Typography from '@mui/material/Typography';

/** Placeholder: the Post-Processing tab (post-import, structure levels, calculation) comes with the calculation branch. */
export function PostProcessingTab() {
  return <Typography color="text.secondary">Post-processing arrives with the calculation.</Typography>;
}
