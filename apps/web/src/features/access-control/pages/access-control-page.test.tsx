import type { AccessControlRow } from '@portal/domain/access-control/access-control';
import { QueryClient } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { routes } from '../../../app/router';
import { json, stepUpProblem } from '../../../test/profiles';
import { makeUser } from '../../../test/users';

const WAIT = { timeout: 15_000 };

afterEach(() => vi.restoreAllMocks());

const other: AccessControlRow = {
  id: 12,
  zCode: 'Z-12',
  name: 'Nomsa Admin',
  email: 'nomsa@demo.co.za',
  isAdmin: true,
  features: ['Commissions'],
};

interface Call {
  url: string;
  method: string;
  body: unknown;
}

function renderPage(answer: (body: { enabled: boolean; currentPassword?: string }) => Response) {
  const calls: Call[] = [];
  const user = makeUser({ isAdmin: true, role: 'admin', features: ['Access Control'] });
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ url, method, body });
    if (url.startsWith('/api/me')) return json({ user });
    if (url.startsWith('/api/access-control/12') && method === 'PUT') return answer(body);
    if (url.startsWith('/api/access-control')) return json({ items: [other], page: 1, pageSize: 25, total: 1 });
    return new Response('{}', { status: 404 });
  });
  const router = createMemoryRouter(routes, { initialEntries: ['/access-control'] });
  render(
    <AppProviders
      queryClient={new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })}
    >
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return calls;
}

const puts = (calls: Call[]) => calls.filter((call) => call.method === 'PUT');

async function choose(label: string, option: 'True' | 'False') {
  const select = await screen.findByRole('combobox', { name: label }, WAIT);
  fireEvent.mouseDown(select);
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('AccessControlPage: giving a flag needs the admin’s own password (decision 071)', () => {
  it('asks for the password before giving a flag, keeps the prompt open on a wrong one, sends it', async () => {
    const calls = renderPage((body) =>
      body.currentPassword === 'Mine1234'
        ? json({ features: ['Commissions', 'Access Control'], changed: true })
        : stepUpProblem(),
    );
    await choose('Access Control for Z-12', 'True');
    const dialog = await screen.findByRole('dialog', { name: 'Give Access Control to Z-12' });
    expect(within(dialog).getByText(/Needed when giving a feature flag/)).toBeTruthy();
    expect(puts(calls)).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText(/Your password/), { target: { value: 'Guess123' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Give' }));
    expect(await within(dialog).findByText('Your current password is incorrect.')).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText(/Your password/), { target: { value: 'Mine1234' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Give' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(puts(calls).map((call) => call.body)).toEqual([
      { feature: 'Access Control', enabled: true, currentPassword: 'Guess123' },
      { feature: 'Access Control', enabled: true, currentPassword: 'Mine1234' },
    ]);
  });

  it('removes a flag at once, without a prompt', async () => {
    const calls = renderPage(() => json({ features: [], changed: true }));
    await choose('Commissions for Z-12', 'False');
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(puts(calls)[0]!.body).toEqual({ feature: 'Commissions', enabled: false });
  });
});
