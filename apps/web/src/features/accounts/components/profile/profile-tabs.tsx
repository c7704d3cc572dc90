import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { Profile } from '@portal/domain/accounts/profile';
import { displayPhone } from '@portal/domain/people/phone';
import { type ReactNode, useState } from 'react';
import { DetailGrid } from '../../../../components/detail-grid';
import { formatDate } from '../../../../lib/format';

export const NO_PRODUCTS = 'No Products Selected';
export const NO_SUPPLIERS = 'No Suppliers Selected';
/** Spec 1 §2.4: the ID number is masked when it is missing. */
export const MASKED_ID_NUMBER = '*************';

const TABS = ['Personal Info', 'Address', 'Services'] as const;
type TabName = (typeof TABS)[number];

const tabId = (name: TabName) => `profile-tab-${name.toLowerCase().replace(/\s+/g, '-')}`;
const panelId = (name: TabName) => `${tabId(name)}-panel`;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title}>
      <Typography variant="overline" component="h3" sx={{ color: 'primary.main', display: 'block', mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function PersonalInfo({ profile }: { profile: Profile }) {
  const banking = profile.banking;
  const isBank = profile.refsPaymentType === 'bank';
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Section title="Personal details">
        <DetailGrid
          columns={3}
          items={[
            { label: 'Z-code', value: profile.zCode },
            { label: 'ID number', value: profile.identificationNo || MASKED_ID_NUMBER },
            { label: 'Phone', value: displayPhone(profile.phone), wide: true },
            { label: 'Email', value: profile.email, wide: true },
            { label: 'Date joined', value: formatDate(profile.createdAt) },
            { label: 'T-shirt size', value: profile.refsShirtSize },
          ]}
        />
      </Section>
      <Divider />
      <Section title="Banking info">
        {isBank ? (
          <DetailGrid
            columns={3}
            items={[
              { label: 'Payment type', value: 'Bank' },
              { label: 'Bank', value: banking?.bank },
              { label: 'Branch code', value: banking?.branchCode },
              { label: 'Account number', value: banking?.accountNumberMasked },
              { label: 'Account type', value: banking?.accountTypeName },
            ]}
          />
        ) : (
          <DetailGrid
            columns={3}
            items={[
              { label: 'Payment type', value: 'eWallet' },
              { label: 'eWallet link', value: profile.eWalletLink, wide: true },
              { label: 'eWallet phone', value: displayPhone(profile.phone) },
            ]}
          />
        )}
      </Section>
    </Box>
  );
}

function Address({ profile }: { profile: Profile }) {
  const { address } = profile;
  return (
    <DetailGrid
      items={[
        { label: 'Country', value: address.countryName || address.country, wide: true },
        { label: 'Street', value: address.street, wide: true },
        { label: 'Suburb', value: address.suburb },
        { label: 'City', value: address.city },
        { label: 'Province', value: address.provinceName || address.province },
        { label: 'Postal code', value: address.postalCode },
      ]}
    />
  );
}

function ChipList({ items, empty }: { items: { id: number; name: string }[]; empty: string }) {
  if (items.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ fontStyle: 'italic' }}>
        {empty}
      </Typography>
    );
  }
  return (
    <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, p: 0, m: 0, listStyle: 'none' }}>
      {items.map((item) => (
        <li key={item.id}>
          <Chip label={item.name} color="primary" variant="outlined" />
        </li>
      ))}
    </Box>
  );
}

function Services({ profile }: { profile: Profile }) {
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Section title="Product types">
        <ChipList items={profile.productTypes} empty={NO_PRODUCTS} />
      </Section>
      <Divider />
      <Section title="Suppliers">
        <ChipList items={profile.suppliers} empty={NO_SUPPLIERS} />
      </Section>
    </Box>
  );
}

/** Spec 1 §2.4: Personal Info, Address and Services. */
export function ProfileTabs({ profile }: { profile: Profile }) {
  const [tab, setTab] = useState<TabName>('Personal Info');
  return (
    <Card>
      <Tabs
        value={tab}
        onChange={(_event, value: TabName) => setTab(value)}
        aria-label="Profile details"
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ px: { xs: 1, sm: 2 }, borderBottom: '1px solid', borderColor: 'divider' }}
      >
        {TABS.map((name) => (
          <Tab key={name} value={name} label={name} id={tabId(name)} aria-controls={panelId(name)} />
        ))}
      </Tabs>
      {TABS.map((name) => (
        <Box
          key={name}
          role="tabpanel"
          hidden={tab !== name}
          id={panelId(name)}
          aria-labelledby={tabId(name)}
          sx={{ p: { xs: 2.5, sm: 3.5 } }}
        >
          {tab === name ? (
            name === 'Personal Info' ? (
              <PersonalInfo profile={profile} />
            ) : name === 'Address' ? (
              <Address profile={profile} />
            ) : (
              <Services profile={profile} />
            )
          ) : null}
        </Box>
      ))}
    </Card>
  );
}
