import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useCurrentUser } from '../../../../lib/get-me';
import { json, makeProfile, referenceLists } from '../../../../test/profiles';
import { renderWithProviders } from '../../../../test/render';
import { makeUser } from '../../../../test/users';
import { ProfilePage } from '../../pages/profile-page';

/** This machine is busy while the suites run side by side: allow more than the default second. */
const WAIT = { timeout: 5000 };

afterEach(() => vi.restoreAllMocks());

/** The shell watches /api/me, so a verified pin reloads it beside the profile. */
function ShellWatchingMe() {
  useCurrentUser();
  return null;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('PendingContactCard', { timeout: 60_000 }, () => {
  it('says the new phone is verified although the card goes as soon as the profile reloads', async () => {
    const pendingPhone = { value: '+27839876543', expiresAt: '2026-01-02T08:00:00.000Z' };
    let verified = false;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = String(input);
      if (url === '/api/accounts/verify-phone' && init?.method === 'POST') {
        verified = true;
        return json({ verified: true });
      }
      if (url === '/api/profile') return json(verified ? makeProfile() : makeProfile({ pendingPhone }));
      // /api/me answers later than the profile: the card is gone before the verify settles.
      if (url === '/api/me') {
        await pause(verified ? 300 : 0);
        return json({ user: makeUser() });
      }
      if (url === '/api/reference-lists') return json(referenceLists);
      return json({}, 404);
    });
    renderWithProviders(
      <>
        <ShellWatchingMe />
        <ProfilePage />
      </>,
      { route: '/profile', user: makeUser() },
    );
    const form = await screen.findByRole('form', { name: 'Verify your new phone number' }, WAIT);
    fireEvent.change(within(form).getByLabelText('One Time Pin'), { target: { value: '123456' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Verify your new phone number' })).toBeNull(), WAIT);
    expect(await screen.findByText('Your new phone number is verified and now in use.', {}, WAIT)).toBeTruthy();
  });
});
