import type { UserDetail } from '@portal/domain/people/user-detail';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { json, referenceLists, stepUpProblem } from '../../../test/profiles';
import { renderWithProviders } from '../../../test/render';
import { makeUser } from '../../../test/users';
import { TRAINER_PASSWORD_HELP } from '../components/flag-switch';
import { adminView, makeUserDetail } from '../people-fixtures';
import { ManageUserPage, STATUS_PASSWORD_HELP } from './manage-user-page';

type Handler = (url: string, init?: RequestInit) => Response | undefined;

function mockServer(user: UserDetail, extra: Handler = () => undefined) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    const answer = extra(url, init);
    if (answer) return answer;
    if (url === `/api/people/${user.id}`) return json({ user });
    if (url === '/api/reference-lists')
      return json({
        ...referenceLists,
        userTypes: [
          { id: 1, name: 'Agent' },
          { id: 2, name: 'Internal' },
        ],
      });
    return json({}, 404);
  });
}

function renderPage(id = 3) {
  return renderWithProviders(
    <Routes>
      <Route path="/manage-user/:dealerId" element={<ManageUserPage />} />
    </Routes>,
    { route: `/manage-user/${id}`, user: makeUser({ isAdmin: true, role: 'admin' }) },
  );
}

const problem = (status: number, detail: string) =>
  json({ type: 'about:blank', title: 'Error', status, code: 'X', detail }, status);

const bodyOf = (spy: ReturnType<typeof mockServer>, path: string) =>
  spy.mock.calls.filter(([url]) => url === path).map(([, init]) => JSON.parse(String(init?.body)));

// A test double for the approvals feature's panel (the page takes it as a prop, so people/ never
// imports approvals/; the app passes the real PendingApprovalPanel): it remembers what the decision said.
function RememberingApprovalPanel({ userId }: { userId: number }) {
  const [said, setSaid] = useState(false);
  return said ? (
    <p>Failed to send approval email</p>
  ) : (
    <button type="button" onClick={() => setSaid(true)}>{`Approve ${userId}`}</button>
  );
}

