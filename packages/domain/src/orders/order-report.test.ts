import { describe, expect, it } from 'vitest';
import {
  commissionStatus,
  displayCustomerPhone,
  formatLongDate,
  isInPickerWindow,
  OrderReportQuery,
  orderProgress,
  orderReportCsvLines,
  presetOf,
  presetRange,
} from './order-report.ts';

const order = {
  paidDate: null,
  activatedDate: null,
  commissionPaidDate: null,
  customerStatus1: null,
  customerStatus2: null,
};

describe('order progress (spec 2 §4)', () => {
  it('goes Placed, Paid, Activated, Commission Paid', () => {
    expect(orderProgress(order)).toBe('Placed');
    expect(orderProgress({ ...order, paidDate: '2026-11-01' })).toBe('Paid');
    expect(orderProgress({ ...order, paidDate: '2026-11-01', activatedDate: '2026-11-05' })).toBe('Activated');
    expect(orderProgress({ ...order, activatedDate: '2026-11-05', commissionPaidDate: '2026-12-01' })).toBe(
      'Commission Paid',
    );
  });
  it('shows Reactivated over everything', () => {
    expect(orderProgress({ ...order, commissionPaidDate: '2026-12-01', customerStatus2: 'Reactivation' })).toBe(
      'Reactivated',
    );
  });
  it('derives the commission status', () => {
    expect(commissionStatus(order)).toBe('not_activated');
    expect(commissionStatus({ activatedDate: '2026-11-05', commissionPaidDate: null })).toBe('activated_unpaid');
    expect(commissionStatus({ activatedDate: '2026-11-05', commissionPaidDate: '2026-12-01' })).toBeNull();
  });
});

describe('dates of the report', () => {
  it('computes the presets, weeks from Monday', () => {
    const today = '2026-11-24'; // a Tuesday
    expect(presetRange('Yesterday', today)).toEqual({ from: '2026-11-23', to: '2026-11-23' });
    expect(presetRange('This Week', today)).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(presetRange('Last Week', today)).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    expect(presetRange('This Month', today)).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(presetRange('Last Month', '2026-03-31')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(presetOf({ from: '2026-11-01', to: '2026-11-30' }, today)).toBe('This Month');
  });
  it('limits the pickers to 12 months back and ahead', () => {
    expect(isInPickerWindow('2025-11-24', '2026-11-24')).toBe(true);
    expect(isInPickerWindow('2025-11-23', '2026-11-24')).toBe(false);
    expect(isInPickerWindow('2027-11-24', '2026-11-24')).toBe(true);
    expect(isInPickerWindow('2027-11-25', '2026-11-24')).toBe(false);
  });
  it('shows dates as DD MMMM YYYY', () => {
    expect(formatLongDate('2026-11-03')).toBe('03 November 2026');
    expect(formatLongDate(null)).toBe('');
  });
});

describe('query and output', () => {
  const base = { supplierId: '1', from: '2026-11-01', to: '2026-11-30' };
  it('needs 2 characters to search; an empty search is none', () => {
    expect(OrderReportQuery.safeParse({ ...base, search: 'a' }).success).toBe(false);
    expect(OrderReportQuery.parse({ ...base, search: '  ' }).search).toBeUndefined();
    expect(OrderReportQuery.parse({ ...base, search: 'ab' }).search).toBe('ab');
    expect(OrderReportQuery.safeParse({ ...base, limit: '51' }).success).toBe(false);
  });
  it('shows phones with their leading 0 and keeps it in the CSV', () => {
    expect(displayCustomerPhone('821234567')).toBe('0821234567');
    expect(displayCustomerPhone('+27821234567')).toBe('0821234567');
    const line = orderReportCsvLines([
      {
        id: 1,
        orderNumber: 'MFC-000001',
        customerAccountNumber: '0012345',
        customerName: 'Thandi',
        customerAddress: null,
        customerPhone: '821234567',
        customerEmail: null,
        createdDate: '2026-11-03',
        paidDate: null,
        installedDate: null,
        activatedDate: null,
        commissionPaidDate: null,
        customerStatus1: null,
        customerStatus2: null,
        commissionStatus: 'not_activated',
        progress: 'Placed',
      },
    ]);
    expect(line).toContain('"=""0012345"""');
    expect(line).toContain('"=""0821234567"""');
    expect(line).toContain('03 November 2026');
  });
});
