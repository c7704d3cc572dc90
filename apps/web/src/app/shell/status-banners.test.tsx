import { WAITING_MESSAGES } from '@portal/domain/accounts/waiting';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { makeUser } from '../../test/users';
import { UNIVERSITY_WARNING, UniversityWarning, WaitingBanner } from './status-banners';

describe('WaitingBanner', () => {
  it.each(Object.entries(WAITING_MESSAGES))('shows the message for %s with Refresh Page', (reason, message) => {
    renderWithProviders(
      <WaitingBanner
        user={makeUser({
          waiting: { isWaiting: true, reason: reason as keyof typeof WAITING_MESSAGES },
        })}
      />,
    );
    expect(screen.getByText(message)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Refresh Page' })).toBeTruthy();
  });

  it('shows nothing for a user who is not waiting', () => {
    renderWithProviders(<WaitingBanner user={makeUser()} />);
    expect(screen.queryByRole('button', { name: 'Refresh Page' })).toBeNull();
  });
});

describe('UniversityWarning', () => {
  it("asks user type 1 with university status 101 to finish training, with 'Do training'", () => {
    renderWithProviders(<UniversityWarning user={makeUser({ refsTypeId: 1, universityStatus: 101 })} />);
    expect(screen.getByText(UNIVERSITY_WARNING)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Do training' }).getAttribute('href')).toBe('/training');
  });

  it('stays away for other statuses and other user types', () => {
    renderWithProviders(
      <>
        <UniversityWarning user={makeUser({ refsTypeId: 1, universityStatus: 0 })} />
        <UniversityWarning user={makeUser({ refsTypeId: 2, universityStatus: 101 })} />
        <UniversityWarning user={makeUser({ refsTypeId: 1, universityStatus: null })} />
      </>,
    );
    expect(screen.queryByText(UNIVERSITY_WARNING)).toBeNull();
  });
});
