import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/profiles';
import { renderWithProviders } from '../../../test/render';
import { PhoneLoginPage } from './phone-login-page';

function enterPhone(value: string) {
  fireEvent.change(screen.getByLabelText('Cellphone number'), { target: { value } });
  fireEvent.click(screen.getByRole('button', { name: 'Next' }));
}

describe('PhoneLoginPage', () => {
  it('checks the number in the spec order before sending anything', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    renderWithProviders(<PhoneLoginPage />);
    expect(screen.getByLabelText('Cellphone number').getAttribute('placeholder')).toBe('0821234567');

    enterPhone('082 123');
    expect(await screen.findByText('Cellphone number is incorrectly formatted')).toBeTruthy();
    enterPhone('082123');
    expect(await screen.findByText('Cellphone number is incorrect length')).toBeTruthy();
    enterPhone('8212345678');
    expect(await screen.findByText('Cellphone number does not start with 0')).toBeTruthy();
    // A digit too many is refused, not cut to a number that was never typed.
    enterPhone('08212345678');
    expect(await screen.findByText('Cellphone number is incorrect length')).toBeTruthy();
    enterPhone('0000000000');
    expect(await screen.findByText('Cellphone number is not a valid South African number')).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("shows 'Number not found' in a banner and a snackbar when the code cannot be sent", async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      json(
        { type: 'about:blank', title: 'Not Found', status: 404, code: 'NOT_FOUND', detail: 'Number not found' },
        404,
      ),
    );
    renderWithProviders(<PhoneLoginPage />);
    enterPhone('0829999999');
    await waitFor(() => expect(screen.getAllByText('Number not found')).toHaveLength(2));
    expect(screen.getByRole('heading', { name: 'Sign in with phone' })).toBeTruthy();
  });

  it('sends +27 and the last nine digits, then asks for the OTP; Retry goes back to step 1', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(json({ sent: true }));
    renderWithProviders(<PhoneLoginPage />);
    enterPhone('0821234567');

    expect(await screen.findByRole('heading', { name: 'Enter OTP' })).toBeTruthy();
    const [url, init] = fetchSpy.mock.calls[0] ?? [];
    expect(url).toBe('/api/auth/phone-sign-in/send-code');
    expect(JSON.parse(String(init?.body))).toEqual({ phone: '+27821234567' });
    expect(screen.getByText("If you haven't received your SMS within 40 seconds, please try again")).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in with email' }).getAttribute('href')).toBe('/login');

    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Please enter the 6-digit code from your SMS.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: 'Next' })).toBeTruthy();
    expect((screen.getByLabelText('Cellphone number') as HTMLInputElement).value).toBe('0821234567');
  });

  it('shows the incorrect-pin message from the server', async () => {
    const pin = 'Incorrect pin: Your One Time Pin is not correct. Please try again.';
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValueOnce(json({ sent: true }))
      .mockResolvedValueOnce(json({ code: 'INVALID_OTP', message: pin }, 400));
    renderWithProviders(<PhoneLoginPage />);
    enterPhone('0821234567');
    fireEvent.change(await screen.findByLabelText('One Time Pin'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.getAllByText(pin)).toHaveLength(2));
    const [url, init] = fetchSpy.mock.calls[1] ?? [];
    expect(url).toBe('/api/auth/phone-sign-in/verify');
    expect(JSON.parse(String(init?.body))).toEqual({ phone: '+27821234567', code: '123456', rememberMe: true });
  });
});
