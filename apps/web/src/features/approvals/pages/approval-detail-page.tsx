import ArrowBackRoundedIcon from '@mui/icons-material/ArrowBackRounded';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { APPROVAL_MESSAGES, type ApprovalDetail, isApprovalPanelShown } from '@portal/domain/approvals/approvals';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { errorMessage } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { useReferenceLists } from '../../../lib/reference-lists';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useApproval } from '../api/approvals';
import { ApprovalPanel } from '../components/approval-panel';
import { RequestStatusChip } from '../components/request-status-chip';
import { ResubmitForm } from '../components/resubmit-form';

const TITLE = 'Agent Creation Request';

function Verified({ label, verified }: { label: string; verified: boolean }) {
  return (
    <Chip
      size="small"
      variant={verified ? 'filled' : 'outlined'}
      color={verified ? 'success' : 'default'}
      label={`${label} ${verified ? 'Verified' : 'Not Verified'}`}
    />
  );
}

function Facts({ detail }: { detail: ApprovalDetail }) {
  const rows: Array<[string, string]> = [
    ['Agent code', detail.zCode],
    ['Email', detail.email ?? ''],
    ['Submitted by', detail.submittedBy ? `${detail.submittedBy.zCode}: ${detail.submittedBy.name}` : ''],
    ['Manager', detail.parent ? `${detail.parent.zCode}: ${detail.parent.name}` : 'Top Level'],
    ['Created', formatDateTime(detail.createdAt)],
    ...(detail.resubmittedAt
      ? ([['Resubmitted', formatDateTime(detail.resubmittedAt)]] as Array<[string, string]>)
      : []),
  ];
  return (
    <Paper variant="outlined" sx={{ p: 2.5, mb: 2 }}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2 }}>
        <RequestStatusChip status={detail.status} />
        <Verified label="Email" verified={detail.emailVerified} />
        <Verified label="Phone" verified={detail.phoneVerified} />
      </Box>
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gridTemplateColumns: { xs: 'max-content 1fr', md: 'repeat(2, max-content 1fr)' },
          columnGap: 2,
          rowGap: 0.75,
        }}
      >
        {rows.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}

/** '/approval-detail/{id}' (spec 1 §2.11a, spec 2 §4): the request, the approval panel, the resubmission. */
export function ApprovalDetailPage() {
  useDocumentTitle(TITLE);
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const approval = useApproval(id);
  const lists = useReferenceLists();
  const [emailFailed, setEmailFailed] = useState(false);

  const back = (
    <Button startIcon={<ArrowBackRoundedIcon />} onClick={() => navigate(-1)} sx={{ mb: 1 }}>
      Back
    </Button>
  );
  if (!Number.isInteger(id) || id <= 0) {
    return (
      <Box>
        {back}
        <Alert severity="error">Invalid user ID</Alert>
      </Box>
    );
  }
  if (approval.isPending || lists.isPending) return <PageLoader label="Loading the request…" />;
  if (approval.isError || lists.isError) {
    return (
      <Box>
        {back}
        <PageHeader title={TITLE} />
        <Alert severity="error">{errorMessage(approval.error ?? lists.error)}</Alert>
      </Box>
    );
  }
  const detail = approval.data;
  return (
    <Box>
      {back}
      <PageHeader title={TITLE} subtitle={`${detail.zCode}: ${detail.request.firstName} ${detail.request.surname}`} />
      {detail.status === 5 && detail.declineReason ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          <AlertTitle>Declined</AlertTitle>
          {detail.declineReason}
        </Alert>
      ) : null}
      {detail.status === 1 && !(detail.emailVerified && detail.phoneVerified) ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          Waiting for the user to verify their e-mail address and cellphone number before it can be approved.
        </Alert>
      ) : null}
      {emailFailed ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          <AlertTitle>{APPROVAL_MESSAGES.emailFailed}</AlertTitle>
          {detail.request.firstName} {detail.request.surname} is approved. Please let them know their agent code{' '}
          {detail.zCode} yourself.
        </Alert>
      ) : null}
      {detail.status === 2 ? (
        <Alert severity="success" sx={{ mb: 2 }}>
          This request was approved.
        </Alert>
      ) : null}
      <Facts detail={detail} />
      {detail.canDecide && isApprovalPanelShown(detail) ? (
        <ApprovalPanel detail={detail} onEmailFailed={() => setEmailFailed(true)} />
      ) : null}
      <ResubmitForm key={`${detail.id}-${detail.status}-${detail.resubmittedAt}`} detail={detail} lists={lists.data} />
    </Box>
  );
}
