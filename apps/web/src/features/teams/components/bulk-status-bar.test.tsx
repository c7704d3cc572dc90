import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, stepUpProblem } from '../../../test/profiles';
import { renderWithProviders } from '../../../test/render';
import { makeUser } from '../../../test/users';
import { BULK_STATUS_PASSWORD_HELP, BulkStatusBar } from './bulk-status-bar';

const admin = makeUser({ isAdmin: true, role: 'admin', features: ['Users Management'] });

function mockServer(answer: () => Response) {
  return vi
    .spyOn(globalThis, 'fetch')
    .mockImplementation(async (input) => (String(input) === '/api/teams/bulk-status' ? answer() : json({}, 404)));
}

const sent = (spy: ReturnType<typeof mockServer>) =>
  spy.mock.calls
    .filter(([url]) => String(url) === '/api/teams/bulk-status')
    .map(([, init]) => JSON.parse(String(init?.body)));

// Decision 076: a status decides whether a leader is paid the leader commission on their team's
// sales, so the bulk change asks for the admin's own password.
describe('Bulk update bar (spec 1 §2.8)', () => {
  it("asks for the admin's own password and sends it with the selection", async () => {
    const fetchSpy = mockServer(() => json({ updated: [7, 8], skipped: [] }));
    const onDone = vi.fn();
    renderWithProviders(<BulkStatusBar selectedIds={[7, 8]} onDone={onDone} />, { user: admin });
    fireEvent.click(screen.getByRole('button', { name: 'Mark As Inactive' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark As Inactive' });
    expect(within(dialog).getByText('Mark the 2 selected users as inactive? Only active users change.')).toBeTruthy();
    const own = within(dialog).getByLabelText('Current password') as HTMLInputElement;
    expect(own.type).toBe('password');
    expect(within(dialog).getByText(BULK_STATUS_PASSWORD_HELP)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('Please enter your current password.')).toBeTruthy();
    expect(sent(fetchSpy)).toEqual([]);

    fireEvent.change(own, { target: { value: 'Mine1234' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('2 users marked as inactive.')).toBeTruthy();
    expect(sent(fetchSpy)).toEqual([{ action: 'deactivate', userIds: [7, 8], currentPassword: 'Mine1234' }]);
    expect(onDone).toHaveBeenCalled();
  });

  it('shows a wrong own password on the field and keeps the prompt open', async () => {
    mockServer(() => stepUpProblem());
    const onDone = vi.fn();
    renderWithProviders(<BulkStatusBar selectedIds={[9]} onDone={onDone} />, { user: admin });
    fireEvent.click(screen.getByRole('button', { name: 'Reactivate User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reactivate User' });
    fireEvent.change(within(dialog).getByLabelText('Current password'), { target: { value: 'Guess123' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    const field = within(dialog).getByLabelText('Current password');
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText('Your current password is incorrect.')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Reactivate User' })).toBeTruthy();
    expect(onDone).not.toHaveBeenCalled();
  });
});
