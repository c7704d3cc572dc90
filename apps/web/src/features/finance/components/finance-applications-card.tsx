import AddCardRoundedIcon from '@mui/icons-material/AddCardRounded';
import RequestQuoteRoundedIcon from '@mui/icons-material/RequestQuoteRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Pagination from '@mui/material/Pagination';
import Typography from '@mui/material/Typography';
import { FINANCE_MESSAGES, SUPPORT_STATUS_LABELS } from '@portal/domain/finance';
import { formatDate, formatRand } from '@portal/domain/platform/format';
import { type ReactNode, useState } from 'react';
import { userCan } from '../../../app/access';
import { useSignedInUser } from '../../../lib/use-signed-in-user';
import { LIST_PAGE_SIZE, useCreditApplications, useSupportApplications } from '../api/finance';
import { CreditApplicationDialog } from './credit-application-dialog';
import { SupportApplicationDialog } from './support-application-dialog';

export interface FinanceApplicationsCardProps {
  userId: number;
  /** `Z-12: Name Surname`, as the dialogs name the applicant. */
  dealerName: string;
  /** Lifecycle status active: only they take new applications (decision 077). */
  active: boolean;
}

/**
 * Finance Applications (spec 1 §2.11, admin only): New Support Application, New Credit
 * Application and the dealer's applications with their status. Hidden from anyone the server
 * would refuse.
 */
export function FinanceApplicationsCard(props: FinanceApplicationsCardProps) {
  const me = useSignedInUser();
  if (!userCan(me, 'create', 'finance-application')) return null;
  // No application in one's own name (decision 073), nor for anyone not active (decision 077):
  // those pages show the lists only.
  return <FinanceApplications {...props} canFile={props.userId !== me.id && props.active} />;
}

function FinanceApplications({
  userId,
  dealerName,
  active,
  canFile,
}: FinanceApplicationsCardProps & { canFile: boolean }) {
  const [dialog, setDialog] = useState<'support' | 'credit' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [supportPage, setSupportPage] = useState(1);
  const [creditPage, setCreditPage] = useState(1);
  const support = useSupportApplications(userId, supportPage);
  const credit = useCreditApplications(userId, creditPage);

  return (
    <Card component="section" aria-labelledby="finance-applications-title">
      <CardContent sx={{ p: { xs: 2.5, sm: 3 }, '&:last-child': { pb: { xs: 2.5, sm: 3 } }, display: 'grid', gap: 2 }}>
        <Typography variant="h5" component="h2" id="finance-applications-title">
          Finance Applications
        </Typography>
        {canFile ? (
          <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
            <Button variant="outlined" startIcon={<AddCardRoundedIcon />} onClick={() => setDialog('support')}>
              New Support Application
            </Button>
            <Button variant="outlined" startIcon={<RequestQuoteRoundedIcon />} onClick={() => setDialog('credit')}>
              New Credit Application
            </Button>
          </Box>
        ) : active ? null : (
          <Typography color="text.secondary">{FINANCE_MESSAGES.applicantNotActive}</Typography>
        )}
        {notice ? (
          <Alert severity="success" onClose={() => setNotice(null)}>
            {notice}
          </Alert>
        ) : null}

        <Divider />
        <ApplicationList
          title="Support applications"
          error={support.isError}
          total={support.data?.total ?? 0}
          page={supportPage}
          onPage={setSupportPage}
          loading={support.isPending}
        >
          {support.data?.items.map((application) => (
            <Row
              key={application.id}
              title={`${formatRand(application.itemsAmountCents)} · ${application.items.length} item${application.items.length === 1 ? '' : 's'}`}
              detail={application.items.map((item) => `${item.type} ${formatRand(item.valueCents)}`).join(', ')}
              date={application.createdAt}
              status={SUPPORT_STATUS_LABELS[application.status]}
              color={
                application.status === 'approved' ? 'success' : application.status === 'declined' ? 'error' : 'warning'
              }
            />
          ))}
        </ApplicationList>

        <Divider />
        <ApplicationList
          title="Credit applications"
          error={credit.isError}
          total={credit.data?.total ?? 0}
          page={creditPage}
          onPage={setCreditPage}
          loading={credit.isPending}
        >
          {credit.data?.items.map((application) => (
            <Row
              key={application.id}
              title={`${application.creditType} · ${formatRand(application.requestValueCents)}`}
              detail={[
                application.months
                  ? `${application.months} months at ${formatRand(application.monthlyPaymentCents ?? 0)}`
                  : null,
                application.cosigner ? `cosigner ${application.cosigner}` : 'no cosigner',
                application.settled ? null : `${formatRand(application.outstandingAmountCents)} outstanding`,
              ]
                .filter(Boolean)
                .join(' · ')}
              date={application.createdAt}
              status={application.settled ? 'Settled' : 'Outstanding'}
              color={application.settled ? 'success' : 'warning'}
            />
          ))}
        </ApplicationList>
      </CardContent>

      <SupportApplicationDialog
        userId={userId}
        dealerName={dealerName}
        open={dialog === 'support'}
        onClose={() => setDialog(null)}
        onCreated={(message) => {
          setNotice(message);
          setSupportPage(1);
        }}
      />
      <CreditApplicationDialog
        userId={userId}
        dealerName={dealerName}
        open={dialog === 'credit'}
        onClose={() => setDialog(null)}
        onCreated={(message) => {
          setNotice(message);
          setCreditPage(1);
        }}
      />
    </Card>
  );
}

function ApplicationList(props: {
  title: string;
  error: boolean;
  loading: boolean;
  total: number;
  page: number;
  onPage: (page: number) => void;
  children: ReactNode;
}) {
  const pages = Math.ceil(props.total / LIST_PAGE_SIZE);
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {props.title} {props.total ? `(${props.total})` : ''}
      </Typography>
      {props.error ? (
        <Alert severity="error">{FINANCE_MESSAGES.loadFailed}</Alert>
      ) : props.loading ? (
        <Typography color="text.secondary">Loading…</Typography>
      ) : props.total === 0 ? (
        <Typography color="text.secondary">None yet.</Typography>
      ) : (
        <Box component="ul" aria-label={props.title} sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1 }}>
          {props.children}
        </Box>
      )}
      {pages > 1 ? (
        <Pagination size="small" count={pages} page={props.page} onChange={(_event, page) => props.onPage(page)} />
      ) : null}
    </Box>
  );
}

function Row(props: {
  title: string;
  detail: string;
  date: string;
  status: string;
  color: 'success' | 'warning' | 'error';
}) {
  return (
    <Box
      component="li"
      sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', justifyContent: 'space-between', py: 0.5 }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600 }}>{props.title}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {formatDate(props.date)} · {props.detail}
        </Typography>
      </Box>
      <Chip size="small" label={props.status} color={props.color} variant="outlined" />
    </Box>
  );
}
