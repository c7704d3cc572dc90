import type { SalesNotePage } from '@portal/domain/orders/sales-notes';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/profiles';
import { renderWithProviders } from '../../../test/render';
import { makeUser } from '../../../test/users';
import { SalesNotesTab } from './sales-notes-tab';

// The Sales notes tab (spec 2 "Sales notes tab", §5, §8) as the supplier page will show it: the
// dealer's own Logged Sales, logging a sale against the supplier's pattern, removing one.

const WAIT = { timeout: 5000 };

const page: SalesNotePage = {
  items: [
    {
      id: 7,
      supplierId: 3,
      orderNumber: 'MFC-100012',
      agentNote: 'Paid by card',
      createdAt: '2026-11-20T08:00:00.000Z',
      updatedAt: '2026-11-20T08:00:00.000Z',
      dealer: { id: 9, code: 'Z-9', name: 'Ayanda Agent' },
    },
  ],
  page: 1,
  pageSize: 50,
  total: 1,
  supplier: {
    id: 3,
    name: 'Metro Fibre Connect',
    regex: '^MFC-\\d{6}$',
    orderNotes: true,
    logSalesName: false,
    referenceLabel: 'Order number',
  },
};

afterEach(() => vi.restoreAllMocks());

function renderTab() {
  const calls: { url: string; method: string; body: unknown }[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    calls.push({ url, method, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (method === 'POST') return json({ ...page.items[0], id: 8, orderNumber: 'MFC-123456' }, 201);
    if (method === 'DELETE') return json({ ok: true });
    if (url.startsWith('/api/sales-notes?')) return json(page);
    return json({}, 404);
  });
  renderWithProviders(<SalesNotesTab supplierId={3} />, { user: makeUser({}) });
  return calls;
}

describe('SalesNotesTab', () => {
  it('lists the dealer’s Logged Sales, 50 a page', async () => {
    const calls = renderTab();
    expect(screen.getByRole('heading', { name: 'Logged Sales' })).toBeTruthy();
    expect(await screen.findByText('MFC-100012', {}, WAIT)).toBeTruthy();
    expect(calls[0]?.url).toContain('/api/sales-notes?supplierId=3&page=1&pageSize=50');
  });

  it('checks the reference against the supplier’s pattern before logging the sale', async () => {
    const calls = renderTab();
    await screen.findByText('MFC-100012', {}, WAIT);
    await waitFor(
      () => expect((screen.getByRole('button', { name: 'Log Sale' }) as HTMLButtonElement).disabled).toBe(false),
      WAIT,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Log Sale' }));
    const reference = await screen.findByLabelText(/Order number/, {}, WAIT);
    fireEvent.change(reference, { target: { value: '12345' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Log Sale' }).at(-1)!);
    expect(await screen.findByText('Reference number does not follow the correct format.', {}, WAIT)).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    fireEvent.change(reference, { target: { value: 'MFC-123 456' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Log Sale' }).at(-1)!);
    expect(await screen.findByText('Sale logged successfully!', {}, WAIT)).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      orderNumber: 'MFC-123456',
      agentNote: null,
      supplierId: 3,
    });
  });

  it('asks before removing a log', async () => {
    const calls = renderTab();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove MFC-100012' }, WAIT));
    expect(await screen.findByText('Are you sure you want to remove this log?', {}, WAIT)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Sale deleted successfully!', {}, WAIT)).toBeTruthy();
    expect(calls.some((call) => call.method === 'DELETE' && call.url === '/api/sales-notes/7')).toBe(true);
  });
});
