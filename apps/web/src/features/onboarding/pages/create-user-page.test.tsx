import type { CurrentUser } from '@portal/domain/accounts/me';
import { QueryClient } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { meQueryKey } from '../../../lib/get-me';
import { json, referenceLists } from '../../../test/profiles';
import { makeUser } from '../../../test/users';
import { CreateUserPage } from './create-user-page';

/** This machine is busy while the suites run side by side: allow more than the default second. */
const WAIT = { timeout: 5000 };

const lists = {
  ...referenceLists,
  genders: [
    { value: 'F', label: 'Female' },
    { value: 'M', label: 'Male' },
  ],
  identityDocTypes: [
    { value: 'PASSPORT', label: 'Passport' },
    { value: 'RSAID', label: 'SA ID' },
  ],
  userTypes: [{ id: 1, name: 'Agent' }],
};

const options = {
  productTypes: [],
  suppliers: [],
  deals: [],
  canChooseDeals: false,
  canChooseUserType: false,
  defaultManager: { id: 2, zCode: 'Z-2', name: 'Lwazi Leader' },
};

function renderPage(user: CurrentUser, availability: () => Response) {
  const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = String(input);
    if (url.startsWith('/api/reference-lists')) return json(lists);
    if (url.startsWith('/api/onboarding/options')) return json(options);
    if (url.startsWith('/api/onboarding/managers')) return json({ items: [options.defaultManager] });
    if (url.startsWith('/api/people/availability')) return availability();
    return json({}, 404);
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(meQueryKey, user);
  render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={['/users/create']}>
        <CreateUserPage />
      </MemoryRouter>
    </AppProviders>,
  );
  return fetchSpy;
}

const leader = makeUser({ id: 2, zCode: 'Z-2', isLeader: true, role: 'leader' });

// The first render loads the whole wizard (date pickers, grid of fields): slow on a busy machine.
describe('CreateUserPage (spec 1 §2.7)', { timeout: 60_000 }, () => {
  it('keeps the wizard on step 1 with its messages, and a step more than one ahead disabled', async () => {
    renderPage(leader, () => json({ available: true }));
    fireEvent.click(await screen.findByRole('button', { name: 'Next' }, WAIT));
    expect(await screen.findByText('First name is required', {}, WAIT)).toBeTruthy();
    expect(screen.getByText('Surname is required')).toBeTruthy();
    expect(screen.getByText('Date of birth is required')).toBeTruthy();
    expect(screen.getByText('ID/Passport number is required')).toBeTruthy();
    expect(screen.getByText('Phone number is required')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Documents' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Address Information' }).hasAttribute('disabled')).toBe(false);
    // The manager defaults to the current user.
    expect((screen.getByRole('combobox', { name: 'Manager' }) as HTMLInputElement).value).toBe('Z-2: Lwazi Leader');
    expect(screen.queryByRole('button', { name: 'Proceed to Review & Submit' })).toBeNull();
  });

  it('counts a failing duplicate lookup as in use, on blur', async () => {
    const fetchSpy = renderPage(leader, () => json({ detail: 'boom' }, 500));
    const id = await screen.findByRole('textbox', { name: 'ID number' }, WAIT);
    fireEvent.change(id, { target: { value: 'A1234567' } });
    fireEvent.blur(id);
    expect(await screen.findByText('ID Number is already in use.', {}, WAIT)).toBeTruthy();
    await waitFor(() =>
      expect(fetchSpy.mock.calls.some(([url]) => String(url).includes('identificationNo=A1234567'))).toBe(true),
    );
  });

  it('keeps what a phone can hold, and never cuts a long number to ten digits', async () => {
    renderPage(leader, () => json({ available: true }));
    const phone = (await screen.findByRole('textbox', { name: 'Phone' }, WAIT)) as HTMLInputElement;
    fireEvent.change(phone, { target: { value: '08a2 123' } });
    expect(phone.value).toBe('082 123');
    fireEvent.change(phone, { target: { value: '+27821234567' } });
    expect(phone.value).toBe('+27821234567');
    fireEvent.change(phone, { target: { value: '082123456789' } });
    expect(phone.value).toBe('082123456789');
  });
});
