import type { ConsoleStatus } from '../components/console-filters';

type Kind = 'sales_assist' | 'agent_support';

interface KindTexts {
  title: string;
  subtitle: string;
  numberHeader: string;
  createdHeader: string;
  searchLabel: string;
  empty: string;
  statusLabel: (status: ConsoleStatus) => string;
}

/** The words of each console; Open reads "New" in agent support (spec 3 §4.3). */
export const KIND_TEXTS: Record<Kind, KindTexts> = {
  sales_assist: {
    title: 'Sales Assist',
    subtitle: "Dealers' leads: status, feedback and messages",
    numberHeader: 'Ticket Number',
    createdHeader: 'Date',
    searchLabel: 'Search leads',
    empty: 'No leads match these filters.',
    statusLabel: (status) => status,
  },
  agent_support: {
    title: 'Agent Support',
    subtitle: "Dealers' support tickets: status, feedback and messages",
    numberHeader: 'Ticket #',
    createdHeader: 'Created',
    searchLabel: 'Search tickets',
    empty: 'No tickets match these filters.',
    statusLabel: (status) => (status === 'Open' ? 'New' : status),
  },
};
