import type { UserDetail } from '@portal/domain/people/user-detail';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/profiles';
import { renderWithProviders } from '../../../test/render';
import { makeUser } from '../../../test/users';
import { adminView, makeUserDetail } from '../people-fixtures';
import { UserDetailPage } from './user-detail-page';

function mockServer(
  answer: () => Response,
  extra: (url: string, init?: RequestInit) => Response | undefined = () => undefined,
) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    return extra(url, init) ?? (url.startsWith('/api/people/') ? answer() : json({}, 404));
  });
}

function renderPage(id: string | number = 3) {
  return renderWithProviders(
    <Routes>
      <Route path="/user-detail/:dealerId" element={<UserDetailPage />} />
    </Routes>,
    { route: `/user-detail/${id}`, user: makeUser() },
  );
}

const withUser = (user: UserDetail) => () => json({ user });

describe('UserDetailPage (spec 1 §2.10)', () => {
  it('shows the heading, contact details, verification chips and the send-alert link', async () => {
    mockServer(withUser(makeUserDetail()));
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Z-3: Ayanda Agent' })).toBeTruthy();
    expect(screen.getAllByText('0820000003')).toHaveLength(2);
    expect(screen.getByText('Western Cape')).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'Phone' })).getByText('Not Verified')).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'Email' })).getByText('Verified')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Send alert' }).getAttribute('href')).toBe('/alerts/create?to=3');
    // Not the own profile: no resend actions, no 'Continue Training'.
    expect(screen.queryByRole('link', { name: 'Resend OTP' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Continue Training' })).toBeNull();
  });

  it('shows relevant and compulsory modules as passed/total with the border of the status code', async () => {
    mockServer(withUser(makeUserDetail()));
    renderPage();
    const card = await screen.findByTestId('university-status-card');
    expect(card.getAttribute('data-status')).toBe('101');
    expect(within(card).getByText('1/3')).toBeTruthy();
    expect(within(card).getByText('1/1')).toBeTruthy();
    expect(within(card).getAllByRole('progressbar')).toHaveLength(2);
  });

  it("offers 'Continue Training' on the own profile above 100, and the resend actions", async () => {
    mockServer(
      withUser(makeUserDetail({ permissions: { ...makeUserDetail().permissions, isSelf: true, canEdit: false } })),
    );
    renderPage();
    expect((await screen.findByRole('link', { name: 'Continue Training' })).getAttribute('href')).toBe('/training');
    expect(screen.getByRole('link', { name: 'Resend OTP' }).getAttribute('href')).toBe('/verify-phone');
  });

  it('says so when the university status could not be worked out', async () => {
    mockServer(
      withUser(
        makeUserDetail({
          university: { status: -1, relevant: { passed: 0, total: 0 }, compulsory: { passed: 0, total: 0 } },
        }),
      ),
    );
    renderPage();
    expect(await screen.findByText('Error retrieving university status - please refresh the page')).toBeTruthy();
  });

  it('shows the access-denied page when the server refuses', async () => {
    mockServer(() =>
      json({ type: 'about:blank', title: 'Forbidden', status: 403, code: 'NO_PERMISSION', detail: 'No' }, 403),
    );
    renderPage(77);
    expect(await screen.findByText('Oops! Page Not Found or Access Denied')).toBeTruthy();
  });

  it("says 'Invalid user ID' for a non-numeric id and the server's message for an unknown one", async () => {
    const fetchSpy = mockServer(() =>
      json(
        {
          type: 'about:blank',
          title: 'Not Found',
          status: 404,
          code: 'NOT_FOUND',
          detail: 'Dealer with ID 99 not found',
        },
        404,
      ),
    );
    renderPage('abc');
    expect(await screen.findByText('Invalid user ID')).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('lets an admin switch Trainer Status; a leader cannot switch it off', async () => {
    const fetchSpy = mockServer(withUser(adminView()), (url, init) =>
      url === '/api/people/3/flags' && init?.method === 'PUT'
        ? json({ message: 'Trainer status turned on' })
        : undefined,
    );
    renderPage();
    const trainer = await screen.findByRole('switch', { name: 'Trainer Status' });
    expect((trainer as HTMLInputElement).disabled).toBe(false);
    fireEvent.click(trainer);
    // Trainer decides who is paid leader commission: the own password first (decision 076).
    const dialog = await screen.findByRole('dialog', { name: 'Turn on Trainer status for Z-3' });
    expect(fetchSpy.mock.calls.some(([url]) => url === '/api/people/3/flags')).toBe(false);
    fireEvent.change(within(dialog).getByLabelText('Current password'), { target: { value: 'Mine1234' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('Trainer status turned on')).toBeTruthy();
    const call = fetchSpy.mock.calls.find(([url]) => url === '/api/people/3/flags');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ isLeader: true, currentPassword: 'Mine1234' });
  });

  it('disables the Trainer Status switch for a leader when the user is already a trainer', async () => {
    const leaderView = makeUserDetail({ isLeader: true });
    mockServer(withUser({ ...leaderView, permissions: { ...leaderView.permissions, canToggleTrainer: false } }));
    renderPage();
    await waitFor(() =>
      expect((screen.getByRole('switch', { name: 'Trainer Status' }) as HTMLInputElement).disabled).toBe(true),
    );
  });
});
