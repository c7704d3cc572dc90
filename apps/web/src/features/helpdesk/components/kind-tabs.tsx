import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { TICKET_FLAG, TICKET_KINDS, type TicketKind } from '@portal/domain/tickets/tickets';
import { useState } from 'react';
import { hasFeature } from '../../../app/access';
import { useSignedInUser } from '../../../lib/use-signed-in-user';

export const KIND_LABEL: Record<TicketKind, string> = { agent_support: 'Agent Support', sales_assist: 'Sales Assist' };

/** The kinds the admin's flags open (the server refuses the others), and the one chosen. */
export function useEditableKinds() {
  const user = useSignedInUser();
  const kinds = [...TICKET_KINDS].reverse().filter((kind) => hasFeature(user, TICKET_FLAG[kind]));
  const [kind, setKind] = useState<TicketKind>(kinds[0] ?? 'agent_support');
  return { kinds, kind, setKind };
}

export function KindTabs({
  kinds,
  kind,
  onChange,
}: {
  kinds: readonly TicketKind[];
  kind: TicketKind;
  onChange: (kind: TicketKind) => void;
}) {
  if (kinds.length < 2) return null;
  return (
    <Tabs value={kind} onChange={(_, next: TicketKind) => onChange(next)} aria-label="Ticket kind" sx={{ mb: 2 }}>
      {kinds.map((item) => (
        <Tab key={item} value={item} label={KIND_LABEL[item]} />
      ))}
    </Tabs>
  );
}
