import type { Profile } from '@portal/domain/accounts/profile';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, makeProfile, referenceLists } from '../../../test/profiles';
import { renderWithProviders } from '../../../test/render';
import { ProfilePage } from './profile-page';

function mockServer(
  profile: Profile,
  extra: (url: string, init?: RequestInit) => Response | undefined = () => undefined,
) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    const answer = extra(url, init);
    if (answer) return answer;
    if (url === '/api/profile') return json(profile);
    if (url === '/api/reference-lists') return json(referenceLists);
    return json({}, 404);
  });
}

describe('ProfilePage', () => {
  afterEach(() => vi.useRealTimers());

  it('shows the banner, the tabs and the two buttons', async () => {
    mockServer(makeProfile());
    renderWithProviders(<ProfilePage />, { route: '/profile' });
    expect(await screen.findByRole('heading', { name: 'Profile - Thandi Mokoena' })).toBeTruthy();
    expect(screen.getAllByText('Z-1042').length).toBeGreaterThan(0);
    expect(screen.getByText('Thandi Connect')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Personal Info' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Address' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Services' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Change Your Password' }).getAttribute('href')).toBe('/update-password');
    fireEvent.click(screen.getByRole('button', { name: 'Edit Your Details' }));
    expect(await screen.findByRole('dialog', { name: 'Edit Profile' })).toBeTruthy();
    expect(screen.queryByText('Commission Period Active')).toBeNull();
  });

  it('shows a contact change waiting for verification: pin, resend and cancel (decision 069)', async () => {
    const expiresAt = '2026-01-02T08:00:00.000Z';
    const fetchSpy = mockServer(
      makeProfile({
        pendingPhone: { value: '+27839876543', expiresAt },
        pendingEmail: { value: 'new.me@example.co.za', expiresAt },
      }),
      (url) =>
        url === '/api/profile/contact/cancel' || url === '/api/accounts/verify-phone'
          ? json({ message: 'ok', verified: true })
          : undefined,
    );
    renderWithProviders(<ProfilePage />, { route: '/profile' });
    expect(await screen.findByText('Verification sent to 0839876543')).toBeTruthy();
    expect(screen.getByText('Verification sent to new.me@example.co.za')).toBeTruthy();
    const phoneForm = screen.getByRole('form', { name: 'Verify your new phone number' });
    fireEvent.change(within(phoneForm).getByLabelText('One Time Pin'), { target: { value: '123456' } });
    fireEvent.click(within(phoneForm).getByRole('button', { name: 'Verify' }));
    await waitFor(() =>
      expect(fetchSpy.mock.calls.find(([url]) => url === '/api/accounts/verify-phone')?.[1]?.body).toBe(
        JSON.stringify({ code: '123456' }),
      ),
    );
    const emailGroup = screen.getByRole('group', { name: 'Your new email address' });
    fireEvent.click(within(emailGroup).getByRole('button', { name: 'Cancel change' }));
    await waitFor(() =>
      expect(fetchSpy.mock.calls.find(([url]) => url === '/api/profile/contact/cancel')?.[1]?.body).toBe(
        JSON.stringify({ kind: 'email' }),
      ),
    );
  });

  it("disables 'Edit Your Details' while the commission freeze is on", async () => {
    mockServer(makeProfile({ profileFrozen: true }));
    renderWithProviders(<ProfilePage />, { route: '/profile' });
    expect(await screen.findByText('Commission Period Active')).toBeTruthy();
    expect(
      screen.getByText('Profile updates are temporarily frozen while the commission period is active.'),
    ).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Edit Your Details' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the verification chips and the resend actions for what is not verified', async () => {
    const fetchSpy = mockServer(makeProfile({ phoneVerified: false, emailVerified: false }), (url) =>
      url === '/api/accounts/verification-email'
        ? json({ message: 'Email verification link has been sent to your email address.' })
        : undefined,
    );
    renderWithProviders(<ProfilePage />, { route: '/profile' });
    const phone = await screen.findByRole('group', { name: 'Phone' });
    expect(within(phone).getByText('Not Verified')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Resend OTP' }).getAttribute('href')).toBe('/verify-phone');

    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(screen.getByRole('button', { name: 'Resend Verification Email' }));
    expect(await screen.findByText('Email verification link has been sent to your email address.')).toBeTruthy();
    expect(fetchSpy.mock.calls.some(([url]) => url === '/api/accounts/verification-email')).toBe(true);
    await act(async () => {
      vi.advanceTimersByTime(4100);
    });
    await waitFor(() =>
      expect(screen.queryByText('Email verification link has been sent to your email address.')).toBeNull(),
    );
  });

  it('hides the resend actions once both are verified', async () => {
    mockServer(makeProfile());
    renderWithProviders(<ProfilePage />, { route: '/profile' });
    const email = await screen.findByRole('group', { name: 'Email' });
    expect(within(email).getByText('Verified')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Resend OTP' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Resend Verification Email' })).toBeNull();
  });

  it("turns 'Become A Leader' on after confirming, and then locks it", async () => {
    const fetchSpy = mockServer(makeProfile(), (url) =>
      url === '/api/profile/become-leader' ? json(makeProfile({ isLeader: true, canBecomeLeader: false })) : undefined,
    );
    renderWithProviders(<ProfilePage />, { route: '/profile' });
    const toggle = (await screen.findByRole('switch', { name: 'Become A Leader' })) as HTMLInputElement;
    expect(toggle.disabled).toBe(false);
    fireEvent.click(toggle);
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }, { timeout: 5000 }));
    await waitFor(
      () => expect((screen.getByRole('switch', { name: 'Become A Leader' }) as HTMLInputElement).checked).toBe(true),
      { timeout: 5000 },
    );
    expect((screen.getByRole('switch', { name: 'Become A Leader' }) as HTMLInputElement).disabled).toBe(true);
    expect(
      fetchSpy.mock.calls.some(([url, init]) => url === '/api/profile/become-leader' && init?.method === 'POST'),
    ).toBe(true);
  });

  it("disables 'Become A Leader' when blocked or not allowed", async () => {
    mockServer(makeProfile({ isLeaderBlocked: true, canBecomeLeader: false }));
    renderWithProviders(<ProfilePage />, { route: '/profile' });
    const toggle = (await screen.findByRole('switch', { name: 'Become A Leader' })) as HTMLInputElement;
    expect(toggle.disabled).toBe(true);
    expect(toggle.checked).toBe(false);
  });
});
