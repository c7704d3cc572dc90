import type { ApprovalDetail } from '@portal/domain/approvals/approvals';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/profiles';
import { renderWithProviders } from '../../../test/render';
import { PendingApprovalPanel } from './pending-approval-panel';

/** This machine is busy while the suites run side by side: allow more than the default second. */
const WAIT = { timeout: 5000 };

afterEach(() => vi.restoreAllMocks());

function detail(overrides: Partial<ApprovalDetail> = {}): ApprovalDetail {
  return {
    id: 57,
    zCode: 'Z-57',
    status: 1,
    statusLabel: 'Pending',
    declineReason: null,
    email: 'sipho@example.test',
    emailVerified: true,
    phoneVerified: true,
    createdAt: '2025-11-20T08:00:00.000Z',
    resubmittedAt: null,
    submittedBy: { id: 2, zCode: 'Z-2', name: 'Lwazi Leader' },
    parent: { id: 2, zCode: 'Z-2', name: 'Lwazi Leader' },
    request: {
      firstName: 'Sipho',
      surname: 'Ndlovu',
      identificationNo: 'A1234567',
      refsIdentityDocType: 'PASSPORT',
      refsGender: 'M',
      nationality: 'ZAF',
      phone: '+27761234567',
      altPhone: null,
      operatorId: null,
      dateOfBirth: '1990-08-09',
      passportExpiryDate: '2031-01-01',
      street: '4 Florida Road',
      suburb: 'Morningside',
      city: 'Durban',
      province: 'GP',
      country: 'ZAF',
      idPhotoUrl: '/api/files/0b7c5a52-6f7e-4f0c-9d55-2c8b1b6a9d10',
      personPhotoUrl: '/api/files/1b7c5a52-6f7e-4f0c-9d55-2c8b1b6a9d10',
    },
    canDecide: true,
    canResubmit: false,
    ...overrides,
  };
}

describe('PendingApprovalPanel (manage-user screen of a pending user)', { timeout: 60_000 }, () => {
  it('keeps saying the approval e-mail did not go after the request reloads as approved', async () => {
    let approved = false;
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = String(input);
      if (init?.method === 'POST' && url === '/api/approvals/57/approve') {
        approved = true;
        return json({ id: 57, status: 2, emailSent: false, message: 'Failed to send approval email' });
      }
      if (url.startsWith('/api/approvals/57')) {
        return json(approved ? detail({ status: 2, statusLabel: 'Approved', canDecide: false }) : detail());
      }
      return json({}, 404);
    });
    renderWithProviders(<PendingApprovalPanel userId={57} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Approve' }, WAIT));
    expect(await screen.findByText('Failed to send approval email', {}, WAIT)).toBeTruthy();
    // The approvals reload after the decision: the request now reads approved and the buttons go.
    const reads = () =>
      fetchSpy.mock.calls.filter(([url, init]) => String(url) === '/api/approvals/57' && init?.method !== 'POST');
    await waitFor(() => expect(reads().length).toBeGreaterThanOrEqual(2), WAIT);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull(), WAIT);
    expect(screen.getByText('Failed to send approval email')).toBeTruthy();
    expect(screen.getByText(/Please let them know their agent code Z-57 yourself\./)).toBeTruthy();
  });
});
