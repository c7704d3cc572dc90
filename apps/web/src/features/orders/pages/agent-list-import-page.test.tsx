import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/profiles';
import { renderWithProviders } from '../../../test/render';
import { makeUser } from '../../../test/users';
import { AgentListImportPage } from './agent-list-import-page';

const WAIT = { timeout: 5000 };

afterEach(() => vi.restoreAllMocks());

const row = (line: number, name: string, dealerId: number | null) => ({
  line,
  firstName: name,
  surname: 'Agent',
  mobile: '+27821234567',
  email: `${name.toLowerCase()}@example.test`,
  idNumber: null,
  lastSuccessfulLogin: '2026-11-01',
  userAuditDate: null,
  dealerId,
  dealerName: dealerId ? 'Thabo Nkosi' : null,
  matchedBy: dealerId ? 'mobile' : null,
});

function report(view: string, rows: unknown[]) {
  return {
    supplierId: 7,
    importId: 3,
    fileName: 'sadv.csv',
    importedAt: '2026-11-20T10:00:00.000Z',
    totals: { matched: 1, unmatched: 1, missing: 0 },
    view,
    rows,
    total: rows.length,
    page: 1,
    pageSize: 25,
  };
}

function mockApi({ imported = true } = {}) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = String(input);
    if (url.startsWith('/api/imports/sadv-agents/suppliers/7/report')) {
      if (!imported) return json({ ...report('matched', []), importId: null, fileName: null, importedAt: null });
      if (url.includes('view=unmatched')) return json(report('unmatched', [row(4, 'Lerato', null)]));
      if (url.includes('view=missing')) return json(report('missing', []));
      return json(report('matched', [row(2, 'Sipho', 42)]));
    }
    if (url.startsWith('/api/imports/sadv-agents/suppliers')) return json([{ id: 7, name: 'SADV Mobile' }]);
    return json({}, 404);
  });
}

async function chooseSupplier() {
  const select = await screen.findByRole('combobox', { name: /Supplier/ }, WAIT);
  // Enabled once the suppliers have loaded.
  await waitFor(() => expect(select.getAttribute('aria-disabled')).toBeNull(), WAIT);
  fireEvent.mouseDown(select);
  fireEvent.click(
    await within(await screen.findByRole('listbox', {}, WAIT)).findByRole('option', { name: 'SADV Mobile' }),
  );
}

const user = makeUser({ role: 'admin', isAdmin: true, features: ['Commissions'] });

describe('Agent CSV Import (decision 025)', () => {
  it('asks for the supplier and the file before importing', async () => {
    mockApi();
    renderWithProviders(<AgentListImportPage />, { route: '/import-sadv-agents-csv', user });
    fireEvent.click(await screen.findByRole('button', { name: 'Import' }, WAIT));
    expect(await screen.findByText('Please choose a supplier.', {}, WAIT)).toBeTruthy();
    expect(screen.getByText('Please choose a CSV file.')).toBeTruthy();
  });

  it("shows the chosen supplier's list: matched with the dealer, unmatched, missing, and the export link", async () => {
    mockApi();
    renderWithProviders(<AgentListImportPage />, { route: '/import-sadv-agents-csv', user });
    await chooseSupplier();
    expect(await screen.findByText('Agent list of SADV Mobile', {}, WAIT)).toBeTruthy();
    const matched = await screen.findByRole('table', { name: 'Matched' }, WAIT);
    expect(within(matched).getByText('Z-42 Thabo Nkosi')).toBeTruthy();
    expect(within(matched).getByText('0821234567')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
      '/api/imports/sadv-agents/suppliers/7/export?view=matched',
    );

    fireEvent.click(screen.getByRole('tab', { name: 'Unmatched (1)' }));
    const unmatched = await screen.findByRole('table', { name: 'Unmatched' }, WAIT);
    expect(within(unmatched).getByText('Lerato Agent')).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: 'Missing from the list (0)' }));
    expect(await screen.findByText('Every dealer linked to this supplier is on its list.', {}, WAIT)).toBeTruthy();
  });

  it('says when no list has been imported for the supplier', async () => {
    mockApi({ imported: false });
    renderWithProviders(<AgentListImportPage />, { route: '/import-sadv-agents-csv', user });
    await chooseSupplier();
    expect(await screen.findByText('No agent list has been imported for this supplier yet.', {}, WAIT)).toBeTruthy();
  });
});
