import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { makeUser } from '../../test/users';
import { DrawerContent } from './drawer-content';

function menuEntries(): string[] {
  const menu = screen.getByRole('list', { name: 'Main menu' });
  return within(menu)
    .getAllByRole('listitem')
    .map((item) => item.textContent?.trim() ?? '');
}

describe('side menu', () => {
  it('admin with Users Management and Outbox', () => {
    renderWithProviders(
      <DrawerContent user={makeUser({ isAdmin: true, role: 'admin', features: ['Users Management', 'Outbox'] })} />,
    );
    expect(menuEntries()).toEqual([
      'Dashboard',
      'Manage People',
      'University',
      'Alerts',
      'Admin',
      'Outbox',
      'Profile',
      'Logout',
    ]);
    expect(screen.getByText('Admin', { selector: '.MuiChip-label' })).toBeTruthy();
  });

  it('admin without Users Management or Outbox has neither entry', () => {
    renderWithProviders(<DrawerContent user={makeUser({ isAdmin: true, role: 'admin', features: ['Deals'] })} />);
    expect(menuEntries()).toEqual(['Dashboard', 'University', 'Alerts', 'Admin', 'Profile', 'Logout']);
  });

  it('leader', () => {
    renderWithProviders(<DrawerContent user={makeUser({ isLeader: true, role: 'leader' })} />);
    expect(menuEntries()).toEqual(['Dashboard', 'Your Team', 'University', 'Profile', 'Alerts', 'Logout']);
    expect(screen.queryByText('Admin', { selector: '.MuiChip-label' })).toBeNull();
  });

  it('agent', () => {
    renderWithProviders(<DrawerContent user={makeUser()} />);
    expect(menuEntries()).toEqual(['Dashboard', 'University', 'Profile', 'Logout']);
  });

  it('waiting user', () => {
    renderWithProviders(
      <DrawerContent
        user={makeUser({ lifecycleStatusId: 1, waiting: { isWaiting: true, reason: 'awaiting_approval' } })}
      />,
    );
    expect(menuEntries()).toEqual(['Home', 'University', 'Profile', 'Logout']);
  });

  it('shows the Z-code, the name and the version label', () => {
    renderWithProviders(<DrawerContent user={makeUser()} />);
    expect(screen.getByRole('button', { name: 'Copy dealer code Z-1042' })).toBeTruthy();
    expect(screen.getByText('Thandi Mokoena')).toBeTruthy();
    expect(screen.getByText('V 2.0.0')).toBeTruthy();
  });

  it('links each entry to its page', () => {
    renderWithProviders(<DrawerContent user={makeUser({ isLeader: true, role: 'leader' })} />);
    expect(screen.getByRole('link', { name: 'Your Team' }).getAttribute('href')).toBe('/manage-dealers');
    expect(screen.getByRole('link', { name: 'University' }).getAttribute('href')).toBe('/training');
    expect(screen.getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe('page');
  });
});
