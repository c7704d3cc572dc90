import type { SvgIconComponent } from '@mui/icons-material';
import ChatRoundedIcon from '@mui/icons-material/ChatRounded';
import MailOutlineRoundedIcon from '@mui/icons-material/MailOutlineRounded';
import SmsRoundedIcon from '@mui/icons-material/SmsRounded';
import TaskAltRoundedIcon from '@mui/icons-material/TaskAltRounded';
import Chip from '@mui/material/Chip';
import type { OutboxMessage } from '@portal/domain/outbox/outbox';

type Channel = OutboxMessage['channel'];

export const CHANNEL_LABELS: Record<Channel, string> = {
  email: 'Email',
  sms: 'SMS',
  chat: 'Chat',
  tracker: 'Tracker',
};

const CHANNEL_STYLE: Record<Channel, { icon: SvgIconComponent; color: 'primary' | 'success' | 'secondary' | 'info' }> =
  {
    email: { icon: MailOutlineRoundedIcon, color: 'primary' },
    sms: { icon: SmsRoundedIcon, color: 'success' },
    chat: { icon: ChatRoundedIcon, color: 'info' },
    tracker: { icon: TaskAltRoundedIcon, color: 'secondary' },
  };

export function ChannelChip({ channel }: { channel: Channel }) {
  const { icon: Icon, color } = CHANNEL_STYLE[channel];
  return (
    <Chip
      size="small"
      variant="outlined"
      color={color}
      icon={<Icon fontSize="small" />}
      label={CHANNEL_LABELS[channel]}
    />
  );
}
