import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { INVALID_USER_ID } from '@portal/domain/people/user-detail';
import { useNavigate } from 'react-router';
import { NotFoundPage } from '../../../app/error-screens';
import { ApiError, errorMessage } from '../../../lib/api';

/**
 * A user page that could not load: outside the user's reach is the access-denied page (spec 1
 * §2.2); a bad or unknown id says so ('Invalid user ID', 'Dealer with ID {id} not found').
 */
export function LoadFailure({ error, invalidId = false }: { error?: unknown; invalidId?: boolean }) {
  const navigate = useNavigate();
  if (error instanceof ApiError && error.status === 403) return <NotFoundPage />;
  const message = invalidId ? INVALID_USER_ID : `Failed to fetch user: ${errorMessage(error)}`;
  return (
    <Box sx={{ maxWidth: 640 }}>
      <Alert severity="error" sx={{ mb: 2 }}>
        {error instanceof ApiError && error.status === 404 ? errorMessage(error) : message}
      </Alert>
      <Button variant="outlined" onClick={() => navigate(-1)}>
        Back
      </Button>
    </Box>
  );
}
