import { describe, expect, it } from 'vitest';
import {
  availableCents,
  CreditApplicationForm,
  FINANCE_MESSAGES,
  NewCreditApplication,
  parseRand,
  SupportApplicationForm,
  smallestMonthlyPaymentCents,
  toCreditRequest,
} from './finance.ts';

describe('finance forms', () => {
  it('reads rand as typed into cents', () => {
    expect(parseRand('1500')).toBe(150_000);
    expect(parseRand('1 500,50')).toBe(150_050);
    expect(parseRand('R 99.9')).toBe(9_990);
    expect(parseRand('12abc')).toBeUndefined();
    expect(parseRand('1.234')).toBeUndefined();
  });

  it('never makes available credit negative', () => {
    expect(availableCents(1_000_000, 300_000)).toBe(700_000);
    expect(availableCents(500_000, 800_000)).toBe(0);
  });

  it('refuses a sixth support item with the limit’s message', () => {
    const six = Array.from({ length: 6 }, () => ({ type: 'Advance' as const, value: '10' }));
    const result = SupportApplicationForm.safeParse({ items: six });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(FINANCE_MESSAGES.tooManyItems);
  });

  it('sends no cosigner code when the answer is No', () => {
    const form = {
      creditType: 'Advance' as const,
      cosigner: 'no' as const,
      cosignerCode: 'Z-12',
      requestValue: '1000',
      assetType: '',
      assetDescription: '',
      assetUniqueNumber: '',
      months: '3',
      monthlyPayment: '350',
    };
    expect(CreditApplicationForm.safeParse(form).success).toBe(true);
    expect(toCreditRequest(form)).toMatchObject({ hasCosigner: false, cosignerCode: null, requestValueCents: 100_000 });
    const yes = CreditApplicationForm.safeParse({ ...form, cosigner: 'yes', cosignerCode: '' });
    expect(yes.error?.issues.map((issue) => issue.message)).toContain(FINANCE_MESSAGES.cosignerRequired);
  });
});

describe('payments cover the request value (decision 077)', () => {
  const form = {
    creditType: 'Advance' as const,
    cosigner: 'no' as const,
    cosignerCode: '',
    requestValue: '5000',
    assetType: '',
    assetDescription: '',
    assetUniqueNumber: '',
    months: '6',
    monthlyPayment: '1',
  };
  const request = {
    creditType: 'Advance' as const,
    hasCosigner: false,
    cosignerCode: null,
    requestValueCents: 500_000,
    assetType: null,
    assetDescription: null,
    assetUniqueNumber: null,
    months: 6,
    monthlyPaymentCents: 100,
  };
  const short = FINANCE_MESSAGES.paymentsShort(83_334, 6);

  it('refuses R 5 000 over 6 months at R 1 a month, on the monthly payment, in the form and the request', () => {
    expect(smallestMonthlyPaymentCents(500_000, 6)).toBe(83_334);
    expect(short).toMatch(/^The monthly payment must be at least R\s?833,34 to repay the request value in 6 months\.$/);
    const typed = CreditApplicationForm.safeParse(form);
    expect(typed.error?.issues).toEqual([expect.objectContaining({ path: ['monthlyPayment'], message: short })]);
    const sent = NewCreditApplication.safeParse(request);
    expect(sent.error?.issues).toEqual([expect.objectContaining({ path: ['monthlyPaymentCents'], message: short })]);
  });

  it('takes payments that just cover it, in cents as in rand', () => {
    expect(CreditApplicationForm.safeParse({ ...form, monthlyPayment: '833,33' }).success).toBe(false);
    expect(CreditApplicationForm.safeParse({ ...form, monthlyPayment: '833,34' }).success).toBe(true);
    expect(NewCreditApplication.safeParse({ ...request, monthlyPaymentCents: 83_333 }).success).toBe(false);
    expect(NewCreditApplication.safeParse({ ...request, monthlyPaymentCents: 83_334 }).success).toBe(true);
    expect(NewCreditApplication.safeParse({ ...request, months: 1, monthlyPaymentCents: 500_000 }).success).toBe(true);
    expect(FINANCE_MESSAGES.paymentsShort(500_000, 1)).toContain('in 1 month.');
  });

  it('says nothing of it while a figure is missing or not a number (those have their own messages)', () => {
    for (const broken of [{ requestValue: '12abc' }, { months: '' }, { months: '0' }, { monthlyPayment: '' }]) {
      const result = CreditApplicationForm.safeParse({ ...form, ...broken });
      expect(result.error?.issues.map((issue) => issue.message)).not.toContain(short);
    }
  });
});
