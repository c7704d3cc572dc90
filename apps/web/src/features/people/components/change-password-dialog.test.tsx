import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stepUpProblem } from '../../../test/profiles';
import { renderWithProviders } from '../../../test/render';
import { ChangePasswordDialog } from './change-password-dialog';

afterEach(() => vi.restoreAllMocks());

const answer = (status: number, body: object) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('ChangePasswordDialog', () => {
  it('uses the shared password field with its toggle, and sends only from 6 characters', async () => {
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(answer(200, { message: 'Password updated successfully' }));
    renderWithProviders(<ChangePasswordDialog userId={7} open onClose={() => {}} />);
    const input = screen.getByLabelText('New password') as HTMLInputElement;
    expect(input.type).toBe('password');
    fireEvent.click(screen.getAllByRole('button', { name: 'Show password' })[0]!);
    expect(input.type).toBe('text');

    fireEvent.change(input, { target: { value: 'abc' } });
    expect((screen.getByRole('button', { name: 'Confirm' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(input, { target: { value: 'abcdef' } });
    // The admin's own password goes with it (step-up, decision 071).
    const own = screen.getByLabelText('Current password') as HTMLInputElement;
    expect(own.type).toBe('password');
    fireEvent.change(own, { target: { value: 'Mine1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toContain('/api/people/7/password');
    expect(JSON.parse(String(init?.body))).toEqual({ password: 'abcdef', currentPassword: 'Mine1234' });
  });

  it("shows a wrong own password beside the 'Current password' field", async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(stepUpProblem());
    renderWithProviders(<ChangePasswordDialog userId={7} open onClose={() => {}} />);
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'abcdef' } });
    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'Guess123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    const field = screen.getByLabelText('Current password');
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Your current password is incorrect.')).toBeTruthy();
  });
});
