import ArrowBackRoundedIcon from '@mui/icons-material/ArrowBackRounded';
import PersonAddRoundedIcon from '@mui/icons-material/PersonAddRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Link as RouterLink, useNavigate } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useSignedInUser } from '../../../lib/use-signed-in-user';
import { MyRequestsTable } from '../components/my-requests-table';

/** 'Your Pending Requests' (spec 1 §2.11a): the users you submitted and where they stand. */
export function PendingRequestsPage() {
  useDocumentTitle('Your Pending Requests');
  const navigate = useNavigate();
  const user = useSignedInUser();
  return (
    <Box>
      <Button startIcon={<ArrowBackRoundedIcon />} onClick={() => navigate(-1)} sx={{ mb: 1 }}>
        Back
      </Button>
      <PageHeader
        title="Your Pending Requests"
        subtitle="Users you created: pending approval, approved or declined. Resubmit a declined request after fixing it."
        actions={
          user.isAdmin || user.isLeader ? (
            <Button
              component={RouterLink}
              to={paths.createUser}
              variant="contained"
              startIcon={<PersonAddRoundedIcon />}
            >
              Create User
            </Button>
          ) : null
        }
      />
      <MyRequestsTable />
    </Box>
  );
}
