import ArrowBackRoundedIcon from '@mui/icons-material/ArrowBackRounded';
import Button from '@mui/material/Button';
import { useNavigate } from 'react-router';

/** Back to where the person came from, or to `fallback` when the page was opened directly. */
export function BackButton({ fallback }: { fallback: string }) {
  const navigate = useNavigate();
  const canGoBack = typeof window !== 'undefined' && (window.history.state?.idx ?? 0) > 0;
  return (
    <Button
      startIcon={<ArrowBackRoundedIcon />}
      onClick={() => (canGoBack ? navigate(-1) : navigate(fallback))}
      sx={{ mb: 1, ml: -1 }}
    >
      Back
    </Button>
  );
}
