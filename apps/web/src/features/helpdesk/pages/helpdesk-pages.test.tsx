import type { CurrentUser } from '@portal/domain/accounts/me';
import type { AdminTicketRow, SupportStatus, TicketDetail } from '@portal/domain/tickets/tickets';
import { QueryClient } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { routes } from '../../../app/router';
import { NOT_FOUND_TITLE } from '../../../app/texts';
import { json } from '../../../test/profiles';
import { makeUser } from '../../../test/users';

/** This machine is busy while the suites run side by side: allow more than the default second. */
const WAIT = { timeout: 15_000 };

afterEach(() => vi.restoreAllMocks());

// The upload itself (XMLHttpRequest to POST /api/files) is the shared helper's; here it hands back a file id.
const UPLOADED_ID = '5b3f0a52-1c0e-4c8e-9a51-0d3c2f6e7a11';
vi.mock('../../../lib/upload-file', async (importActual) => ({
  ...(await importActual<typeof import('../../../lib/upload-file')>()),
  uploadTicketDocuments: vi.fn(async (files: readonly File[]) =>
    files.map((file) => ({ id: UPLOADED_ID, name: file.name })),
  ),
}));

const admin = (features: CurrentUser['features']) => makeUser({ isAdmin: true, role: 'admin', features });

const sla = {
  firstResponseDueAt: null,
  firstRespondedAt: null,
  resolutionDueAt: null,
  timeLeftSeconds: -5400,
  paused: false,
  breached: true,
};

const row = (overrides: Partial<AdminTicketRow>): AdminTicketRow => ({
  id: 41,
  kind: 'agent_support',
  ticketNum: 'ZAA41',
  createdAt: '2026-11-20T08:00:00.000Z',
  status: 'Open',
  statusLabel: 'New',
  statusFeedback: null,
  feedback: null,
  supplierId: 3,
  supplierName: 'Metro Fibre Connect',
  category: 'Installation delay',
  customerName: null,
  phoneNumber: null,
  supplierTicketNumber: 'MFC-SUP-4411',
  supplierTicketDate: '2026-11-19',
  userNote: 'Installation is not booked.',
  rating: null,
  unread: false,
  lastUpdatedAt: '2026-11-21T08:00:00.000Z',
  owner: { id: 9, code: 'Z-9', firstName: 'Sipho', name: 'Sipho Dlamini' },
  dealerCode: 'Z-9: Sipho Dlamini',
  address: null,
  refNumber: null,
  inProgressStatus: null,
  closedStatus: null,
  lastUpdatedByName: 'New',
  sla,
  ...overrides,
});

const detail = (overrides: Partial<TicketDetail> = {}): TicketDetail => ({
  ...row({}),
  alternativeNumber: null,
  emailAddress: null,
  idNumber: null,
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
  platform: null,
  agreedToTerms: true,
  categoryId: 1,
  inProgressStatusId: null,
  closedStatusId: null,
  closedAt: null,
  ratedAt: null,
  canMessage: true,
  canRate: false,
  viewerSide: 'admin',
  history: [
    {
      id: 1,
      updatedAt: '2026-11-21T08:00:05.000Z',
      updatedById: 1,
      updatedByName: 'Z-1: Ayanda Admin',
      updateAddress: null,
      updateStatus: 'In Progress',
      updateInProgressStatus: 'Awaiting supplier',
      updateClosedStatus: null,
      updateFeedback: 'Escalated to the installer',
    },
  ],
  sla,
  ...overrides,
});

const statuses: SupportStatus[] = [
  {
    id: 1,
    kind: 'agent_support',
    statusType: 'category',
    status: 'Installation delay',
    supplierId: null,
    supplierName: null,
    pausesSla: false,
    isActive: true,
    sortOrder: 100,
  },
  {
    id: 2,
    kind: 'agent_support',
    statusType: 'in_progress',
    status: 'Awaiting supplier',
    supplierId: null,
    supplierName: null,
    pausesSla: true,
    isActive: true,
    sortOrder: 100,
  },
  {
    id: 3,
    kind: 'agent_support',
    statusType: 'closed',
    status: 'Resolved',
    supplierId: null,
    supplierName: null,
    pausesSla: false,
    isActive: true,
    sortOrder: 100,
  },
  {
    id: 4,
    kind: 'agent_support',
    statusType: 'closed',
    status: 'Vuma only',
    supplierId: 8,
    supplierName: 'Vuma',
    pausesSla: false,
    isActive: true,
    sortOrder: 100,
  },
];

interface Call {
  url: string;
  method: string;
  body: unknown;
}

