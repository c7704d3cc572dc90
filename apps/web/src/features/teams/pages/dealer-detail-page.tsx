import AccountTreeRoundedIcon from '@mui/icons-material/AccountTreeRounded';
import GroupsRoundedIcon from '@mui/icons-material/GroupsRounded';
import OpenInNewRoundedIcon from '@mui/icons-material/OpenInNewRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { displayPhone } from '@portal/domain/people/phone';
import { zCode } from '@portal/domain/people/z-code';
import { type DealerDetail, dealerLabel } from '@portal/domain/teams/team-list';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { access } from '../../../app/access';
import { BackButton } from '../../../components/back-button';
import { PageHeader } from '../../../components/page-header';
import { errorMessage } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useSignedInUser } from '../../../lib/use-signed-in-user';
import { useDealerDetail } from '../api/team-lists';
import { StatusChip, YesNoChip } from '../components/team-chips';
import { useDealerIdParam } from '../components/use-dealer-id';
import { teamPaths } from '../team-paths';

/** '/dealer-detail/{dealerId}': a compact read-only summary of a dealer in reach. */
export function DealerDetailPage() {
  const dealerId = useDealerIdParam();
  useDocumentTitle('Dealer Detail');
  if (dealerId === undefined) return <Alert severity="error">Invalid user ID</Alert>;
  return <DealerSummary dealerId={dealerId} />;
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children || '—'}
      </Typography>
    </Box>
  );
}

function DealerSummary({ dealerId }: { dealerId: number }) {
  const detail = useDealerDetail(dealerId);
  const user = useSignedInUser();
  const dealer: DealerDetail | undefined = detail.data;
  return (
    <>
      <BackButton fallback={teamPaths.manageDealers} />
      <PageHeader
        title={dealer ? dealerLabel(dealer) : zCode(dealerId)}
        subtitle={dealer?.companyName ?? undefined}
        actions={
          <>
            <Button
              component={RouterLink}
              to={teamPaths.childDownstream(dealerId)}
              variant="contained"
              startIcon={<AccountTreeRoundedIcon />}
            >
              Downstream
            </Button>
            {access.managePeople(user) ? (
              <Button
                component={RouterLink}
                to={teamPaths.dealerAgents(dealerId)}
                variant="outlined"
                startIcon={<GroupsRoundedIcon />}
              >
                Agents
              </Button>
            ) : null}
            <Button
              component={RouterLink}
              to={teamPaths.userDetail(dealerId)}
              variant="outlined"
              startIcon={<OpenInNewRoundedIcon />}
            >
              Details
            </Button>
          </>
        }
      />
      {detail.isError ? <Alert severity="error">{errorMessage(detail.error)}</Alert> : null}
      {detail.isPending ? <Skeleton variant="rounded" height={220} /> : null}
      {dealer ? (
        <Card>
          <CardContent>
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2 }}>
              <StatusChip statusId={dealer.lifecycleStatusId} />
              {dealer.isAdmin ? <Chip size="small" label="Admin" color="secondary" /> : null}
              {dealer.isLeader ? <Chip size="small" label="Trainer" color="info" variant="outlined" /> : null}
            </Box>
            <Box
              component="dl"
              sx={{
                display: 'grid',
                gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' },
                gap: 2,
                m: 0,
              }}
            >
              <Field label="Phone">{displayPhone(dealer.phone)}</Field>
              <Field label="Email">{dealer.email}</Field>
              <Field label="Parent">
                {dealer.parent ? `${dealer.parent.zCode}: ${dealer.parent.name}` : 'Top Level'}
              </Field>
              <Field label="City">{[dealer.city, dealer.province].filter(Boolean).join(', ')}</Field>
              <Field label="Direct team">{String(dealer.directCount)}</Field>
              <Field label="Whole downstream">{String(dealer.downstreamCount)}</Field>
              <Field label="Email Verified">
                <YesNoChip value={dealer.emailVerified} label="Email Verified" />
              </Field>
              <Field label="Phone Verified">
                <YesNoChip value={dealer.phoneVerified} label="Phone Verified" />
              </Field>
              <Field label="Joined">{formatDateTime(dealer.createdAt).split(',')[0]}</Field>
            </Box>
          </CardContent>
        </Card>
      ) : null}
    </>
  );
}
