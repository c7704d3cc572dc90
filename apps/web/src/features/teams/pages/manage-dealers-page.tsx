import HowToRegRoundedIcon from '@mui/icons-material/HowToRegRounded';
import PersonAddAlt1RoundedIcon from '@mui/icons-material/PersonAddAlt1Rounded';
import Button from '@mui/material/Button';
import type { CurrentUser } from '@portal/domain/accounts/me';
import { useSnackbar } from 'notistack';
import { useEffect } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { access, isAdmin, isWaiting } from '../../../app/access';
import { NotFoundPage } from '../../../app/error-screens';
import { PageHeader } from '../../../components/page-header';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useSignedInUser } from '../../../lib/use-signed-in-user';
import { NoAccess } from '../components/no-access';
import { TeamListView } from '../components/team-list-view';
import { type ManageTeamsNotice, teamPaths } from '../team-paths';

const NOTICES: Record<ManageTeamsNotice, string> = {
  'person-added': 'Person Added!',
  'submitted-for-approval': 'Request Submitted for Approval.',
};

/**
 * '/manage-dealers' (spec 1 §2.8): leaders see their downstream, admins with Users Management
 * everyone. Agents see 'You don't have access to this page'; a waiting user or an admin without
 * the flag the access-denied page (spec 1 §2.2).
 */
export function ManageDealersPage() {
  const user = useSignedInUser();
  useDocumentTitle('Manage Teams');
  if (!access.manageTeams(user)) return isWaiting(user) || isAdmin(user) ? <NotFoundPage /> : <NoAccess />;
  return <ManageTeams user={user} />;
}

function ManageTeams({ user }: { user: CurrentUser }) {
  const admin = isAdmin(user);
  const location = useLocation();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const notice = (location.state as { notice?: ManageTeamsNotice } | null)?.notice;

  useEffect(() => {
    if (!notice || !NOTICES[notice]) return;
    enqueueSnackbar(NOTICES[notice], { variant: 'success', autoHideDuration: 5000 });
    // Shown once: a reload or Back does not show it again.
    navigate(location.pathname, { replace: true, state: null });
  }, [notice, enqueueSnackbar, navigate, location.pathname]);

  return (
    <>
      <PageHeader
        title="Manage Teams"
        subtitle={admin ? 'Everyone in the network.' : 'Everyone in your downstream team.'}
        actions={
          <>
            <Button
              component={RouterLink}
              to={teamPaths.createUser}
              variant="contained"
              startIcon={<PersonAddAlt1RoundedIcon />}
            >
              Create User
            </Button>
            {admin ? (
              <Button
                component={RouterLink}
                to={teamPaths.approvals}
                variant="outlined"
                startIcon={<HowToRegRoundedIcon />}
              >
                Approvals
              </Button>
            ) : null}
          </>
        }
      />
      <TeamListView canBulkUpdate={admin} showDownstream />
    </>
  );
}
