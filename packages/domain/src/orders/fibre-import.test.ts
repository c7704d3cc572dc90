import { describe, expect, it } from 'vitest';
import { checkFibreRow, missingFibreColumns, parseFibreDate } from './fibre-import.ts';

const good = {
  agent_identification: 'Z-12',
  id: 'ORD-1',
  customer_status_1: '',
  customer_account_number: 'ACC-1',
  customer_name: ' Nomsa Dube ',
  order_created_date: '2026-11-01',
  order_paid_date: '2026/11/02',
  order_installation_date: '2026-11-03 10:15:00',
  supplier_activation_date: '',
  product: 'Fibre 50',
  region: 'Gauteng',
};

describe('parseFibreDate', () => {
  it('reads ISO dates, slashes and a trailing time', () => {
    expect(parseFibreDate('2026-02-28')).toBe('2026-02-28');
    expect(parseFibreDate('2026/02/28')).toBe('2026-02-28');
    expect(parseFibreDate('2026-02-28T08:00:00Z')).toBe('2026-02-28');
  });
  it('refuses impossible and foreign dates', () => {
    expect(parseFibreDate('2026-02-30')).toBeUndefined();
    expect(parseFibreDate('2026-13-01')).toBeUndefined();
    expect(parseFibreDate('31/01/2026')).toBeUndefined();
    expect(parseFibreDate('yesterday')).toBeUndefined();
  });
});

describe('checkFibreRow', () => {
  it('accepts a full row; empty cells become null, cells are trimmed, dates normalised', () => {
    const result = checkFibreRow(good);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.row.customer_status_1).toBeNull();
    expect(result.row.customer_phone).toBeNull();
    expect(result.row.customer_name).toBe('Nomsa Dube');
    expect(result.row.order_paid_date).toBe('2026-11-02');
    expect(result.row.order_installation_date).toBe('2026-11-03');
    expect(result.row.supplier_activation_date).toBeNull();
  });
  it('names every missing required cell', () => {
    const result = checkFibreRow({ ...good, region: ' ', customer_account_number: '' });
    expect(result).toEqual({ ok: false, reason: 'Missing customer_account_number, region' });
  });
  it('rejects an invalid date, an optional one included', () => {
    const result = checkFibreRow({ ...good, order_paid_date: '2026-02-31', supplier_activation_date: 'soon' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.reason).toContain('order_paid_date "2026-02-31"');
    expect(result.reason).toContain('supplier_activation_date "soon"');
  });
  it('reads header names case-insensitively', () => {
    expect(checkFibreRow({ ...good, Region: 'KZN', region: undefined }).ok).toBe(true);
  });
});

describe('missingFibreColumns', () => {
  it('lists the required columns the header lacks', () => {
    expect(missingFibreColumns(['ID', 'agent_identification', 'product'])).toEqual([
      'customer_account_number',
      'order_created_date',
      'order_paid_date',
      'order_installation_date',
      'region',
    ]);
  });
});
