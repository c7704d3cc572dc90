import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeProfile } from '../../../../test/profiles';
import { renderWithProviders } from '../../../../test/render';
import { ProfileTabs } from './profile-tabs';

describe('ProfileTabs', () => {
  it('shows the personal info with the phone as 0XXXXXXXXX and a masked account', () => {
    renderWithProviders(<ProfileTabs profile={makeProfile()} />);
    expect(screen.getByRole('tab', { name: 'Personal Info', selected: true })).toBeTruthy();
    expect(screen.getByText('Z-1042')).toBeTruthy();
    expect(screen.getByText('0821234567')).toBeTruthy();
    expect(screen.getByText('thandi@example.co.za')).toBeTruthy();
    expect(screen.getByText('2025/03/04')).toBeTruthy();
    expect(screen.getByText('••••••7890')).toBeTruthy();
    expect(screen.getByText('Savings')).toBeTruthy();
  });

  it('masks a missing ID number', () => {
    renderWithProviders(<ProfileTabs profile={makeProfile({ identificationNo: null })} />);
    expect(screen.getByText('*************')).toBeTruthy();
  });

  it("shows 'Not specified' for an empty address value", () => {
    const profile = makeProfile();
    renderWithProviders(
      <ProfileTabs
        profile={{ ...profile, address: { ...profile.address, suburb: null, postalCode: '', city: 'Soweto' } }}
      />,
    );
    fireEvent.click(screen.getByRole('tab', { name: 'Address' }));
    expect(screen.getAllByText('Not specified')).toHaveLength(2);
    expect(screen.getByText('Soweto')).toBeTruthy();
    expect(screen.getByText('Gauteng')).toBeTruthy();
  });

  it("shows 'No Products Selected' and 'No Suppliers Selected' when there are none", () => {
    renderWithProviders(<ProfileTabs profile={makeProfile({ productTypes: [], suppliers: [] })} />);
    fireEvent.click(screen.getByRole('tab', { name: 'Services' }));
    expect(screen.getByText('No Products Selected')).toBeTruthy();
    expect(screen.getByText('No Suppliers Selected')).toBeTruthy();
  });

  it('lists the product types and suppliers', () => {
    renderWithProviders(<ProfileTabs profile={makeProfile()} />);
    fireEvent.click(screen.getByRole('tab', { name: 'Services' }));
    expect(screen.getByText('Fibre')).toBeTruthy();
    expect(screen.getByText('Metro Fibre')).toBeTruthy();
    expect(screen.queryByText('No Products Selected')).toBeNull();
  });
});
