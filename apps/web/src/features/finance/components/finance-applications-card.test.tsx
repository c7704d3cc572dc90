import { FINANCE_MESSAGES } from '@portal/domain/finance';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/profiles';
import { renderWithProviders } from '../../../test/render';
import { makeUser } from '../../../test/users';
import { FinanceApplicationsCard } from './finance-applications-card';

const financeAdmin = makeUser({ id: 7, role: 'admin', isAdmin: true, features: ['Users Management'] });

function render(userId: number, active = true) {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async () => json({ items: [], page: 1, pageSize: 5, total: 0 }));
  return renderWithProviders(
    <FinanceApplicationsCard userId={userId} dealerName={`Z-${userId}: Someone`} active={active} />,
    {
      user: financeAdmin,
    },
  );
}

afterEach(() => vi.restoreAllMocks());

describe('FinanceApplicationsCard (decision 073)', () => {
  it('offers both applications on another dealer', async () => {
    render(3);
    expect(await screen.findByRole('button', { name: 'New Support Application' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New Credit Application' })).toBeTruthy();
  });

  it('shows the lists but no new application on one’s own page', async () => {
    render(financeAdmin.id);
    expect(await screen.findByRole('heading', { name: 'Finance Applications' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New Support Application' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'New Credit Application' })).toBeNull();
  });

  it('shows the lists but no new application for a dealer who is not active (decision 077)', async () => {
    render(3, false);
    expect(await screen.findByText(FINANCE_MESSAGES.applicantNotActive)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New Support Application' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'New Credit Application' })).toBeNull();
  });
});
