import AutoAwesomeRoundedIcon from '@mui/icons-material/AutoAwesomeRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { SIZA_TEXTS } from '@portal/domain/siza/texts';
import { lazy, Suspense, useState } from 'react';

// The chat (and its form and schema) loads on the first click, not with the shell.
const SizaDialog = lazy(() => import('./siza-dialog'));

/** The sidebar's Ask Siza button (spec 2 "Ask Siza"), opening the chat dialog. */
export function AskSizaButton({ onNavigate }: { onNavigate?: (() => void) | undefined }) {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  return (
    <Box sx={{ px: 2, py: 1.5 }}>
      <Button
        fullWidth
        variant="outlined"
        color="secondary"
        startIcon={<AutoAwesomeRoundedIcon />}
        aria-haspopup="dialog"
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
        sx={{ justifyContent: 'flex-start', borderRadius: 3, py: 1 }}
      >
        {SIZA_TEXTS.button}
      </Button>
      {loaded ? (
        <Suspense fallback={null}>
          <SizaDialog open={open} onClose={() => setOpen(false)} onNavigate={onNavigate} />
        </Suspense>
      ) : null}
    </Box>
  );
}
