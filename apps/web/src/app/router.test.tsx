import type { CurrentUser } from '@portal/domain/accounts/me';
import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { makeUser } from '../test/users';
import { AppProviders } from './providers';
import { routes } from './router';

function mockServer(user: CurrentUser | null) {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = String(input);
    if (url.startsWith('/api/me')) {
      return user
        ? new Response(JSON.stringify({ user }), { status: 200 })
        : new Response(
            JSON.stringify({
              type: 'about:blank',
              title: 'Unauthorized',
              status: 401,
              code: 'UNAUTHENTICATED',
              detail: 'Sign in',
            }),
            { status: 401 },
          );
    }
    if (url.startsWith('/api/outbox')) {
      return new Response(JSON.stringify({ items: [], page: 1, pageSize: 50, total: 0 }), { status: 200 });
    }
    return new Response('{}', { status: 404 });
  });
}

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

describe('routes', () => {
  it('shows the sign-in page at / while signed out', async () => {
    mockServer(null);
    renderAt('/');
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeTruthy();
  });

  it('shows the sign-in page at an unknown address while signed out', async () => {
    mockServer(null);
    const router = renderAt('/no-such-page');
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/no-such-page');
  });

  it('sends a signed-in-only address to /login while signed out', async () => {
    mockServer(null);
    const router = renderAt('/outbox');
    // The route's code loads first (the outbox grid is a large chunk), then the gate redirects.
    expect(await screen.findByRole('button', { name: 'Sign In' }, { timeout: 8000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('shows the dashboard to a signed-in user', async () => {
    mockServer(makeUser());
    renderAt('/');
    expect(await screen.findByRole('heading', { name: 'Choose a dashboard' })).toBeTruthy();
    expect(screen.getAllByText('Z-1042').length).toBeGreaterThan(0);
  });

  it('shows the waiting banner by its reason', async () => {
    mockServer(makeUser({ lifecycleStatusId: 1, waiting: { isWaiting: true, reason: 'unverified' } }));
    renderAt('/');
    expect(
      await screen.findByText(
        'Please verify your email address and cellphone number in order to get your profile approved.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Refresh Page' })).toBeTruthy();
  });

  it('denies the outbox to an agent', async () => {
    mockServer(makeUser());
    renderAt('/outbox');
    expect(await screen.findByText('Oops! Page Not Found or Access Denied')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go Home' }).getAttribute('href')).toBe('/');
  });

  it('opens the outbox for an admin with the Outbox flag', async () => {
    mockServer(makeUser({ isAdmin: true, role: 'admin', features: ['Outbox'] }));
    renderAt('/outbox');
    expect(await screen.findByRole('heading', { name: 'Outbox' })).toBeTruthy();
    expect(await screen.findByText('No messages yet')).toBeTruthy();
  });

  it('refuses the outbox to an admin without the Outbox flag', async () => {
    mockServer(makeUser({ isAdmin: true, role: 'admin', features: ['Users Management'] }));
    renderAt('/outbox');
    expect(await screen.findByText('Oops! Page Not Found or Access Denied')).toBeTruthy();
  });

  it('shows the not-found page for an unknown address while signed in', async () => {
    mockServer(makeUser());
    renderAt('/no-such-page');
    expect(await screen.findByText('Oops! Page Not Found or Access Denied')).toBeTruthy();
  });
});