describe('ManageUserPage (spec 1 §2.11)', () => {
  it('shows the header, the dealer information and the admin side cards', async () => {
    mockServer(adminView({ isLeader: true, growthLeader: true }));
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Ayanda Agent' })).toBeTruthy();
    for (const chip of ['Active', 'Growth Leader', 'Trainer', 'Metro Fibre Connect', 'Fibre', 'Metro Standard'])
      expect(screen.getAllByText(chip).length).toBeGreaterThan(0);
    expect(screen.getByRole('heading', { name: 'Dealer Information' })).toBeTruthy();
    expect(screen.getByText('0012345678')).toBeTruthy();
    const actions = screen.getByRole('region', { name: 'Quick Actions' });
    for (const name of [
      'View ID Photo',
      'View Headshot',
      'Change Password',
      'Suppliers/Product Types/Deals',
      'Change User Type',
    ])
      expect(within(actions).getByRole('button', { name })).toBeTruthy();
    expect(within(actions).getByRole('link', { name: 'Send Alert' }).getAttribute('href')).toBe('/alerts/create?to=3');
    expect((within(actions).getByRole('button', { name: 'Contracts' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByText(/Finance Applications/)).toBeNull();
    const status = screen.getByRole('region', { name: 'User Status' });
    expect(within(status).getByRole('button', { name: 'Mark As Inactive' })).toBeTruthy();
    expect(within(status).queryByRole('button', { name: 'Reactivate User' })).toBeNull();
    expect(within(status).getByRole('switch', { name: 'Growth Leader' })).toBeTruthy();
    expect(within(status).getByRole('switch', { name: 'Block Trainer Status' })).toBeTruthy();
    expect(screen.getByTestId('hierarchy-parent').textContent).toBe('Z-2: Lwazi Leader');
  });

  it('gives a leader only Suppliers & Product Types, Send Alert and the Trainer toggle, and no payment details', async () => {
    mockServer(makeUserDetail());
    renderPage();
    const actions = await screen.findByRole('region', { name: 'Quick Actions' });
    expect(
      within(actions)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Suppliers & Product Types']);
    expect(within(actions).getByRole('link', { name: 'Send Alert' })).toBeTruthy();
    expect(within(actions).getByRole('switch', { name: 'Trainer' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Change Manager' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Mark As Inactive' })).toBeNull();
    expect(screen.queryByText('Payment')).toBeNull();
  });

  it("says 'User does not exist.' for a user without a phone", async () => {
    mockServer(adminView({ phone: null }));
    renderPage();
    expect(await screen.findByText('User does not exist.')).toBeTruthy();
  });

  it('keeps Change Password confirm disabled under 6 characters and reports the outcome', async () => {
    const fetchSpy = mockServer(adminView(), (url) =>
      url === '/api/people/3/password' ? json({ message: 'Password updated successfully' }) : undefined,
    );
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Change Password' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change Password' });
    const confirm = within(dialog).getByRole('button', { name: 'Confirm' }) as HTMLButtonElement;
    fireEvent.change(within(dialog).getByLabelText('New password'), { target: { value: '12345' } });
    expect(confirm.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('New password'), { target: { value: '123456' } });
    expect(confirm.disabled).toBe(false);
    fireEvent.click(confirm);
    expect(await screen.findByText('Password updated successfully')).toBeTruthy();
    expect(fetchSpy.mock.calls.some(([url]) => url === '/api/people/3/password')).toBe(true);
  });

  it("shows 'Error updating password' when the server refuses", async () => {
    mockServer(adminView(), (url) => (url === '/api/people/3/password' ? problem(400, 'Nope') : undefined));
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Change Password' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change Password' });
    fireEvent.change(within(dialog).getByLabelText('New password'), { target: { value: 'abcdefg' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Error updating password: Nope')).toBeTruthy();
  });

  it('explains an empty Change Manager list, with Move with children checked by default', async () => {
    mockServer(adminView(), (url) =>
      url.startsWith('/api/people/3/eligible-managers') ? json({ items: [], total: 0 }) : undefined,
    );
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Change Manager' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change Manager' });
    expect(
      await within(dialog).findByText(
        "No valid managers available. All eligible managers are either in this user's downstream hierarchy or the user themselves.",
      ),
    ).toBeTruthy();
  });

  const nomvula = { id: 9, zCode: 'Z-9', firstName: 'Nomvula', surname: 'Khumalo', isAdmin: false, isLeader: true };

  it("sends the chosen manager, the Move with children choice and the admin's own password", async () => {
    const fetchSpy = mockServer(adminView(), (url) => {
      if (url.startsWith('/api/people/3/eligible-managers')) return json({ items: [nomvula], total: 1 });
      if (url === '/api/people/3/manager') return json({ message: 'Z-3 now reports to Z-9 Nomvula Khumalo.' });
      return undefined;
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Change Manager' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change Manager' });
    const moveWithChildren = within(dialog).getByRole('checkbox', { name: 'Move with children' }) as HTMLInputElement;
    expect(moveWithChildren.checked).toBe(true);
    fireEvent.click(moveWithChildren);
    // No password is asked before a move is chosen.
    expect(within(dialog).queryByLabelText('Current password')).toBeNull();
    const input = within(dialog).getByLabelText('New manager');
    fireEvent.mouseDown(input);
    fireEvent.click(await screen.findByRole('option', { name: 'Z-9: Nomvula Khumalo' }));
    // A move changes who is paid on the user's sales: the admin's own password (decision 075).
    const own = within(dialog).getByLabelText('Current password') as HTMLInputElement;
    expect(own.type).toBe('password');
    expect(within(dialog).getByText('Your own password. Needed to move a user to another manager')).toBeTruthy();
    const confirm = within(dialog).getByRole('button', { name: 'Change Manager' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.change(own, { target: { value: 'Mine1234' } });
    fireEvent.click(confirm);
    expect(await screen.findByText('Z-3 now reports to Z-9 Nomvula Khumalo.')).toBeTruthy();
    const call = fetchSpy.mock.calls.find(([url]) => url === '/api/people/3/manager');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      managerId: 9,
      moveWithChildren: false,
      currentPassword: 'Mine1234',
    });
  });

  it("shows a wrong own password beside the Change Manager dialog's 'Current password' field", async () => {
    mockServer(adminView(), (url) => {
      if (url.startsWith('/api/people/3/eligible-managers')) return json({ items: [nomvula], total: 1 });
      if (url === '/api/people/3/manager') return stepUpProblem();
      return undefined;
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Change Manager' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change Manager' });
    fireEvent.mouseDown(within(dialog).getByLabelText('New manager'));
    fireEvent.click(await screen.findByRole('option', { name: 'Z-9: Nomvula Khumalo' }));
    fireEvent.change(within(dialog).getByLabelText('Current password'), { target: { value: 'Guess123' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change Manager' }));
    const field = within(dialog).getByLabelText('Current password');
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText('Your current password is incorrect.')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Change Manager' })).toBeTruthy();
  });

  it('asks before deleting and reports a failure with the spec message', async () => {
    mockServer(adminView(), (url) =>
      url === '/api/people/3/status' ? problem(409, 'This user has already been deleted.') : undefined,
    );
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Z-3?' });
    fireEvent.change(within(dialog).getByLabelText('Current password'), { target: { value: 'Mine1234' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to update user status: This user has already been deleted.')).toBeTruthy();
  });

  // Decision 076: only an active Trainer is paid the leader commission on a team's sales, so a
  // status change and Trainer on or off need the acting person's own password.
  it("asks for the admin's own password before Mark As Inactive, and sends it with the action", async () => {
    const fetchSpy = mockServer(adminView(), (url) =>
      url === '/api/people/3/status' ? json({ message: 'User marked as inactive' }) : undefined,
    );
    renderPage();
    const status = await screen.findByRole('region', { name: 'User Status' });
    fireEvent.click(within(status).getByRole('button', { name: 'Mark As Inactive' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark Z-3 as inactive?' });
    const own = within(dialog).getByLabelText('Current password') as HTMLInputElement;
    expect(own.type).toBe('password');
    expect(within(dialog).getByText(STATUS_PASSWORD_HELP)).toBeTruthy();
    // Nothing is sent without it.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark As Inactive' }));
    expect(await within(dialog).findByText('Please enter your current password.')).toBeTruthy();
    expect(bodyOf(fetchSpy, '/api/people/3/status')).toEqual([]);
    fireEvent.change(own, { target: { value: 'Mine1234' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark As Inactive' }));
    expect(await screen.findByText('User marked as inactive')).toBeTruthy();
    expect(bodyOf(fetchSpy, '/api/people/3/status')).toEqual([{ action: 'deactivate', currentPassword: 'Mine1234' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('asks the same before Reactivate User', async () => {
    const fetchSpy = mockServer(adminView({ lifecycleStatusId: 3, lifecycleStatusName: 'Inactive' }), (url) =>
      url === '/api/people/3/status' ? json({ message: 'User reactivated' }) : undefined,
    );
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Reactivate User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reactivate Z-3?' });
    fireEvent.change(within(dialog).getByLabelText('Current password'), { target: { value: 'Mine1234' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reactivate User' }));
    expect(await screen.findByText('User reactivated')).toBeTruthy();
    expect(bodyOf(fetchSpy, '/api/people/3/status')).toEqual([{ action: 'reactivate', currentPassword: 'Mine1234' }]);
  });

  it("shows a wrong own password on Delete's 'Current password' field and keeps the prompt open", async () => {
    mockServer(adminView(), (url) => (url === '/api/people/3/status' ? stepUpProblem() : undefined));
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Z-3?' });
    fireEvent.change(within(dialog).getByLabelText('Current password'), { target: { value: 'Guess123' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const field = within(dialog).getByLabelText('Current password');
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText('Your current password is incorrect.')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Delete Z-3?' })).toBeTruthy();
    expect(screen.queryByText(/Failed to update user status/)).toBeNull();
  });

  it("asks for the admin's own password before Trainer on; Growth Leader goes at once", async () => {
    let tries = 0;
    const fetchSpy = mockServer(adminView(), (url) => {
      if (url !== '/api/people/3/flags') return undefined;
      tries += 1;
      return tries === 1
        ? stepUpProblem(429, 'STEP_UP_LOCKED', 'Too many wrong passwords. Try again in 15 minutes.')
        : json({ message: 'Trainer status turned on' });
    });
    renderPage();
    const status = await screen.findByRole('region', { name: 'User Status' });
    fireEvent.click(within(status).getByRole('switch', { name: 'Trainer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn on Trainer status for Z-3' });
    expect(within(dialog).getByText(TRAINER_PASSWORD_HELP)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Current password'), { target: { value: 'Mine1234' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    // Locked: said on the field, the prompt stays for a later try.
    expect(await within(dialog).findByText('Too many wrong passwords. Try again in 15 minutes.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('Trainer status turned on')).toBeTruthy();
    expect(bodyOf(fetchSpy, '/api/people/3/flags')).toEqual([
      { isLeader: true, currentPassword: 'Mine1234' },
      { isLeader: true, currentPassword: 'Mine1234' },
    ]);
  });

  it('sends Growth Leader and Block Trainer Status without a password prompt', async () => {
    const fetchSpy = mockServer(adminView(), (url) =>
      url === '/api/people/3/flags' ? json({ message: 'Growth leader status turned on' }) : undefined,
    );
    renderPage();
    const status = await screen.findByRole('region', { name: 'User Status' });
    fireEvent.click(within(status).getByRole('switch', { name: 'Growth Leader' }));
    expect(await screen.findByText('Growth leader status turned on')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(bodyOf(fetchSpy, '/api/people/3/flags')).toEqual([{ growthLeader: true }]);
  });

  it('asks a leader for their own password before Trainer on for a team member', async () => {
    const fetchSpy = mockServer(makeUserDetail(), (url) =>
      url === '/api/people/3/flags' ? json({ message: 'Trainer status turned on' }) : undefined,
    );
    renderPage();
    const actions = await screen.findByRole('region', { name: 'Quick Actions' });
    fireEvent.click(within(actions).getByRole('switch', { name: 'Trainer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn on Trainer status for Z-3' });
    fireEvent.change(within(dialog).getByLabelText('Current password'), { target: { value: 'Mine1234' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('Trainer status turned on')).toBeTruthy();
    expect(bodyOf(fetchSpy, '/api/people/3/flags')).toEqual([{ isLeader: true, currentPassword: 'Mine1234' }]);
  });

  it('changes the user type', async () => {
    const fetchSpy = mockServer(adminView(), (url) =>
      url === '/api/people/3/user-type' ? json({ message: 'User type updated' }) : undefined,
    );
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Change User Type' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change User Type' });
    await waitFor(() => expect(within(dialog).getByRole('combobox')).toBeTruthy());
    fireEvent.mouseDown(within(dialog).getByRole('combobox'));
    fireEvent.click(await screen.findByRole('option', { name: 'Internal' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('User type updated')).toBeTruthy();
    const call = fetchSpy.mock.calls.find(([url]) => url === '/api/people/3/user-type');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ refsTypeId: 2 });
  });

  it('keeps the approval panel, and what it said, after the user reloads as approved', async () => {
    let approved = false;
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = String(input);
      if (url === '/api/people/3')
        return json({
          user: adminView(
            approved
              ? { lifecycleStatusId: 2, lifecycleStatusName: 'Active' }
              : { lifecycleStatusId: 1, lifecycleStatusName: 'Pending' },
          ),
        });
      if (url === '/api/reference-lists') return json(referenceLists);
      return json({}, 404);
    });
    renderWithProviders(
      <Routes>
        <Route path="/manage-user/:dealerId" element={<ManageUserPage approvalPanel={RememberingApprovalPanel} />} />
      </Routes>,
      { route: '/manage-user/3', user: makeUser({ isAdmin: true, role: 'admin' }) },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Approve 3' }));
    expect(screen.getAllByText('Pending').length).toBeGreaterThan(0);
    expect(screen.getByText('Failed to send approval email')).toBeTruthy();
    approved = true;
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(fetchSpy.mock.calls.filter(([url]) => String(url) === '/api/people/3')).toHaveLength(2));
    await waitFor(() => expect(screen.queryByText('Pending')).toBeNull());
    expect(screen.getByText('Failed to send approval email')).toBeTruthy();
  });
});
