import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/profiles';
import { renderWithProviders } from '../../../test/render';
import { UpdatePasswordPage } from './update-password-page';

function renderPage() {
  return renderWithProviders(
    <Routes>
      <Route path="/update-password" element={<UpdatePasswordPage />} />
      <Route path="/profile" element={<h1>Profile page</h1>} />
    </Routes>,
    { route: '/update-password' },
  );
}

describe('UpdatePasswordPage', () => {
  it('asks for a valid password when sent empty, and for at least 6 characters', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText('Please enter a valid password.')).toBeTruthy();
    expect(await screen.findByText('Please enter your current password.')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'abc' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText('Use at least 6 characters.')).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('has a show/hide toggle', () => {
    renderPage();
    const input = screen.getByLabelText('New password') as HTMLInputElement;
    expect(input.type).toBe('password');
    fireEvent.click(screen.getAllByRole('button', { name: 'Show password' })[1]!);
    expect(input.type).toBe('text');
  });

  it("says 'Password updated successfully' and goes back to the profile", async () => {
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(json({ message: 'Password updated successfully' }));
    renderPage();
    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'OldPass123' } });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'NewPass123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Password' }));

    expect(await screen.findByText('Password updated successfully')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Profile page' })).toBeTruthy();
    const [url, init] = fetchSpy.mock.calls[0] ?? [];
    expect(url).toBe('/api/accounts/password');
    expect(JSON.parse(String(init?.body))).toEqual({ currentPassword: 'OldPass123', newPassword: 'NewPass123' });
  });

  it('shows the failure and stays on the page', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      json({ type: 'about:blank', title: 'Bad', status: 400, code: 'PASSWORD_TOO_SHORT', detail: 'Too short' }, 400),
    );
    renderPage();
    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'OldPass123' } });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'NewPass123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Password' }));
    await waitFor(() => expect(screen.getByText('Error updating password: Too short')).toBeTruthy());
    expect(screen.getByText('Error updating password')).toBeTruthy();
  });
});