function renderAt(
  path: string,
  user: CurrentUser,
  rows: AdminTicketRow[] = [],
  detailOverrides: Partial<TicketDetail> = {},
) {
  const calls: Call[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    calls.push({ url, method, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (url.startsWith('/api/me')) return json({ user });
    if (url.startsWith('/api/catalogue/references'))
      return json({
        supplierStatuses: [],
        contactTypes: [],
        productStatuses: [],
        productTypes: [],
        suppliers: [
          { id: 3, name: 'Metro Fibre Connect', productTypeIds: [] },
          { id: 8, name: 'Vuma', productTypeIds: [] },
        ],
      });
    if (url.startsWith('/api/admin/tickets/agent_support/41') && method === 'PUT') return json({});
    if (url.startsWith('/api/admin/tickets/agent_support?') || url === '/api/admin/tickets/agent_support')
      return json({ items: rows, page: 1, pageSize: 25, total: rows.length });
    if (url.startsWith('/api/tickets/agent_support/41/activity') && method === 'GET')
      return json({
        items: [
          {
            id: 1,
            type: 'update',
            text: 'Ticket ZAA41 created',
            adminOnly: false,
            createdAt: '2026-11-20T08:00:00.000Z',
            author: null,
            wasUnread: false,
          },
          {
            id: 2,
            type: 'internal',
            text: 'Installer is on leave',
            adminOnly: true,
            createdAt: '2026-11-20T09:00:00.000Z',
            author: null,
            wasUnread: false,
          },
        ],
      });
    if (url.startsWith('/api/tickets/agent_support/41/files'))
      return method === 'POST' ? json({ items: [] }, 201) : json({ items: [] });
    if (url.startsWith('/api/tickets/agent_support/41')) return json(detail(detailOverrides));
    if (url.startsWith('/api/admin/ticket-statuses/agent_support') && method === 'POST') return json({}, 201);
    if (url.startsWith('/api/admin/ticket-sla/agent_support'))
      return json({ kind: 'agent_support', firstResponseMinutes: 480, resolutionMinutes: 1620 });
    if (url.startsWith('/api/admin/ticket-statuses/agent_support')) {
      const supplier = new URL(url, 'http://x').searchParams.get('supplierId');
      return json({
        items: statuses.filter((s) => !supplier || s.supplierId === null || String(s.supplierId) === supplier),
      });
    }
    if (url.startsWith('/api/admin/tickets/agent_support/41/canned-replies/7'))
      return json({ text: 'Hi Sipho, thanks for ZAA41.' });
    if (url.startsWith('/api/tickets/agent_support/41/activity') && method === 'POST') return json({}, 201);
    if (url.startsWith('/api/admin/canned-replies/agent_support'))
      return json({
        items: [
          {
            id: 7,
            kind: 'agent_support',
            title: 'Acknowledge',
            body: 'Hi {dealer_first_name}, thanks for {ticket_number}.',
            isActive: true,
            updatedAt: '2026-11-01T08:00:00.000Z',
          },
          {
            id: 8,
            kind: 'agent_support',
            title: 'Retired',
            body: 'Old text',
            isActive: false,
            updatedAt: '2026-11-01T08:00:00.000Z',
          },
        ],
      });
    return new Response('{}', { status: 404 });
  });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AppProviders
      queryClient={new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })}
    >
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { calls, router };
}

const listCalls = (calls: Call[]) => calls.filter((call) => call.url.startsWith('/api/admin/tickets/agent_support?'));

