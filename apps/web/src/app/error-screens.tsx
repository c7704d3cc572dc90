import ErrorOutlineRoundedIcon from '@mui/icons-material/ErrorOutlineRounded';
import SearchOffRoundedIcon from '@mui/icons-material/SearchOffRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { isRouteErrorResponse, Link as RouterLink, useRouteError } from 'react-router';
import { NOT_FOUND_TITLE } from './texts';

function Centered({ children, fullPage }: { children: ReactNode; fullPage?: boolean }) {
  return (
    <Box
      sx={{
        minHeight: fullPage ? '100vh' : '60vh',
        display: 'grid',
        placeItems: 'center',
        p: 3,
        bgcolor: fullPage ? 'background.default' : undefined,
      }}
    >
      <Paper
        variant="outlined"
        sx={{ maxWidth: 560, width: '100%', p: { xs: 3, sm: 5 }, textAlign: 'center', borderRadius: 4 }}
      >
        {children}
      </Paper>
    </Box>
  );
}

export function reloadPage(): void {
  window.location.reload();
}

/** Spec 1 §8 "Global": the screen shown when the page itself fails. */
export function ErrorScreen({ message, fullPage = true }: { message?: string | undefined; fullPage?: boolean }) {
  return (
    <Centered fullPage={fullPage}>
      <Box role="alert">
        <ErrorOutlineRoundedIcon color="error" sx={{ fontSize: 56, mb: 1 }} />
        <Typography variant="h4" component="h1" gutterBottom>
          Oops! Something went wrong.
        </Typography>
        <Typography color="text.secondary" sx={{ mb: message ? 2 : 3 }}>
          We have been notified and are looking into the issue. Please try again in a few moments.
        </Typography>
        {message ? (
          <Typography
            variant="body2"
            sx={{
              mb: 3,
              p: 1.5,
              borderRadius: 2,
              bgcolor: 'grey.100',
              fontFamily: 'monospace',
              wordBreak: 'break-word',
              textAlign: 'left',
            }}
          >
            {`Error details: ${message}`}
          </Typography>
        ) : null}
        <Button variant="contained" size="large" onClick={reloadPage}>
          Try Again
        </Button>
      </Box>
    </Centered>
  );
}

/** Spec 1 §2.2: a missing page, or one the user may not open. */
export function NotFoundPage({ fullPage = false }: { fullPage?: boolean }) {
  return (
    <Centered fullPage={fullPage}>
      <SearchOffRoundedIcon color="primary" sx={{ fontSize: 56, mb: 1 }} />
      <Typography variant="h4" component="h1" gutterBottom>
        {NOT_FOUND_TITLE}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        The page you are looking for may have been removed or moved, or you may not have permission to view it.
      </Typography>
      <Button component={RouterLink} to="/" variant="contained" size="large">
        Go Home
      </Button>
    </Centered>
  );
}

/** The router's error element: the same global screen for a failed route (e.g. a chunk that did not load). */
export function RouteErrorScreen() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage fullPage />;
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : undefined;
  return <ErrorScreen message={message} />;
}
