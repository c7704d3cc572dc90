import { FINANCE_MESSAGES } from '@portal/domain/finance';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/profiles';
import { renderWithProviders } from '../../../test/render';
import { makeUser } from '../../../test/users';
import { CreditApplicationDialog } from './credit-application-dialog';

const WAIT = { timeout: 5000 };
const financeAdmin = makeUser({ id: 7, role: 'admin', isAdmin: true, features: ['Users Management'] });

afterEach(() => vi.restoreAllMocks());

describe('CreditApplicationDialog (decision 077)', () => {
  it('names a monthly payment that does not repay the request value under the field, and sends nothing', async () => {
    const calls: string[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      calls.push(`${init?.method ?? 'GET'} ${String(input)}`);
      return json({
        tier: 1,
        maxCreditCents: 500_000,
        months: 6,
        maximumMonthlyPaymentCents: 100_000,
        outstandingCreditCents: 0,
        availableCreditCents: 500_000,
      });
    });
    renderWithProviders(
      <CreditApplicationDialog userId={3} dealerName="Z-3: Thabo Nkosi" open onClose={() => {}} onCreated={() => {}} />,
      { user: financeAdmin },
    );
    expect(await screen.findByText(/Available credit: R/, {}, WAIT)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Credit type'), { target: { value: 'Advance' } });
    fireEvent.change(screen.getByLabelText('Request Value'), { target: { value: '5000' } });
    fireEvent.change(screen.getByLabelText('Months'), { target: { value: '6' } });
    fireEvent.change(screen.getByLabelText('Monthly payment'), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit application' }));

    // formatRand's spaces are no-break spaces; the page's text is matched with plain ones.
    const message = FINANCE_MESSAGES.paymentsShort(83_334, 6).replace(/\s+/g, ' ');
    expect(await screen.findByText(message, {}, WAIT)).toBeTruthy();
    expect(screen.getByLabelText('Monthly payment').getAttribute('aria-invalid')).toBe('true');
    expect(calls.filter((call) => call.startsWith('POST'))).toEqual([]);
  });
});
