import type { ApprovalDetail } from '@portal/domain/approvals/approvals';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { json, referenceLists } from '../../../test/profiles';
import { renderWithProviders } from '../../../test/render';
import { ApprovalDetailPage } from './approval-detail-page';

/** This machine is busy while the suites run side by side: allow more than the default second. */
const WAIT = { timeout: 5000 };

function detail(overrides: Partial<ApprovalDetail> = {}): ApprovalDetail {
  return {
    id: 57,
    zCode: 'Z-57',
    status: 5,
    statusLabel: 'Declined',
    declineReason: 'The street address is incomplete.',
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
    canDecide: false,
    canResubmit: true,
    ...overrides,
  };
}

function renderPage(answer: ApprovalDetail, onPost: (url: string, init?: RequestInit) => Response = () => json({})) {
  const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.startsWith('/api/reference-lists')) return json(referenceLists);
    if (init?.method && init.method !== 'GET') return onPost(url, init);
    if (url.startsWith('/api/approvals/57')) return json(answer);
    return json({}, 404);
  });
  renderWithProviders(
    <Routes>
      <Route path="/approval-detail/:id" element={<ApprovalDetailPage />} />
      <Route path="/approvals" element={<h1>Approvals list</h1>} />
      <Route path="/manage-dealers" element={<h1>Manage Teams</h1>} />
    </Routes>,
    { route: '/approval-detail/57' },
  );
  return fetchSpy;
}

describe('ApprovalDetailPage (spec 1 §2.11a, spec 2 §4)', { timeout: 60_000 }, () => {
  it("is titled 'Agent Creation Request' and resubmits only after an edit, then goes to '/approvals'", async () => {
    const fetchSpy = renderPage(detail(), () =>
      json({ id: 57, status: 1, message: 'Request resubmitted for approval.' }),
    );
    expect(await screen.findByRole('heading', { name: 'Agent Creation Request' }, WAIT)).toBeTruthy();
    expect(screen.getByText('The street address is incomplete.')).toBeTruthy();
    const button = screen.getByRole('button', { name: 'Resubmit Request' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    fireEvent.change(screen.getByRole('textbox', { name: 'Street address' }), {
      target: { value: 'Unit 7, 4 Florida Road' },
    });
    await waitFor(() => expect(button.disabled).toBe(false), WAIT);
    fireEvent.click(button);
    expect(await screen.findByRole('heading', { name: 'Approvals list' }, WAIT)).toBeTruthy();
    const put = fetchSpy.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(put?.[0]).toBe('/api/approvals/57/resubmit');
    expect(JSON.parse(String(put?.[1]?.body))).toMatchObject({ street: 'Unit 7, 4 Florida Road', phone: '0761234567' });
  });

  it('keeps a pending request read-only', async () => {
    renderPage(detail({ status: 1, statusLabel: 'Pending', canResubmit: false }));
    expect(await screen.findByText('This request is pending approval.', {}, WAIT)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Resubmit Request' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('textbox', { name: 'Street address' }) as HTMLInputElement).disabled).toBe(true);
  });

  it("says 'Failed to send approval email' when the approval stood but the e-mail did not go", async () => {
    renderPage(detail({ status: 1, statusLabel: 'Pending', canDecide: true, canResubmit: false }), () =>
      json({ id: 57, status: 2, emailSent: false, message: 'Failed to send approval email' }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Approve' }, WAIT));
    expect(await screen.findByText('Failed to send approval email', {}, WAIT)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Manage Teams' })).toBeNull();
  });

  it('needs a reason to decline', async () => {
    const fetchSpy = renderPage(
      detail({ status: 1, statusLabel: 'Pending', canDecide: true, canResubmit: false }),
      () => json({ id: 57, status: 5, message: 'Request declined.' }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Decline' }, WAIT));
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    fireEvent.click(dialog.querySelector('button.MuiButton-contained') as HTMLButtonElement);
    expect(await screen.findByText('Please give a reason for declining this request.', {}, WAIT)).toBeTruthy();
    expect(fetchSpy.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    fireEvent.change(screen.getByRole('textbox', { name: 'Reason' }), { target: { value: 'Blurry ID photo' } });
    fireEvent.click(dialog.querySelector('button.MuiButton-contained') as HTMLButtonElement);
    expect(await screen.findByRole('heading', { name: 'Approvals list' }, WAIT)).toBeTruthy();
    const post = fetchSpy.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(post?.[0]).toBe('/api/approvals/57/decline');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ reason: 'Blurry ID photo' });
  });
});
