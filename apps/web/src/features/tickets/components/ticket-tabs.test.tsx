import type { SupplierPage } from '@portal/domain/suppliers/supplier-page';
import type {
  DealerTicketPage,
  TicketDetail,
  TicketFormOptions,
  TicketRow,
  TicketThread,
} from '@portal/domain/tickets/tickets';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeEventSource } from '../../../test/fake-event-source';
import { json } from '../../../test/profiles';
import { renderWithProviders } from '../../../test/render';
import { makeUser } from '../../../test/users';
import { AgentSupportTab } from './agent-support-tab';
import { SalesAssistTab } from './sales-assist-tab';

// The dealer's Sales Assist and Agent Support tabs (spec 2): what the tables show, the rules of
// Add Lead and New Ticket, rating once, and a helpdesk reply arriving without a reload.

const WAIT = { timeout: 5000 };

const supplier: SupplierPage = {
  id: 3,
  name: 'Metro Fibre Connect',
  logoUrl: null,
  reports: false,
  reportsDisplayName: null,
  salesAssist: true,
  salesAssistText: 'Log a lead for **fibre** customers.',
  agentAssist: true,
  agentAssistText: '**Before you log a ticket** have the <b>supplier</b> number.',
  orderNotes: false,
};

const formOptions = (kind: 'sales_assist' | 'agent_support'): TicketFormOptions => ({
  supplier: {
    id: 3,
    name: 'Metro Fibre Connect',
    enabled: true,
    instructions: kind === 'sales_assist' ? supplier.salesAssistText : supplier.agentAssistText,
    paymentTypes: ['Debit order', 'Card'],
    regex: null,
  },
  categories: [{ id: 11, status: 'Installation delay' }],
});

const row = (overrides: Partial<TicketRow>): TicketRow => ({
  id: 1,
  kind: 'sales_assist',
  ticketNum: 'ZSA-000001',
  createdAt: '2026-11-20T08:00:00.000Z',
  status: 'Open',
  statusLabel: 'Open',
  statusFeedback: null,
  feedback: null,
  supplierId: 3,
  supplierName: 'Metro Fibre Connect',
  category: null,
  customerName: 'Nandi Zulu',
  phoneNumber: '+27831234567',
  supplierTicketNumber: null,
  supplierTicketDate: null,
  userNote: null,
  rating: null,
  unread: false,
  lastUpdatedAt: '2026-11-20T08:00:00.000Z',
  ...overrides,
});

const leads: TicketRow[] = [
  row({ id: 1, ticketNum: 'ZSA-000001', unread: true }),
  row({ id: 2, ticketNum: 'ZSA-000002', status: 'Closed', statusLabel: 'Closed', customerName: 'Pieter Botha' }),
  row({
    id: 3,
    ticketNum: 'ZSA-000003',
    status: 'Closed',
    statusLabel: 'Closed',
    customerName: 'Sipho Dube',
    rating: { star: 2, comment: 'Slow' },
  }),
];

const supportRow = row({
  id: 7,
  kind: 'agent_support',
  ticketNum: 'ZAA7',
  statusLabel: 'New',
  category: 'Installation delay',
  customerName: null,
  phoneNumber: null,
  supplierTicketNumber: 'MFC-SUP-4411',
  userNote: 'Installation not booked',
});

const detail = (base: TicketRow): TicketDetail => ({
  ...base,
  alternativeNumber: null,
  emailAddress: null,
  idNumber: null,
  refNumber: null,
  title: null,
  jobTitle: null,
  maritalStatus: null,
  currentAddressMonths: null,
  employer: null,
  employerContactNumber: null,
  companyName: null,
  industry: null,
  paymentType: null,
  gpsLocation: null,
  address: null,
  owner: { id: 9, code: 'Z-9', firstName: 'Ayanda', name: 'Ayanda Agent' },
  dealerCode: 'Z-9: Ayanda Agent',
  platform: 'App',
  agreedToTerms: true,
  categoryId: 11,
  inProgressStatusId: null,
  inProgressStatus: null,
  closedStatusId: null,
  closedStatus: null,
  lastUpdatedByName: 'New',
  closedAt: null,
  ratedAt: null,
  canMessage: base.status !== 'Closed',
  canRate: base.status === 'Closed' && !base.rating,
  viewerSide: 'dealer',
});

