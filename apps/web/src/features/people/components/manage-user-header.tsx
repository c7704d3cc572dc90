import ArrowBackRoundedIcon from '@mui/icons-material/ArrowBackRounded';
import RefreshRoundedIcon from '@mui/icons-material/RefreshRounded';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { lifecycleChipLabel, type UserDetail } from '@portal/domain/people/user-detail';
import { fullName, initials } from '../../../lib/format';

const STATUS_COLOURS = { Active: 'success', Inactive: 'warning', Deleted: 'error', Unknown: 'default' } as const;

interface Props {
  user: UserDetail;
  refreshing: boolean;
  onBack: () => void;
  onRefresh: () => void;
}

/** Spec 1 §2.11 header card: Back, Refresh, initials avatar, name, status, leader chips and link chips. */
export function ManageUserHeader({ user, refreshing, onBack, onRefresh }: Props) {
  const status = lifecycleChipLabel(user.lifecycleStatusId);
  const links = [
    ...user.suppliers.map((item) => ({ key: `s${item.id}`, label: item.name, kind: 'Supplier' })),
    ...user.productTypes.map((item) => ({ key: `p${item.id}`, label: item.name, kind: 'Product type' })),
    ...user.deals.map((item) => ({ key: `d${item.id}`, label: item.name, kind: 'Deal' })),
  ];
  return (
    <Card>
      <CardContent sx={{ p: { xs: 2.5, sm: 3 }, '&:last-child': { pb: { xs: 2.5, sm: 3 } } }}>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, mb: 2 }}>
          <Button variant="outlined" startIcon={<ArrowBackRoundedIcon />} onClick={onBack}>
            Back
          </Button>
          <Button
            variant="outlined"
            startIcon={<RefreshRoundedIcon />}
            onClick={onRefresh}
            loading={refreshing}
            loadingPosition="start"
          >
            Refresh
          </Button>
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <Avatar sx={{ width: 64, height: 64, bgcolor: 'primary.main', fontSize: 24, fontWeight: 700 }} aria-hidden>
            {initials(user)}
          </Avatar>
          <Box sx={{ minWidth: 0, flex: 1 }}>
            <Typography variant="h3" component="h1" sx={{ overflowWrap: 'anywhere' }}>
              {fullName(user)}
            </Typography>
            <Typography color="text.secondary">{[user.zCode, user.companyName].filter(Boolean).join(' · ')}</Typography>
          </Box>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }} aria-label="Status">
            <Chip label={status} color={STATUS_COLOURS[status]} />
            {user.growthLeader ? <Chip label="Growth Leader" color="secondary" /> : null}
            {user.isLeader ? <Chip label="Trainer" color="primary" /> : null}
            {user.isAdmin ? <Chip label="Admin" variant="outlined" /> : null}
          </Box>
        </Box>
        {links.length ? (
          <Box
            sx={{ display: 'flex', gap: 0.75, flexWrap: 'wrap', mt: 2 }}
            aria-label="Suppliers, product types and deals"
          >
            {links.map((link) => (
              <Chip key={link.key} size="small" variant="outlined" label={link.label} title={link.kind} />
            ))}
          </Box>
        ) : null}
      </CardContent>
    </Card>
  );
}
