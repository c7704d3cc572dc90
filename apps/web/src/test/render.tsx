import type { CurrentUser } from '@portal/domain/accounts/me';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { AppProviders } from '../app/providers';
import { meQueryKey } from '../lib/get-me';

/**
 * Renders inside the app's providers and a memory router, with a query client that never retries;
 * `user` puts a signed-in user in the cache first, as the shell would have.
 */
export function renderWithProviders(
  ui: ReactElement,
  { route = '/', user }: { route?: string; user?: CurrentUser } = {},
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  if (user) queryClient.setQueryData(meQueryKey, user);
  return {
    queryClient,
    ...render(
      <AppProviders queryClient={queryClient}>
        <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
      </AppProviders>,
    ),
  };
}
