import type { SupplierPage as Supplier } from '@portal/domain/suppliers/supplier-page';
import { fireEvent, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/profiles';
import { renderWithProviders } from '../../../test/render';
import { SupplierPage, type SupplierTabContents } from './supplier-page';

const WAIT = { timeout: 5000 };

const supplier = (overrides: Partial<Supplier> = {}): Supplier => ({
  id: 7,
  name: 'Metro Fibre Connect',
  logoUrl: null,
  reports: true,
  reportsDisplayName: null,
  salesAssist: false,
  salesAssistText: null,
  agentAssist: false,
  agentAssistText: null,
  orderNotes: false,
  ...overrides,
});

function renderPage(answer: () => Response, tabs: SupplierTabContents) {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async () => answer());
  renderWithProviders(
    <Routes>
      <Route path="/Supplier/:supplierId" element={<SupplierPage tabs={tabs} />} />
    </Routes>,
    { route: '/Supplier/7' },
  );
}

afterEach(() => vi.restoreAllMocks());

describe('SupplierPage', () => {
  it("shows 'Loading...', then the name and the enabled tabs that have content, Reports first", async () => {
    renderPage(() => json(supplier({ salesAssist: true })), {
      reports: () => <p>Reports content</p>,
      'sales-assist': () => <p>Sales Assist content</p>,
      'agent-support': () => <p>Agent Support content</p>,
    });
    expect(screen.getByText('Loading...')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Metro Fibre Connect' }, WAIT)).toBeTruthy();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Reports', 'Sales Assist']);
    expect(screen.getByText('Reports content')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Sales Assist' }));
    expect(screen.getByText('Sales Assist content')).toBeTruthy();
  });

  it('says so when no tab has content', async () => {
    renderPage(() => json(supplier({ reports: false })), { reports: () => <p>Reports content</p> });
    expect(await screen.findByText(/Nothing to show for Metro Fibre Connect yet/, undefined, WAIT)).toBeTruthy();
    expect(screen.queryByRole('tab')).toBeNull();
  });

  it("shows the server's refusal", async () => {
    renderPage(
      () =>
        json(
          {
            status: 403,
            code: 'SUPPLIER_NOT_OPEN',
            title: 'Forbidden',
            detail: 'You are not registered with this supplier',
          },
          403,
        ),
      { reports: () => <p>Reports content</p> },
    );
    expect(await screen.findByText('You are not registered with this supplier', undefined, WAIT)).toBeTruthy();
  });
});
