import type { UserAlert } from '@portal/domain/alerts/alerts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { YourAlertsDialog } from './your-alerts-dialog';

const alert = (over: Partial<UserAlert>): UserAlert => ({
  id: 1,
  title: 'Alert',
  description: '',
  image: null,
  seen: false,
  popup_dismissed: false,
  created_at: '2026-11-22T08:00:00.000Z',
  active: true,
  type: null,
  created_by: 2,
  is_individual: true,
  ...over,
});

afterEach(() => vi.restoreAllMocks());

describe('YourAlertsDialog', () => {
  it('lists unseen alerts with titles cut at 40 and descriptions at 100, and Got It dismisses them', async () => {
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(new Response('{"ok":true}', { status: 200, headers: { 'content-type': 'application/json' } }));
    renderWithProviders(
      <YourAlertsDialog
        onView={() => {}}
        alerts={[
          alert({ id: 7, title: 'T'.repeat(45), description: `<p>${'d'.repeat(120)}</p>` }),
          alert({ id: 8, title: 'Seen already', seen: true }),
        ]}
      />,
    );
    const dialog = screen.getByRole('alertdialog', { name: 'Your Alerts' });
    expect(within(dialog).getByText(`${'T'.repeat(40)}…`)).toBeTruthy();
    expect(within(dialog).getByText(`${'d'.repeat(100)}…`)).toBeTruthy();
    expect(within(dialog).queryByText('Seen already')).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'View' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Got It' }));
    expect(screen.queryByRole('dialog', { name: 'Your Alerts' })).toBeNull();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('/api/alerts/7/dismiss-popup');
  });

  it('does not open when every alert was seen', () => {
    renderWithProviders(<YourAlertsDialog onView={() => {}} alerts={[alert({ seen: true })]} />);
    expect(screen.queryByRole('dialog', { name: 'Your Alerts' })).toBeNull();
  });
});
