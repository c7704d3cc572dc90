import { EMAIL_VERIFICATION_FAILED, INCORRECT_PIN } from '@portal/domain/accounts/verification';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { json, makeProfile } from '../../../test/profiles';
import { renderWithProviders } from '../../../test/render';
import { makeUser } from '../../../test/users';
import { VerifyEmailPage } from './verify-email-page';
import { VerifyPhonePage } from './verify-phone-page';

const ID = '6f1c2b8e-3a4d-4e5f-9a0b-1c2d3e4f5a6b';

function renderAt(route: string, user = makeUser({ phoneVerified: false, emailVerified: false })) {
  return renderWithProviders(
    <Routes>
      <Route path="/verify-email/:verificationId" element={<VerifyEmailPage />} />
      <Route path="/verify-phone" element={<VerifyPhonePage />} />
      <Route path="/profile" element={<h1>Profile page</h1>} />
    </Routes>,
    { route, user },
  );
}

describe('VerifyEmailPage', () => {
  it('verifies the link once and returns to the profile after a second', async () => {
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async (input) =>
        String(input) === '/api/accounts/verify-email'
          ? json({ verified: true, message: 'Your email address has been verified.' })
          : json({ user: makeUser() }),
      );
    renderAt(`/verify-email/${ID}`);
    expect(await screen.findByText('Your email address has been verified.')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Profile page' }, { timeout: 3000 })).toBeTruthy();
    const calls = fetchSpy.mock.calls.filter(([url]) => url === '/api/accounts/verify-email');
    expect(calls).toHaveLength(1);
    expect(JSON.parse(String(calls[0]?.[1]?.body))).toEqual({ verificationId: ID });
  });

  it('shows the failure text for a refused or malformed link', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      json({ type: 'about:blank', title: 'Bad', status: 400, code: 'X', detail: EMAIL_VERIFICATION_FAILED }, 400),
    );
    renderAt(`/verify-email/${ID}`);
    expect(await screen.findByText(EMAIL_VERIFICATION_FAILED)).toBeTruthy();
  });

  it('does not send a malformed id', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    renderAt('/verify-email/not-an-id');
    expect(await screen.findByText(EMAIL_VERIFICATION_FAILED)).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});

describe('VerifyPhonePage', () => {
  it('sends a pin on arrival, refuses a wrong one and accepts the right one', async () => {
    let attempt = 0;
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = String(input);
      if (url === '/api/accounts/verify-phone/send-code') return json({ message: 'sent' });
      if (url === '/api/accounts/verify-phone') {
        attempt += 1;
        return attempt === 1
          ? json({ type: 'about:blank', title: 'Bad', status: 400, code: 'INCORRECT_PIN', detail: INCORRECT_PIN }, 400)
          : json({ verified: true, message: 'Your phone number has been verified.' });
      }
      if (url === '/api/profile') return json(makeProfile({ phoneVerified: false }));
      return json({ user: makeUser({ emailVerified: false, phoneVerified: attempt > 1 }) });
    });
    renderAt('/verify-phone');
    await waitFor(() =>
      expect(fetchSpy.mock.calls.filter(([url]) => url === '/api/accounts/verify-phone/send-code')).toHaveLength(1),
    );
    fireEvent.change(screen.getByLabelText('One Time Pin'), { target: { value: '111111' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.getAllByText(INCORRECT_PIN).length).toBeGreaterThan(0));

    fireEvent.change(screen.getByLabelText('One Time Pin'), { target: { value: '222222' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Your phone number has been verified.')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Profile page' }, { timeout: 3000 })).toBeTruthy();
  });

  it('takes the pin of a new number waiting for verification, even when the current one is verified', async () => {
    const pendingPhone = { value: '+27839876543', expiresAt: '2026-01-02T08:00:00.000Z' };
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = String(input);
      if (url === '/api/profile') return json(makeProfile({ pendingPhone }));
      if (url === '/api/accounts/verify-phone')
        return json({ verified: true, message: 'Your phone number has been verified.' });
      return json({ user: makeUser() });
    });
    renderAt('/verify-phone', makeUser({ phoneVerified: true }));
    expect(await screen.findByText(/your new number 0839876543/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('One Time Pin'), { target: { value: '222222' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Your phone number has been verified.')).toBeTruthy();
  });

  it('resends a pin on request', async () => {
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async (input) =>
        String(input) === '/api/profile' ? json(makeProfile({ phoneVerified: false })) : json({ message: 'sent' }),
      );
    renderAt('/verify-phone');
    fireEvent.click(await screen.findByRole('button', { name: 'Resend OTP' }));
    await waitFor(() =>
      expect(fetchSpy.mock.calls.filter(([url]) => url === '/api/accounts/verify-phone/send-code')).toHaveLength(2),
    );
  });
});
