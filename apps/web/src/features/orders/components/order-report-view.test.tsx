import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/profiles';
import { renderWithProviders } from '../../../test/render';
import { makeUser } from '../../../test/users';
import { OrderReportView } from './order-report-view';

const WAIT = { timeout: 8000 };

afterEach(() => vi.restoreAllMocks());

function mockReport(trend: unknown[]) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    if (String(input).startsWith('/api/orders/report'))
      return json({
        userId: 5,
        report: 'order',
        page: 1,
        pageSize: 50,
        total: 0,
        rows: [],
        tiles: { created: 7, paid: 4, installed: 2, activated: 1 },
        trend,
      });
    return json({}, 404);
  });
}

const filter = { supplierId: 1, report: 'order', userId: 5, from: '2026-09-01', to: '2026-11-30', search: '' } as const;
const user = makeUser({ role: 'agent' });

describe("the tiles' trend (issue 12 point 10)", () => {
  it('draws each tile its line over the range, read out as text', async () => {
    mockReport([
      { period: '2026-09', created: 2, paid: 1, installed: 0, activated: 0 },
      { period: '2026-10', created: 0, paid: 0, installed: 0, activated: 0 },
      { period: '2026-11', created: 5, paid: 3, installed: 2, activated: 1 },
    ]);
    renderWithProviders(<OrderReportView filter={filter} />, { route: '/Supplier/1', user });
    expect(
      await screen.findByRole('img', { name: 'Created per month: 2026-09 2, 2026-10 0, 2026-11 5' }, WAIT),
    ).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Activated per month: 2026-09 0, 2026-10 0, 2026-11 1' })).toBeTruthy();
  });

  it('has no line for a single day', async () => {
    mockReport([{ period: '2026-11-25', created: 7, paid: 4, installed: 2, activated: 1 }]);
    renderWithProviders(<OrderReportView filter={{ ...filter, from: '2026-11-25', to: '2026-11-25' }} />, {
      route: '/Supplier/1',
      user,
    });
    expect(await screen.findByText('7', {}, WAIT)).toBeTruthy();
    expect(screen.queryByRole('img', { name: /per (day|month)/ })).toBeNull();
  });
});