// Whole routes render here (lazy pages, the grid): generous limits for a loaded machine.
describe('the helpdesk consoles (spec 3 §2.1, §2.2)', { timeout: 60_000 }, () => {
  it.each([
    ['/sales-leads-admin-view', admin(['Agent Support'])],
    ['/admin-agent-support', admin(['Sales Assist'])],
    ['/admin-agent-support', makeUser({ isLeader: true, role: 'leader', features: ['Agent Support'] })],
    ['/helpdesk/support-statuses', admin([])],
  ])('%s refuses an admin without the flag', async (path, user) => {
    renderAt(path, user);
    expect(await screen.findByRole('heading', { name: NOT_FOUND_TITLE }, WAIT)).toBeTruthy();
  });

  it('starts on New and In Progress, and asks the server again when a filter changes', async () => {
    const { calls } = renderAt('/admin-agent-support', admin(['Agent Support']), [row({ unread: true })]);
    expect(await screen.findByRole('heading', { name: 'Agent Support' }, WAIT)).toBeTruthy();
    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(0), WAIT);
    const first = new URL(listCalls(calls)[0]!.url, 'http://x').searchParams;
    expect(first.get('status')).toBe('Open,In Progress');
    expect(screen.getByRole('checkbox', { name: 'New' })).toHaveProperty('checked', true);
    expect(screen.getByRole('checkbox', { name: 'Closed' })).toHaveProperty('checked', false);

    // An unread ticket is marked on its row.
    expect(await screen.findByLabelText('ZAA41, unread', {}, WAIT)).toBeTruthy();
    expect(screen.getByText('Overdue 1h 30m')).toBeTruthy();

    fireEvent.click(screen.getByRole('checkbox', { name: 'Closed' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Not updated today' }));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search tickets' }), { target: { value: 'MFC-SUP' } });
    await waitFor(() => {
      const last = new URL(listCalls(calls).at(-1)!.url, 'http://x').searchParams;
      expect(last.get('status')).toBe('Open,In Progress,Closed');
      expect(last.get('notUpdatedToday')).toBe('true');
      expect(last.get('search')).toBe('MFC-SUP');
    }, WAIT);
  });

  it('sorts by time left on the server', async () => {
    const { calls } = renderAt('/admin-agent-support', admin(['Agent Support']), [row({})]);
    fireEvent.click(await screen.findByRole('columnheader', { name: /Time Left/ }, WAIT));
    await waitFor(
      () => expect(new URL(listCalls(calls).at(-1)!.url, 'http://x').searchParams.get('sort')).toBe('timeLeft'),
      WAIT,
    );
  });

  it('shows the thread with internal notes marked, and the history with its timestamps', async () => {
    renderAt('/admin-agent-support?ticket=41', admin(['Agent Support']), [row({})]);
    const dialog = await screen.findByRole('dialog', { name: 'Ticket ZAA41' }, WAIT);
    expect(await within(dialog).findByText('Installer is on leave', {}, WAIT)).toBeTruthy();
    expect(within(dialog).getByText('Internal note')).toBeTruthy();
    expect(within(dialog).getByLabelText('Internal')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('tab', { name: 'History' }));
    expect(within(dialog).getByText('2026/11/21 10:00:05 · Z-1: Ayanda Admin')).toBeTruthy();
    expect(within(dialog).getByText(/Status: In Progress · In Progress Status: Awaiting supplier/)).toBeTruthy();
  });

  it("refuses the supplier 'All' without asking the server", async () => {
    const { calls } = renderAt('/admin-agent-support?ticket=41', admin(['Agent Support']), [row({})]);
    const dialog = await screen.findByRole('dialog', { name: 'Ticket ZAA41' }, WAIT);
    fireEvent.click(within(dialog).getByRole('tab', { name: 'Edit Ticket' }));
    const supplier = await within(dialog).findByRole('combobox', { name: 'Supplier' }, WAIT);
    await within(dialog).findByRole('option', { name: 'Vuma' }, WAIT);
    fireEvent.change(supplier, { target: { value: 'all' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('All is not a Supplier please select one!', {}, WAIT)).toBeTruthy();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('closes a ticket with a closed sub-status of its supplier or of all suppliers', async () => {
    const { calls } = renderAt('/admin-agent-support?ticket=41', admin(['Agent Support']), [row({})]);
    const dialog = await screen.findByRole('dialog', { name: 'Ticket ZAA41' }, WAIT);
    fireEvent.click(within(dialog).getByRole('tab', { name: 'Edit Ticket' }));
    fireEvent.change(await within(dialog).findByRole('combobox', { name: 'Status' }, WAIT), {
      target: { value: 'Closed' },
    });
    const closed = await within(dialog).findByRole('combobox', { name: 'Closed Status' }, WAIT);
    await within(dialog).findByRole('option', { name: 'Resolved' }, WAIT);
    // Another supplier's sub-status is not offered.
    expect(within(dialog).queryByRole('option', { name: 'Vuma only' })).toBeNull();
    expect(within(dialog).queryByRole('combobox', { name: 'In Progress Status' })).toBeNull();
    fireEvent.change(closed, { target: { value: '3' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Helpdesk Feedback' }), {
      target: { value: 'Installed on Monday' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(calls.find((call) => call.method === 'PUT')).toBeTruthy(), WAIT);
    const put = calls.find((call) => call.method === 'PUT')!;
    expect(put.url).toBe('/api/admin/tickets/agent_support/41');
    expect(put.body).toMatchObject({
      status: 'Closed',
      closedStatusId: 3,
      inProgressStatusId: null,
      feedback: 'Installed on Monday',
      supplierId: 3,
    });
  });

  it('puts a canned reply, filled in for the ticket, into the box and sends it as an internal note', async () => {
    const { calls } = renderAt('/admin-agent-support?ticket=41', admin(['Agent Support']), [row({})]);
    const dialog = await screen.findByRole('dialog', { name: 'Ticket ZAA41' }, WAIT);
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Canned Reply' }, WAIT));
    const menu = await screen.findByRole('menu', {}, WAIT);
    // Only the replies offered in the message box.
    expect(within(menu).queryByText('Retired')).toBeNull();
    fireEvent.click(await within(menu).findByRole('menuitem', { name: /Acknowledge/ }, WAIT));
    const box = within(dialog).getByRole('textbox', { name: 'Message' });
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe('Hi Sipho, thanks for ZAA41.'), WAIT);
    fireEvent.click(within(dialog).getByLabelText('Internal'));
    expect(within(dialog).getByText('Internal note: only the helpdesk sees it.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(calls.find((call) => call.method === 'POST')).toBeTruthy(), WAIT);
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.url).toBe('/api/tickets/agent_support/41/activity');
    expect(post.body).toEqual({ text: 'Hi Sipho, thanks for ZAA41.', internal: true });
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe(''), WAIT);
  });

  it('adds supporting documents to an open ticket', async () => {
    const { calls } = renderAt('/admin-agent-support?ticket=41', admin(['Agent Support']), [row({})]);
    const dialog = await screen.findByRole('dialog', { name: 'Ticket ZAA41' }, WAIT);
    fireEvent.click(within(dialog).getByRole('tab', { name: 'Documents' }));
    expect(await within(dialog).findByText('No Files Uploaded', {}, WAIT)).toBeTruthy();
    const add = within(dialog).getByRole('button', { name: 'Add Supporting Documents' }) as HTMLButtonElement;
    expect(add.disabled).toBe(false);
    const picked = new File(['%PDF'], 'supplier-report.pdf', { type: 'application/pdf' });
    fireEvent.change(within(dialog).getByTestId('ticket-documents-input'), { target: { files: [picked] } });
    await waitFor(() => expect(calls.find((call) => call.method === 'POST')).toBeTruthy(), WAIT);
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.url).toBe('/api/tickets/agent_support/41/files');
    expect(post.body).toEqual({ fileIds: [UPLOADED_ID] });
  });

  it('keeps Add Supporting Documents disabled on a Closed ticket', async () => {
    renderAt('/admin-agent-support?ticket=41', admin(['Agent Support']), [row({})], {
      status: 'Closed',
      statusLabel: 'Closed',
    });
    const dialog = await screen.findByRole('dialog', { name: 'Ticket ZAA41' }, WAIT);
    fireEvent.click(await within(dialog).findByRole('tab', { name: 'Documents' }, WAIT));
    const add = (await within(dialog).findByRole(
      'button',
      { name: 'Add Supporting Documents' },
      WAIT,
    )) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
  });

  it('adds a sub-status that waits on the supplier, and shows the targets in working hours', async () => {
    const { calls } = renderAt('/helpdesk/support-statuses', admin(['Agent Support']));
    expect(await screen.findByRole('heading', { name: 'Support Statuses' }, WAIT)).toBeTruthy();
    // One flag: no kind tabs.
    expect(screen.queryByRole('tab', { name: 'Sales Assist' })).toBeNull();
    await waitFor(
      () => expect((screen.getByLabelText('First response (hours)') as HTMLInputElement).value).toBe('8'),
      WAIT,
    );
    expect((screen.getByLabelText('Resolution (hours)') as HTMLInputElement).value).toBe('27');
    const pausing = within(await screen.findByRole('list', { name: 'In Progress Status' }, WAIT)).getByText(
      'Awaiting supplier',
    );
    expect(within(pausing.closest('li')!).getByText('Waiting on supplier')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Add Status' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Support Status' }, WAIT);
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Type' }), { target: { value: 'closed' } });
    const waits = within(dialog).getByRole('switch', { name: /Waiting on supplier/ }) as HTMLInputElement;
    expect(waits.disabled).toBe(true);
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Type' }), { target: { value: 'in_progress' } });
    fireEvent.click(waits);
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Status' }), {
      target: { value: 'Awaiting wayleave' },
    });
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Supplier' }), { target: { value: '8' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(calls.find((call) => call.method === 'POST')).toBeTruthy(), WAIT);
    expect(calls.find((call) => call.method === 'POST')!.body).toMatchObject({
      statusType: 'in_progress',
      status: 'Awaiting wayleave',
      supplierId: 8,
      pausesSla: true,
    });
  });
});
