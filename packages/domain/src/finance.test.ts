import { describe, expect, it } from 'vitest';
import {
  availableCents,
  CreditApplicationForm,
  FINANCE_MESSAGES,
  parseRand,
  SupportApplicationForm,
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
