import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/profiles';
import { renderWithProviders } from '../../../test/render';
import { makeUser } from '../../../test/users';
import { FibreImportPage } from './fibre-import-page';

const WAIT = { timeout: 5000 };

afterEach(() => vi.restoreAllMocks());

function mockApi() {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = String(input);
    if (url.startsWith('/api/catalogue/product-types'))
      return json({
        items: [
          { id: 1, name: 'Fibre' },
          { id: 2, name: 'Fixed LTE' },
        ],
      });
    if (url.startsWith('/api/imports/fibre-activity/suppliers?productTypeId=1'))
      return json([{ id: 7, name: 'Metro Fibre Connect' }]);
    if (url.startsWith('/api/imports/fibre-activity/suppliers?productTypeId=2')) return json([]);
    return json({}, 404);
  });
}

async function choose(label: RegExp, option: string) {
  fireEvent.mouseDown(await screen.findByRole('combobox', { name: label }, WAIT));
  fireEvent.click(await within(await screen.findByRole('listbox', {}, WAIT)).findByRole('option', { name: option }));
}

describe('Import Fibre Activity (spec 3 §2.10)', () => {
  it('offers the suppliers of the chosen type, clears the supplier when the type changes, says when there are none', async () => {
    mockApi();
    renderWithProviders(<FibreImportPage />, {
      route: '/import-fibre-activity',
      user: makeUser({ role: 'admin', isAdmin: true, features: ['Commissions'] }),
    });
    const supplier = await screen.findByRole('combobox', { name: /Supplier/ }, WAIT);
    expect(supplier.getAttribute('aria-disabled')).toBe('true');

    await choose(/Product Type/, 'Fibre');
    await waitFor(() => expect(supplier.getAttribute('aria-disabled')).toBeNull(), WAIT);
    await choose(/Supplier/, 'Metro Fibre Connect');
    expect(supplier.textContent).toContain('Metro Fibre Connect');

    await choose(/Product Type/, 'Fixed LTE');
    await waitFor(() => expect(screen.getAllByText('No available suppliers.').length).toBeGreaterThan(0), WAIT);
    expect(supplier.textContent).not.toContain('Metro Fibre Connect');
    expect(screen.getByRole('button', { name: 'Import' }).hasAttribute('disabled')).toBe(true);
  });

  it('asks for the type, the supplier and the file before importing', async () => {
    mockApi();
    renderWithProviders(<FibreImportPage />, {
      route: '/import-fibre-activity',
      user: makeUser({ role: 'admin', isAdmin: true, features: ['Commissions'] }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Import' }, WAIT));
    expect(await screen.findByText('Please choose a product type.', {}, WAIT)).toBeTruthy();
    expect(screen.getByText('Please choose a supplier.')).toBeTruthy();
    expect(screen.getByText('Please choose a CSV file.')).toBeTruthy();
  });
});