const statusParam = (url: string | undefined) => new URL(url ?? '/', 'http://portal.test').searchParams.get('status');

type Call = { url: string; method: string; body: unknown };

function mockServer(kind: 'sales_assist' | 'agent_support', rows: TicketRow[], thread: () => TicketThread) {
  const calls: Call[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    calls.push({ url, method, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const path = url.split('?')[0] ?? '';
    if (path === `/api/tickets/${kind}/form`) return json(formOptions(kind));
    if (path === `/api/tickets/${kind}` && method === 'GET') {
      const page: DealerTicketPage = {
        items: rows,
        page: 1,
        pageSize: kind === 'sales_assist' ? 10 : 7,
        total: rows.length,
      };
      return json(page);
    }
    if (path === `/api/tickets/${kind}` && method === 'POST') return json({ id: 99, kind, ticketNum: 'ZAA99' }, 201);
    const one = /^\/api\/tickets\/[a-z_]+\/(\d+)(\/[a-z]+)?$/.exec(path);
    if (one) {
      const ticket = rows.find((r) => r.id === Number(one[1]));
      if (!ticket) return json({}, 404);
      if (one[2] === '/activity' && method === 'GET') return json(thread());
      if (one[2] === '/activity') return json({ id: 50 }, 201);
      if (one[2] === '/files') return json({ items: [] });
      if (one[2] === '/rating') return json({ ok: true });
      return json(detail(ticket));
    }
    return json({}, 404);
  });
  return calls;
}

beforeEach(() => {
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('SalesAssistTab', () => {
  it('shows the banner, the notice, the three status filters and the leads 10 a page', async () => {
    const calls = mockServer('sales_assist', leads, () => ({ items: [] }));
    renderWithProviders(<SalesAssistTab supplier={supplier} />, { user: makeUser({}) });
    expect(screen.getByText('fibre').tagName).toBe('STRONG');
    expect(screen.getByText(/handles lead-related queries only/)).toBeTruthy();
    for (const status of ['Open', 'In Progress', 'Closed'])
      expect((screen.getByRole('checkbox', { name: status }) as HTMLInputElement).checked).toBe(true);
    expect(await screen.findByText('Nandi Zulu', {}, WAIT)).toBeTruthy();
    // Phones as dealers write them: a leading 0 for +27 (spec 3 §9).
    expect(screen.getAllByText('0831234567').length).toBeGreaterThan(0);
    expect(screen.queryByText('+27831234567')).toBeNull();
    const list = calls.find((c) => c.url.startsWith('/api/tickets/sales_assist?'));
    expect(list?.url).toContain('pageSize=10');
    expect(statusParam(list?.url)).toBe('Open,In Progress,Closed');
    // Unread: the number chip says so; a closed unrated lead can be rated; a rated one shows its mood.
    expect(screen.getByLabelText('ZSA-000001, unread')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Rate service ZSA-000002' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Rate service ZSA-000003' })).toBeNull();
    expect(screen.getByLabelText('Rated 2/5 Slow').getAttribute('data-mood')).toBe('sad');
  });

  it('asks again without a status that is unticked', async () => {
    const calls = mockServer('sales_assist', leads, () => ({ items: [] }));
    renderWithProviders(<SalesAssistTab supplier={supplier} />, { user: makeUser({}) });
    await screen.findByText('Nandi Zulu', {}, WAIT);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Closed' }));
    await waitFor(() => expect(statusParam(calls.at(-1)?.url)).toBe('Open,In Progress'), WAIT);
  });

  it('refuses a lead without the required fields and asks for the payment type the supplier offers', async () => {
    const calls = mockServer('sales_assist', leads, () => ({ items: [] }));
    renderWithProviders(<SalesAssistTab supplier={supplier} />, { user: makeUser({}) });
    const add = screen.getByRole('button', { name: 'Add Lead' }) as HTMLButtonElement;
    await waitFor(() => expect(add.disabled).toBe(false), WAIT);
    fireEvent.click(add);
    const dialog = await screen.findByRole('dialog', { name: 'Add Lead' });
    expect(within(dialog).getByLabelText(/Payment Type/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit Lead' }));
    expect(await screen.findAllByText('Please add all required fields', {}, WAIT)).not.toHaveLength(0);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('rates a closed lead once: stars, then "Service rated successfully"', async () => {
    const calls = mockServer('sales_assist', leads, () => ({ items: [] }));
    renderWithProviders(<SalesAssistTab supplier={supplier} />, { user: makeUser({}) });
    fireEvent.click(await screen.findByRole('button', { name: 'Rate service ZSA-000002' }, WAIT));
    const dialog = await screen.findByRole('dialog', { name: 'Rate Service: ZSA-000002' });
    fireEvent.click(within(dialog).getByLabelText('4 Stars'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit Rating' }));
    expect(await screen.findByText('Service rated successfully', {}, WAIT)).toBeTruthy();
    expect(calls.find((c) => c.url === '/api/tickets/sales_assist/2/rating')?.body).toEqual({ star: 4, comment: null });
  });
});

describe('AgentSupportTab', () => {
  it('lists the tickets 7 a page with New, a dash for no feedback, and the ZAA number', async () => {
    const calls = mockServer('agent_support', [supportRow], () => ({ items: [] }));
    renderWithProviders(<AgentSupportTab supplier={supplier} />, { user: makeUser({}) });
    expect(screen.getByRole('heading', { name: 'Agent Support Tickets' })).toBeTruthy();
    expect(screen.getByLabelText('Filter by status')).toBeTruthy();
    const grid = await screen.findByRole('grid', {}, WAIT);
    expect(await within(grid).findByText('ZAA7', {}, WAIT)).toBeTruthy();
    expect(within(grid).getByText('New')).toBeTruthy();
    expect(within(grid).getByText('-')).toBeTruthy();
    expect(calls.find((c) => c.url.startsWith('/api/tickets/agent_support?'))?.url).toContain('pageSize=7');
  });

  it('New Ticket shows the supplier instructions as text, and needs category, date and terms', async () => {
    const calls = mockServer('agent_support', [supportRow], () => ({ items: [] }));
    renderWithProviders(<AgentSupportTab supplier={supplier} />, { user: makeUser({}) });
    const create = screen.getByRole('button', { name: 'New Ticket' }) as HTMLButtonElement;
    await waitFor(() => expect(create.disabled).toBe(false), WAIT);
    fireEvent.click(create);
    const dialog = await screen.findByRole('dialog', { name: 'New Agent Support Ticket' });
    expect(within(dialog).getByText('Before you log a ticket').tagName).toBe('STRONG');
    // The instructions' HTML is shown as typed, never made into elements.
    expect(dialog.querySelector('b')).toBeNull();
    expect(within(dialog).getByText(/<b>supplier<\/b>/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Upload Documents' }));
    expect(
      await screen.findByText('Please complete all required fields before uploading documents.', {}, WAIT),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit Ticket' }));
    expect(await screen.findAllByText('Please complete all required fields', {}, WAIT)).not.toHaveLength(0);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('shows a helpdesk reply in the open ticket without a reload', async () => {
    let replies = 0;
    const thread = (): TicketThread => ({
      items: [
        {
          id: 1,
          type: 'update',
          text: 'Ticket ZAA7 created',
          adminOnly: false,
          createdAt: '2026-11-20T08:00:00.000Z',
          author: null,
          wasUnread: false,
        },
        ...(replies
          ? [
              {
                id: 2,
                type: 'admin' as const,
                text: 'We have escalated this to the installer.',
                adminOnly: false,
                createdAt: '2026-11-20T09:00:00.000Z',
                author: { id: 1, code: 'Z-1', firstName: 'Admin', name: 'Admin User' },
                wasUnread: true,
              },
            ]
          : []),
      ],
    });
    mockServer('agent_support', [supportRow], thread);
    renderWithProviders(<AgentSupportTab supplier={supplier} />, { user: makeUser({}) });
    fireEvent.click(await screen.findByRole('button', { name: 'View ZAA7' }, WAIT));
    const log = await screen.findByRole('log', { name: 'Ticket activity' }, WAIT);
    expect(await within(log).findByText('Ticket ZAA7 created', {}, WAIT)).toBeTruthy();
    expect(within(log).queryByText('We have escalated this to the installer.')).toBeNull();
    replies = 1;
    const stream = FakeEventSource.instances[0];
    act(() => {
      stream?.open();
      stream?.send({ type: 'ticket.activity', channel: 'user.9', data: { ticketId: 7, kind: 'agent_support' } });
    });
    expect(await within(log).findByText('We have escalated this to the installer.', {}, WAIT)).toBeTruthy();
  });
});
