import type { UserDetail } from '@portal/domain/people/user-detail';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, referenceLists, stepUpProblem } from '../../../test/profiles';
import { renderWithProviders } from '../../../test/render';
import { adminView, makeUserDetail } from '../people-fixtures';
import { EditUserDialog } from './edit-user-dialog';

type Handler = (url: string, init?: RequestInit) => Response | undefined;

function setup(user: UserDetail, extra: Handler = () => undefined) {
  const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    const answer = extra(url, init);
    if (answer) return answer;
    if (url === '/api/reference-lists') return json(referenceLists);
    if (url.endsWith('/edit-user/check')) return json({ errors: [] });
    return json({}, 404);
  });
  renderWithProviders(<EditUserDialog user={user} open onClose={() => {}} />);
  return fetchSpy;
}

const tab = (name: string) => screen.getByRole('tab', { name });

describe('EditUserDialog (spec 1 §5.5)', () => {
  it('validates a tab before moving to the next, with the spec messages', async () => {
    setup(adminView({ middleName: null }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit User Z-3' });
    await within(dialog).findByLabelText(/First name/);
    fireEvent.change(within(dialog).getByLabelText(/^Phone/), { target: { value: '821234567' } });
    fireEvent.click(tab('Address'));
    expect(await within(dialog).findByText('Middle name is required')).toBeTruthy();
    expect(within(dialog).getByText('Phone number does not start with 0')).toBeTruthy();
    expect(tab('Personal').getAttribute('aria-selected')).toBe('true');

    fireEvent.change(within(dialog).getByLabelText(/Middle name/), { target: { value: 'Lee' } });
    fireEvent.change(within(dialog).getByLabelText(/^Phone/), { target: { value: '0821234567' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(tab('Address').getAttribute('aria-selected')).toBe('true'));
    fireEvent.change(within(dialog).getByLabelText(/Street address/), { target: { value: '' } });
    fireEvent.click(tab('Banking'));
    expect(await within(dialog).findByText('Street address is required')).toBeTruthy();
    expect(tab('Address').getAttribute('aria-selected')).toBe('true');
  });

  it('checks the ID number against the date of birth before leaving Personal', async () => {
    setup(adminView());
    const dialog = await screen.findByRole('dialog', { name: 'Edit User Z-3' });
    fireEvent.change(await within(dialog).findByLabelText(/Date of birth/), { target: { value: '1991-05-17' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByText('ID Number does not match Date of Birth.')).toBeTruthy();
  });

  it("shows the server's duplicate answer on leaving Personal", async () => {
    setup(adminView(), (url) =>
      url.endsWith('/edit-user/check')
        ? json({ errors: [{ field: 'identity.identificationNo', message: 'This ID number has already been used' }] })
        : undefined,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit User Z-3' });
    await within(dialog).findByLabelText(/First name/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByText('This ID number has already been used')).toBeTruthy();
    expect(tab('Personal').getAttribute('aria-selected')).toBe('true');
  });

  it('greys out Documents and Banking for a leader and sends only personal and address', async () => {
    const fetchSpy = setup(makeUserDetail(), (url, init) =>
      url === '/api/people/3' && init?.method === 'PUT' ? json({ message: 'User updated successfully' }) : undefined,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit User Z-3' });
    await within(dialog).findByLabelText(/First name/);
    expect(tab('Banking').hasAttribute('disabled') || tab('Banking').getAttribute('aria-disabled') === 'true').toBe(
      true,
    );
    expect(tab('Documents').hasAttribute('disabled') || tab('Documents').getAttribute('aria-disabled') === 'true').toBe(
      true,
    );
    expect(within(dialog).queryByLabelText(/ID\/Passport number/)).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('User updated successfully')).toBeTruthy();
    const call = fetchSpy.mock.calls.find(([url, init]) => url === '/api/people/3' && init?.method === 'PUT');
    const body = JSON.parse(String(call?.[1]?.body));
    expect(Object.keys(body).sort()).toEqual(['address', 'personal']);
    expect(body.personal.phone).toBe('+27820000003');
  });

  it('fills the branch code from the chosen bank and asks for an account number of at least 6 digits', async () => {
    setup(adminView());
    const dialog = await screen.findByRole('dialog', { name: 'Edit User Z-3' });
    await within(dialog).findByLabelText(/First name/);
    fireEvent.click(tab('Banking'));
    await waitFor(() => expect(tab('Banking').getAttribute('aria-selected')).toBe('true'));
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /Bank/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'ABSA' }));
    expect((within(dialog).getByLabelText('Branch code') as HTMLInputElement).value).toBe('632005');
    fireEvent.change(within(dialog).getByLabelText(/Account number/), { target: { value: '12345' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Account number is incomplete')).toBeTruthy();
  });

  // Decision 071: the acting admin's own password for new banking, phone or e-mail.
  it("asks for the admin's own password on Banking, sends it when typed and shows a wrong one beside it", async () => {
    const fetchSpy = setup(adminView(), (url, init) =>
      url === '/api/people/3' && init?.method === 'PUT' ? stepUpProblem() : undefined,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit User Z-3' });
    await within(dialog).findByLabelText(/First name/);
    // Not asked on Personal while the phone and e-mail stay as they are.
    expect(within(dialog).queryByLabelText('Current password')).toBeNull();
    fireEvent.click(tab('Banking'));
    await waitFor(() => expect(tab('Banking').getAttribute('aria-selected')).toBe('true'));
    expect(within(dialog).getByText(/Needed when how this user is paid or signs in changes/)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/Account number/), { target: { value: '9988776655' } });
    fireEvent.change(within(dialog).getByLabelText('Current password'), { target: { value: 'Guess123' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Current password').getAttribute('aria-invalid')).toBe('true'),
    );
    const call = fetchSpy.mock.calls.find(([url, init]) => url === '/api/people/3' && init?.method === 'PUT');
    expect(JSON.parse(String(call?.[1]?.body))).toMatchObject({
      banking: { bankAccountNumber: '9988776655' },
      currentPassword: 'Guess123',
    });
    expect(tab('Banking').getAttribute('aria-selected')).toBe('true');
  });

  it("asks for the admin's own password on Personal once the phone or e-mail changes", async () => {
    setup(adminView());
    const dialog = await screen.findByRole('dialog', { name: 'Edit User Z-3' });
    await within(dialog).findByLabelText(/First name/);
    expect(within(dialog).queryByLabelText('Current password')).toBeNull();
    fireEvent.change(within(dialog).getByLabelText(/^Email/), { target: { value: 'moved@demo.co.za' } });
    expect(await within(dialog).findByLabelText('Current password')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/^Email/), { target: { value: 'agent@demo.co.za' } });
    await waitFor(() => expect(within(dialog).queryByLabelText('Current password')).toBeNull());
  });
});
