import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import type { OutboxMessage } from '@portal/domain/outbox/outbox';

type Status = OutboxMessage['status'];

const STATUS: Record<Status, { label: string; color: 'default' | 'success' | 'warning' | 'error' | 'info' }> = {
  queued: { label: 'Queued', color: 'info' },
  sending: { label: 'Sending', color: 'info' },
  sent: { label: 'Sent', color: 'success' },
  failed: { label: 'Failed', color: 'error' },
};

/** Where a message is on its way; a queued message that already failed once says it is retrying. */
export function DeliveryStatus({ message }: { message: Pick<OutboxMessage, 'status' | 'attempts' | 'lastError'> }) {
  const retrying = message.status === 'queued' && message.attempts > 0;
  const { label, color } = retrying ? { label: 'Retrying', color: 'warning' as const } : STATUS[message.status];
  const chip = <Chip size="small" variant={color === 'success' ? 'outlined' : 'filled'} color={color} label={label} />;
  return message.lastError && message.status !== 'sent' ? <Tooltip title={message.lastError}>{chip}</Tooltip> : chip;
}
