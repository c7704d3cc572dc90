import { describe, expect, it } from 'vitest';
import { DealProductRequest, DealRequest, missingDealFieldsMessage, RATE_FIELDS, rateLabel } from './deals.ts';

const deal = { dealName: 'Winter', dealDescription: 'Free install', supplierId: 1, productTypeId: 2, dealTypeId: 1 };
const rates = Object.fromEntries(RATE_FIELDS.map((field) => [field, '10']));

describe('the deal form (spec 3 §5.1)', () => {
  it('lists exactly the missing fields in the form order', () => {
    expect(missingDealFieldsMessage(deal)).toBe('');
    expect(missingDealFieldsMessage({ ...deal, dealName: ' ', dealTypeId: null })).toBe(
      'Please fill in the following required fields: Deal Name, Deal Type',
    );
    const result = DealRequest.safeParse({ ...deal, supplierId: null, dealDescription: '' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['root', 'Please fill in the following required fields: Deal Description, Supplier'],
    ]);
  });

  it('labels the rates User Rate 1–4 and Leader Rate 1–7', () => {
    expect(RATE_FIELDS.map(rateLabel)).toEqual([
      'User Rate 1',
      'User Rate 2',
      'User Rate 3',
      'User Rate 4',
      ...[1, 2, 3, 4, 5, 6, 7].map((level) => `Leader Rate ${level}`),
    ]);
  });

  it('takes whole numbers, typed or sent, and names the rate of anything else', () => {
    const parsed = DealProductRequest.parse({ productId: 5, ...rates, userRate2: 7, leaderRate7: ' 3 ' });
    expect(parsed).toMatchObject({ productId: 5, userRate1: 10, userRate2: 7, leaderRate7: 3 });
    for (const bad of ['', '1.5', '1e3', '-2', 'ten', 2.5, -1]) {
      const result = DealProductRequest.safeParse({ productId: 5, ...rates, leaderRate4: bad });
      expect(result.error?.issues.map((issue) => issue.message)).toEqual([
        'Please enter a valid number for Leader Rate 4.',
      ]);
    }
    const noProduct = DealProductRequest.safeParse({ productId: null, ...rates });
    expect(noProduct.error?.issues.map((issue) => issue.message)).toEqual(['Please select a product.']);
  });
});
