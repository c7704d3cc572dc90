import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { LoginPage } from './login-page';

describe('LoginPage', () => {
  it('shows the e-mail and password fields and the spec links', () => {
    renderWithProviders(<LoginPage />);
    expect(screen.getByLabelText('Email')).toBeTruthy();
    expect(screen.getByLabelText('Password')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in with phone' }).getAttribute('href')).toBe('/phone-login');
    expect(screen.getByLabelText('Keep me signed in')).toBeTruthy();
  });

  it('toggles the password between hidden and shown', () => {
    renderWithProviders(<LoginPage />);
    const password = screen.getByLabelText('Password') as HTMLInputElement;
    expect(password.type).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password.type).toBe('text');
    fireEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password.type).toBe('password');
  });

  it('asks for a valid e-mail when the reset view is sent empty', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    renderWithProviders(<LoginPage />);
    fireEvent.click(screen.getByRole('link', { name: 'Forgot password?' }));
    // The reset view is its own chunk: it appears once loaded.
    expect(await screen.findByRole('heading', { name: 'Reset your password' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Send Reset Email' }));

    expect(await screen.findByText('Please enter a valid email address.')).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('shows the spec text once the reset e-mail is requested', async () => {
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(new Response(JSON.stringify({ status: true }), { status: 200 }));
    renderWithProviders(<LoginPage />);
    fireEvent.click(screen.getByRole('link', { name: 'Forgot password?' }));
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'agent@demo.co.za' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Reset Email' }));

    expect(await screen.findByText('Request Sent. Please check your inbox for further instructions.')).toBeTruthy();
    const [url, init] = fetchSpy.mock.calls[0] ?? [];
    expect(url).toBe('/api/auth/request-password-reset');
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'agent@demo.co.za', redirectTo: '/reset-password' });
  });

  it('shows the provider message in a banner when sign-in fails', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' }), {
        status: 401,
      }),
    );
    renderWithProviders(<LoginPage />);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'agent@demo.co.za' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));

    // In the error banner on the page, and in a snackbar.
    await waitFor(() => expect(screen.getAllByText('Invalid email or password')).toHaveLength(2));
    const banners = screen.getAllByRole('alert').filter((node) => node.classList.contains('MuiAlert-root'));
    expect(banners.some((node) => node.textContent?.includes('Invalid email or password'))).toBe(true);
  });
});
