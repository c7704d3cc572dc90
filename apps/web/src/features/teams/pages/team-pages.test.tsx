import type { TeamMember, TeamPage } from '@portal/domain/teams/team-list';
import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { makeUser } from '../../../test/users';
import { DownstreamPage, PHONE_TIP, SEARCH_PLACEHOLDER } from './downstream-page';
import { ManageDealersPage } from './manage-dealers-page';

const member = (overrides: Partial<TeamMember>): TeamMember => ({
  id: 7,
  zCode: 'Z-7',
  firstName: 'Thabo',
  surname: 'Nkosi',
  lifecycleStatusId: 2,
  phone: '+27829990001',
  email: 'thabo@mail.test',
  parent: null,
  emailVerified: true,
  phoneVerified: false,
  isLeader: false,
  isAdmin: false,
  ...overrides,
});

function page(rows: TeamMember[], totalCount: number): TeamPage {
  return {
    data: rows,
    pagination: {
      page: 1,
      limit: 50,
      totalCount,
      filteredCount: rows.length,
      totalPages: 1,
      hasNextPage: false,
      hasPrevPage: false,
      startRecord: rows.length ? 1 : 0,
      endRecord: rows.length,
      nextCursor: null,
    },
    query: { search: '', statusFilter: 0, executionTime: 1 },
  };
}

function answer(body: unknown) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response(JSON.stringify(body)));
}

const leader = makeUser({ isLeader: true, role: 'leader' });
const rows = [
  member({}),
  member({
    id: 9,
    zCode: 'Z-9',
    firstName: 'Ina',
    surname: 'Inactive',
    lifecycleStatusId: 3,
    phone: '+27829990002',
    parent: { id: 7, zCode: 'Z-7', name: 'Thabo Nkosi' },
  }),
];

describe('Manage Teams page', () => {
  it("tells an agent they don't have access", async () => {
    const fetch = answer({});
    renderWithProviders(<ManageDealersPage />, { user: makeUser(), route: '/manage-dealers' });
    expect(await screen.findByText("You don't have access to this page")).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows a leader their team with the spec columns and no admin buttons', async () => {
    const fetch = answer(page(rows, 2));
    renderWithProviders(<ManageDealersPage />, { user: leader, route: '/manage-dealers' });
    expect(await screen.findByRole('heading', { name: 'Manage Teams' })).toBeTruthy();
    const grid = await screen.findByRole('grid', { name: 'Team members' });
    expect(await within(grid).findByRole('link', { name: 'Z-7: Thabo Nkosi' })).toBeTruthy();
    expect(within(grid).getByText('0829990001')).toBeTruthy();
    expect(within(grid).getByText('Top Level')).toBeTruthy();
    expect(within(grid).getByText('Z-7: Thabo Nkosi', { selector: '[role="gridcell"]' })).toBeTruthy();
    expect(within(grid).getByText('Active')).toBeTruthy();
    expect(within(grid).getByText('Inactive')).toBeTruthy();
    expect(within(grid).getByRole('link', { name: 'Downstream of Z-9' }).getAttribute('href')).toBe(
      '/child-dealer-downstream/9',
    );
    expect(within(grid).getByRole('link', { name: 'Details of Z-9' }).getAttribute('href')).toBe('/user-detail/9');
    expect(screen.getByRole('link', { name: 'Create User' }).getAttribute('href')).toBe('/users/create');
    expect(screen.queryByRole('link', { name: 'Approvals' })).toBeNull();
    expect(screen.queryByRole('toolbar', { name: 'Bulk update' })).toBeNull();
    expect(String(fetch.mock.calls[0]?.[0])).toBe('/api/teams/dealers?page=1&pageSize=50');
  });

  it('gives admins the Approvals button and the bulk update bar', async () => {
    answer(page(rows, 2));
    renderWithProviders(<ManageDealersPage />, {
      user: makeUser({ isAdmin: true, role: 'admin', features: ['Users Management'] }),
      route: '/manage-dealers',
    });
    expect((await screen.findByRole('link', { name: 'Approvals' })).getAttribute('href')).toBe('/approvals');
    const bar = screen.getByRole('toolbar', { name: 'Bulk update' });
    expect(within(bar).getByRole('button', { name: 'Mark As Inactive' })).toHaveProperty('disabled', true);
  });
});

describe('Downstream page', () => {
  it('shows the toolbar, the tip and the footer of spec 1 §2.9', async () => {
    const fetch = answer({ ...page(rows, 5), dealer: { id: 3, zCode: 'Z-3', firstName: 'Lwazi', surname: 'Leader' } });
    renderWithProviders(
      <Routes>
        <Route path="/child-dealer-downstream/:dealerId" element={<DownstreamPage />} />
      </Routes>,
      { user: leader, route: '/child-dealer-downstream/3' },
    );
    expect(await screen.findByText('Everyone below Z-3: Lwazi Leader')).toBeTruthy();
    expect(screen.getByPlaceholderText(SEARCH_PLACEHOLDER)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Search' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Clear All' })).toBeTruthy();
    expect(screen.getByLabelText('Lifecycle Status')).toBeTruthy();
    expect(screen.getByText(PHONE_TIP)).toBeTruthy();
    expect(screen.getByText('Filtered: 2')).toBeTruthy();
    expect(await screen.findByText('Showing 1-2 of 2 results | Total dealers: 5')).toBeTruthy();
    expect(screen.getByText('Records per page:')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy();
    expect(String(fetch.mock.calls[0]?.[0])).toBe('/api/teams/downstream/3?page=1&pageSize=50');
  });

  it("shows 'No Rows' for an empty downstream", async () => {
    answer({ ...page([], 0), dealer: { id: 3, zCode: 'Z-3', firstName: 'Lwazi', surname: 'Leader' } });
    renderWithProviders(
      <Routes>
        <Route path="/child-dealer-downstream/:dealerId" element={<DownstreamPage />} />
      </Routes>,
      { user: leader, route: '/child-dealer-downstream/3' },
    );
    expect(await screen.findByText('No Rows')).toBeTruthy();
    expect(screen.getByText('Showing 0-0 of 0 results | Total dealers: 0')).toBeTruthy();
  });
});
