import type { CatalogueReferences, SupplierDetail } from '@portal/domain/catalogue/suppliers';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/profiles';
import { renderWithProviders } from '../../../test/render';
import { makeUser } from '../../../test/users';
import { RECIPIENT_FIELDS, SupplierFormPage } from './supplier-form-page';

// Decisions 068 and 078: each assist e-mail list is its helpdesk console's to change; without the
// flag the page shows it read-only and says who may change it.

/** This machine is busy while the suites run side by side: allow more than the default second. */
const WAIT = { timeout: 5000 };

afterEach(() => vi.restoreAllMocks());

const references: CatalogueReferences = {
  supplierStatuses: [{ id: 1, name: 'Active' }],
  contactTypes: [{ id: 1, name: 'Sales', isRequired: true }],
  productStatuses: [{ id: 1, name: 'Active' }],
  productTypes: [{ id: 1, name: 'Fibre' }],
  suppliers: [],
};

const supplier: SupplierDetail = {
  id: 7,
  supplierName: 'Vuma Link',
  supplierDescription: 'Open-access fibre.',
  supplierStatus: 1,
  statusName: 'Active',
  logoUrl: '/supplier-logos/vuma-link.svg',
  regex: '',
  orderNotes: false,
  orderNotesName: '',
  reports: false,
  reportsName: '',
  reportsDisplayName: '',
  customPage: false,
  customPageUrl: '',
  leaderboard: true,
  salesAssist: true,
  salesAssistText: '',
  agentAssist: true,
  agentAssistText: '',
  productTypeIds: [1],
  contacts: [],
  salesAssistRecipients: [{ id: 4, name: 'Lerato Sales', email: 'lerato@demo.test' }],
  agentSupportRecipients: [{ id: 5, name: 'Sipho Support', email: 'sipho@demo.test' }],
  bannerUrl: null,
  unmatchedImports: 0,
  lastUpdated: '2026-11-24T08:00:00.000Z',
};

function renderForm(features: string[]) {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = String(input);
    if (url.startsWith('/api/catalogue/references')) return json(references);
    if (url.startsWith('/api/catalogue/assist-recipients')) return json({ items: [] });
    if (url.startsWith('/api/catalogue/suppliers/7')) return json(supplier);
    return json({}, 404);
  });
  renderWithProviders(
    <Routes>
      <Route path="/edit-supplier/:id" element={<SupplierFormPage />} />
    </Routes>,
    { route: '/edit-supplier/7', user: makeUser({ role: 'admin', isAdmin: true, features: features as never }) },
  );
}

const picker = async (label: string) =>
  (await screen.findByRole('combobox', { name: label }, WAIT)) as HTMLInputElement;

describe('SupplierFormPage assist e-mail recipients', () => {
  it('shows the agent-support list read-only without the Agent Support flag, saying who may change it', async () => {
    renderForm(['Sales Assist']);
    const support = await picker(RECIPIENT_FIELDS.agent_support.label);
    expect(support.disabled).toBe(true);
    expect(screen.getByText('Sipho Support')).toBeTruthy();
    expect(screen.getByText('Only an admin with the Agent Support flag can change these recipients')).toBeTruthy();
    // The other list is its own flag's: this admin holds Sales Assist.
    expect((await picker(RECIPIENT_FIELDS.sales_assist.label)).disabled).toBe(false);
    expect(screen.getByText(RECIPIENT_FIELDS.sales_assist.helperText)).toBeTruthy();
  });

  it('lets an admin holding Agent Support change the agent-support list, and only that one', async () => {
    renderForm(['Agent Support']);
    expect((await picker(RECIPIENT_FIELDS.agent_support.label)).disabled).toBe(false);
    expect(
      screen.getByText('Admins with the Agent Support flag, e-mailed about new agent support tickets'),
    ).toBeTruthy();
    expect((await picker(RECIPIENT_FIELDS.sales_assist.label)).disabled).toBe(true);
    expect(screen.getByText(RECIPIENT_FIELDS.sales_assist.readOnlyText)).toBeTruthy();
  });
});
