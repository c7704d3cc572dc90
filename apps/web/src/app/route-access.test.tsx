import type { CurrentUser } from '@portal/domain/accounts/me';
import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { makeUser } from '../test/users';
import { AppProviders } from './providers';
import { routes } from './router';
import { NOT_FOUND_TITLE } from './texts';

function renderAt(path: string, user: CurrentUser) {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = String(input);
    if (url.startsWith('/api/me')) return new Response(JSON.stringify({ user }), { status: 200 });
    return new Response('{}', { status: 404 });
  });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AppProviders queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

const waiting = makeUser({ lifecycleStatusId: 1, waiting: { isWaiting: true, reason: 'awaiting_approval' } });
const admin = (features: CurrentUser['features']) => makeUser({ isAdmin: true, role: 'admin', features });
const leader = makeUser({ isLeader: true, role: 'leader' });

describe('routes by audience (spec 1 §2.2)', () => {
  it.each([
    ['/approvals', waiting],
    ['/users/create', waiting],
    ['/access-control', admin(['Users Management'])],
    ['/access-control', leader],
    ['/all-dealers', admin([])],
    ['/rica', makeUser()],
    ['/settings/suppliers', leader],
    ['/admin/Supplier/1', makeUser()],
    ['/edit-product/1/2', leader],
    ['/import-fibre-activity', admin(['Deals', 'Users Management'])],
    ['/import-fibre-activity', leader],
    ['/import-sadv-agents-csv', admin(['Deals', 'Users Management'])],
    ['/import-sadv-agents-csv', leader],
  ])('%s is denied', async (path, user) => {
    renderAt(path, user);
    // The route's code loads first, then the gate decides.
    expect(await screen.findByRole('heading', { name: NOT_FOUND_TITLE }, { timeout: 8000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go Home' }).getAttribute('href')).toBe('/');
  });

  it.each([
    ['/update-password', waiting, 'Change your password'],
    ['/training', waiting, 'Dealer Portal University Training'],
    ['/import-fibre-activity', admin(['Commissions']), 'Import Fibre Activity'],
    ['/import-sadv-agents-csv', admin(['Commissions']), 'Agent CSV Import'],
  ])('%s is open', async (path, user, heading) => {
    renderAt(path, user);
    expect(await screen.findByRole('heading', { name: heading }, { timeout: 8000 })).toBeTruthy();
  });

  it('shows the waiting banner above the pages a waiting user may open', async () => {
    renderAt('/update-password', waiting);
    expect(await screen.findByText('Your account is awaiting approval.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Refresh Page' })).toBeTruthy();
  });
});
