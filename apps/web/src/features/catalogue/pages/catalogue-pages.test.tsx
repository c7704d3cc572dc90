import type { CatalogueReferences, SupplierDetail } from '@portal/domain/catalogue/suppliers';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/profiles';
import { renderWithProviders } from '../../../test/render';
import { makeUser } from '../../../test/users';
import { ProductFormPage } from './product-form-page';
import { SupplierDetailPage } from './supplier-detail-page';

/** This machine is busy while the suites run side by side: allow more than the default second. */
const WAIT = { timeout: 5000 };

afterEach(() => vi.restoreAllMocks());

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
  salesAssist: false,
  salesAssistText: '',
  agentAssist: false,
  agentAssistText: '',
  productTypeIds: [1],
  contacts: [],
  salesAssistRecipients: [],
  agentSupportRecipients: [],
  bannerUrl: null,
  unmatchedImports: 2,
  lastUpdated: '2026-11-24T08:00:00.000Z',
};

const cards = {
  items: [
    {
      id: 1,
      displayName: 'Vuma 50',
      refsProductStatusId: 1,
      statusName: 'Active',
      priceInclVatCents: 11500,
      logoUrl: null,
    },
    {
      id: 2,
      displayName: 'Vuma 10',
      refsProductStatusId: 2,
      statusName: 'Discontinued',
      priceInclVatCents: 39905,
      logoUrl: null,
    },
  ],
  page: 1,
  pageSize: 48,
  total: 2,
};

function renderDetail(features: string[], products = cards) {
  const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = String(input);
    if (url.startsWith('/api/catalogue/suppliers/7/products')) return json(products);
    if (url.startsWith('/api/catalogue/suppliers/7/deals'))
      return json({
        items: [
          { id: 3, dealName: 'Vuma Launch', dealTypeName: 'Promotional', productTypeName: 'Fibre', productCount: 4 },
        ],
        total: 1,
      });
    if (url.startsWith('/api/catalogue/suppliers/7')) return json(supplier);
    return json({}, 404);
  });
  renderWithProviders(
    <Routes>
      <Route path="/admin/Supplier/:id" element={<SupplierDetailPage />} />
    </Routes>,
    {
      route: '/admin/Supplier/7',
      user: makeUser({ role: 'admin', isAdmin: true, features: features as never }),
    },
  );
  return fetchSpy;
}

describe('SupplierDetailPage', () => {
  it('shows the products with VAT, their status, the unmatched banner, and no deals without the Deals flag', async () => {
    const fetchSpy = renderDetail([]);
    expect(screen.getByText('Loading...')).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Products' }, WAIT);
    const [first, second] = within(list).getAllByRole('link');
    expect(first!.textContent).toMatch(/Vuma 50.*Active.*R\s115,00/);
    expect(second!.textContent).toMatch(/Vuma 10.*Unknown Status - Please Update.*R\s399,05/);
    expect(first!.getAttribute('href')).toBe('/edit-product/7/1');
    expect(screen.getByText('Unmatched Products - Please match all products')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Deals' })).toBeNull();
    expect(fetchSpy.mock.calls.some(([url]) => String(url).includes('/deals'))).toBe(false);
  });

  it('lists the deals for an admin with the Deals flag', async () => {
    renderDetail(['Deals']);
    expect(await screen.findByText('Vuma Launch', {}, WAIT)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Deals' })).toBeTruthy();
  });

  it("says 'No products added to this supplier' when there are none", async () => {
    renderDetail([], { ...cards, items: [], total: 0 });
    expect(await screen.findByText('No products added to this supplier', {}, WAIT)).toBeTruthy();
  });
});

const references: CatalogueReferences = {
  supplierStatuses: [{ id: 1, name: 'Active' }],
  contactTypes: [{ id: 1, name: 'Sales', isRequired: true }],
  productStatuses: [
    { id: 1, name: 'Active' },
    { id: 2, name: 'Discontinued' },
  ],
  productTypes: [
    { id: 1, name: 'Fibre' },
    { id: 2, name: 'Mobile' },
  ],
  suppliers: [
    { id: 7, name: 'Vuma Link', productTypeIds: [1] },
    { id: 8, name: 'Kasi Mobile', productTypeIds: [2] },
    { id: 9, name: 'Both Ways', productTypeIds: [1, 2] },
  ],
};

describe('ProductFormPage', () => {
  it('offers only the suppliers of the chosen product type, and asks for a type first', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) =>
      String(input).startsWith('/api/catalogue/references') ? json(references) : json({}, 404),
    );
    renderWithProviders(
      <Routes>
        <Route path="/add-product/:supplierId" element={<ProductFormPage />} />
      </Routes>,
      { route: '/add-product/9', user: makeUser({ role: 'admin', isAdmin: true }) },
    );
    const type = (await screen.findByLabelText(/Product Type/, {}, WAIT)) as HTMLSelectElement;
    const supplierSelect = screen.getByLabelText(/Supplier/) as HTMLSelectElement;
    // Both Ways offers two types: none is chosen for the admin, and the supplier waits for one.
    expect(type.value).toBe('');
    expect(supplierSelect.disabled).toBe(true);
    expect(screen.getByText('Please select a product type before selecting a supplier.')).toBeTruthy();
    fireEvent.change(type, { target: { value: '2' } });
    await waitFor(() => expect(supplierSelect.disabled).toBe(false));
    const options = [...supplierSelect.options].map((option) => option.textContent);
    expect(options).toEqual(['Select a supplier', 'Kasi Mobile', 'Both Ways']);
    fireEvent.click(screen.getByRole('button', { name: 'Add Product' }));
    expect(await screen.findByText('Product name is required', {}, WAIT)).toBeTruthy();
    expect(screen.getAllByText('Please enter a valid number.')).toHaveLength(2);
  });
});
