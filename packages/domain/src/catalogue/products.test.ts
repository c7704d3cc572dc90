import { describe, expect, it } from 'vitest';
import {
  isOgrPercent,
  isPositiveMoney,
  ogrFractionToPercent,
  ogrPercentToFraction,
  PRODUCT_MESSAGES,
  ProductRequest,
  priceExclCentsToInclCents,
  priceInclVatToExclCents,
  productStatusLabel,
  UNKNOWN_PRODUCT_STATUS,
} from './products.ts';

describe('product money and percentages', () => {
  it('keeps a price typed with VAT without it, in cents, and shows it again with VAT', () => {
    expect(priceInclVatToExclCents('115.00')).toBe(10000);
    expect(priceInclVatToExclCents('99.99')).toBe(8695);
    expect(priceExclCentsToInclCents(10000)).toBe(11500);
    expect(priceExclCentsToInclCents(8695)).toBe(9999);
  });

  it('accepts positive amounts with at most two decimals', () => {
    expect(['1', '115.00', '0.5', '1234567.89'].every(isPositiveMoney)).toBe(true);
    expect(['0', '0.00', '-1', '1.234', '1,50', 'abc', ''].some(isPositiveMoney)).toBe(false);
  });

  it('keeps the OGR slider value as a fraction: 7.5 % is 0.075', () => {
    expect(ogrPercentToFraction(7.5)).toBe('0.075');
    expect(ogrPercentToFraction(20)).toBe('0.200');
    expect(ogrFractionToPercent('0.075')).toBe(7.5);
    expect([0, 0.5, 7.5, 20].every(isOgrPercent)).toBe(true);
    expect([-0.5, 7.3, 20.5, Number.NaN].some(isOgrPercent)).toBe(false);
  });

  it("shows status 1 by name and anything else as 'Unknown Status - Please Update'", () => {
    expect(productStatusLabel(1, 'Active')).toBe('Active');
    expect(productStatusLabel(2, 'Discontinued')).toBe(UNKNOWN_PRODUCT_STATUS);
    expect(productStatusLabel(null, null)).toBe(UNKNOWN_PRODUCT_STATUS);
  });
});

describe('ProductRequest', () => {
  const valid = {
    displayName: 'Fibre 50',
    refsProductTypeId: '1',
    suppliersMasterId: '2',
    customerPrice: '115',
    totalCommission: '10.50',
    ogrPercentage: 7.5,
    revenuePoints: '3',
    refsProductStatusId: '1',
  };
  it('reads the form as typed', () => {
    expect(ProductRequest.parse(valid)).toMatchObject({ refsProductTypeId: 1, suppliersMasterId: 2, revenuePoints: 3 });
  });

  it('asks for a product type before a supplier, and for a status', () => {
    const result = ProductRequest.safeParse({ ...valid, refsProductTypeId: '', refsProductStatusId: '' });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['refsProductStatusId', PRODUCT_MESSAGES.status],
      ['refsProductTypeId', PRODUCT_MESSAGES.type],
      ['suppliersMasterId', PRODUCT_MESSAGES.typeFirst],
    ]);
  });

  it("says 'Please enter a valid number.' for money it cannot read", () => {
    const result = ProductRequest.safeParse({ ...valid, customerPrice: '1.999', totalCommission: '0' });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      PRODUCT_MESSAGES.number,
      PRODUCT_MESSAGES.number,
    ]);
  });
});
