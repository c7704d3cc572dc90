import EditRoundedIcon from '@mui/icons-material/EditRounded';
import VisibilityRoundedIcon from '@mui/icons-material/VisibilityRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import type { NamedItem } from '@portal/domain/catalogue/catalogue';
import { displayPhone } from '@portal/domain/people/phone';
import type { UserDetail } from '@portal/domain/people/user-detail';
import { Fragment, type ReactNode } from 'react';
import { DetailGrid, type DetailItem } from '../../../components/detail-grid';
import { errorMessage } from '../../../lib/api';
import { formatDate } from '../../../lib/format';
import { useRevealSecrets } from '../api/manage-user';

const GENDERS: Record<string, string> = { M: 'Male', F: 'Female' };
const ID_TYPES: Record<string, string> = { RSAID: 'SA ID', PASSPORT: 'Passport' };
const names = (items: NamedItem[], none: string) => (items.length ? items.map((item) => item.name).join(', ') : none);

function Section({ title, items }: { title: string; items: DetailItem[] }) {
  return (
    <Box>
      <Typography variant="overline" color="primary" component="h3" sx={{ display: 'block', mb: 1 }}>
        {title}
      </Typography>
      <DetailGrid items={items} columns={3} />
    </Box>
  );
}

/** Spec 1 §2.11 Dealer Information: personal, contact, address, payment (admins) and links. */
export function DealerInformationCard({ user, onEdit }: { user: UserDetail; onEdit?: (() => void) | undefined }) {
  // ID and account numbers arrive masked; an admin allowed to see them whole asks with 'Reveal'
  // (each reveal is audited) and sees them until the page is left.
  const reveal = useRevealSecrets(user.id);
  const shown = reveal.data;
  const secret = user.private
    ? {
        ...user.private,
        identificationNo: shown?.identificationNo ?? user.private.identificationNo,
        banking: user.private.banking
          ? { ...user.private.banking, accountNumber: shown?.bankAccountNumber ?? user.private.banking.accountNumber }
          : null,
      }
    : null;
  const sections: Array<{ title: string; items: DetailItem[] }> = [
    {
      title: 'Personal',
      items: [
        { label: 'Dealer code', value: user.zCode },
        { label: 'First name', value: user.firstName },
        { label: 'Middle name', value: user.middleName },
        { label: 'Surname', value: user.surname },
        { label: 'Company name', value: user.companyName },
        { label: 'Gender', value: GENDERS[user.refsGender] ?? user.refsGender },
        { label: 'User type', value: user.userTypeName },
        { label: 'RICA username', value: user.operatorId },
        { label: 'T-shirt size', value: user.refsShirtSize },
        { label: 'Date joined', value: formatDate(user.createdAt) },
        ...(secret
          ? [
              { label: 'ID type', value: ID_TYPES[secret.refsIdentityDocType] ?? secret.refsIdentityDocType },
              { label: 'ID/Passport number', value: secret.identificationNo },
              { label: 'Date of birth', value: formatDate(secret.dateOfBirth) },
              { label: 'Nationality', value: secret.nationality },
              ...(secret.refsIdentityDocType === 'PASSPORT'
                ? [
                    { label: 'Passport issue date', value: formatDate(secret.passportIssueDate) },
                    { label: 'Passport expiry date', value: formatDate(secret.passportExpiryDate) },
                  ]
                : []),
            ]
          : []),
      ],
    },
    {
      title: 'Contact',
      items: [
        { label: 'Phone', value: displayPhone(user.phone) },
        { label: 'Alternative phone', value: displayPhone(user.altPhone) },
        { label: 'Email', value: user.email },
      ],
    },
    {
      title: 'Address',
      items: [
        { label: 'Street', value: user.street },
        { label: 'Suburb', value: user.suburb },
        { label: 'City', value: user.city },
        { label: 'Province', value: user.provinceName ?? user.province },
        { label: 'Postal code', value: user.postalCode },
        { label: 'Country', value: user.countryName ?? user.country },
      ],
    },
    ...(secret
      ? [
          {
            title: 'Payment',
            items:
              secret.refsPaymentType === 'eWallet'
                ? [
                    { label: 'Payment type', value: 'eWallet' },
                    { label: 'eWallet link', value: secret.eWalletLink },
                  ]
                : [
                    { label: 'Payment type', value: 'Bank' },
                    { label: 'Bank', value: secret.banking?.bank },
                    { label: 'Branch code', value: secret.banking?.branchCode },
                    { label: 'Account number', value: secret.banking?.accountNumber },
                    { label: 'Account type', value: secret.banking?.accountTypeName },
                  ],
          },
        ]
      : []),
    {
      title: 'Suppliers, product types and deals',
      items: [
        { label: 'Product types', value: names(user.productTypes, 'No Products Selected') },
        { label: 'Suppliers', value: names(user.suppliers, 'No Suppliers Selected') },
        { label: 'Deals', value: names(user.deals, 'No Deals Selected') },
      ],
    },
  ];
  return (
    <Card>
      <CardContent sx={{ p: { xs: 2.5, sm: 3 }, '&:last-child': { pb: { xs: 2.5, sm: 3 } } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 2 }}>
          <Typography variant="h5" component="h2">
            Dealer Information
          </Typography>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
            {user.permissions.canReveal && secret ? (
              <Button
                startIcon={<VisibilityRoundedIcon />}
                onClick={() => reveal.mutate()}
                loading={reveal.isPending}
                disabled={reveal.isSuccess}
              >
                Reveal numbers
              </Button>
            ) : null}
            {onEdit ? (
              <Button variant="contained" startIcon={<EditRoundedIcon />} onClick={onEdit}>
                Edit
              </Button>
            ) : null}
          </Box>
        </Box>
        {reveal.isError ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {errorMessage(reveal.error)}
          </Alert>
        ) : null}
        {reveal.isSuccess ? (
          <Alert severity="info" sx={{ mb: 2 }}>
            The full ID and account numbers are shown until you leave this page. This look was recorded.
          </Alert>
        ) : null}
        <Box sx={{ display: 'grid', gap: 2.5 }}>
          {sections.map(
            (section, index): ReactNode => (
              <Fragment key={section.title}>
                {index > 0 ? <Divider /> : null}
                <Section title={section.title} items={section.items} />
              </Fragment>
            ),
          )}
        </Box>
      </CardContent>
    </Card>
  );
}
