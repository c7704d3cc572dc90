import { describe, expect, it } from 'vitest';
import { cardState, defaultTab, isTabEnabled, shownTabs, supplierCardHref } from './supplier-page.ts';

const none = { reports: false, salesAssist: false, agentAssist: false, orderNotes: false };

describe('supplier page tabs (spec 2 "Supplier page")', () => {
  it('enables Reports only when the supplier has reports', () => {
    expect(isTabEnabled({ ...none, reports: true }, 'reports')).toBe(true);
    expect(isTabEnabled(none, 'reports')).toBe(false);
  });
  it('always enables Links', () => {
    expect(isTabEnabled(none, 'links')).toBe(true);
  });
  it('enables Sales Assist with sales_assist', () => {
    expect(isTabEnabled({ ...none, salesAssist: true }, 'sales-assist')).toBe(true);
    expect(isTabEnabled(none, 'sales-assist')).toBe(false);
  });
  it('enables Agent Support with agent_assist', () => {
    expect(isTabEnabled({ ...none, agentAssist: true }, 'agent-support')).toBe(true);
    expect(isTabEnabled(none, 'agent-support')).toBe(false);
  });
  it('enables Sales notes with order_notes', () => {
    expect(isTabEnabled({ ...none, orderNotes: true }, 'sales-notes')).toBe(true);
    expect(isTabEnabled(none, 'sales-notes')).toBe(false);
  });
  it('defaults to Reports when enabled, otherwise Links', () => {
    expect(defaultTab({ ...none, reports: true })).toBe('reports');
    expect(defaultTab(none)).toBe('links');
  });
  it('shows only enabled tabs whose content exists', () => {
    expect(shownTabs({ ...none, reports: true }, ['reports'])).toEqual({ tabs: ['reports'], initial: 'reports' });
    expect(shownTabs(none, ['reports'])).toEqual({ tabs: [], initial: null });
    expect(shownTabs({ ...none, salesAssist: true }, ['reports', 'sales-assist'])).toEqual({
      tabs: ['sales-assist'],
      initial: 'sales-assist',
    });
    expect(shownTabs({ ...none, reports: true }, ['links', 'reports']).tabs).toEqual(['reports', 'links']);
  });
});

describe('dashboard cards (spec 2 "Dashboard")', () => {
  const agent = { isAdmin: false, linkedSupplierIds: [1, 2] };
  it('hides status 3 from everyone, admins included', () => {
    expect(cardState({ id: 1, supplierStatus: 3 }, agent)).toBe('hidden');
    expect(cardState({ id: 1, supplierStatus: 3 }, { isAdmin: true, linkedSupplierIds: [] })).toBe('hidden');
  });
  it("shows a normal user's own suppliers as active, other status-1 ones as Not Registered, hides other status 2", () => {
    expect(cardState({ id: 2, supplierStatus: 2 }, agent)).toBe('active');
    expect(cardState({ id: 1, supplierStatus: 1 }, agent)).toBe('active');
    expect(cardState({ id: 5, supplierStatus: 1 }, agent)).toBe('not-registered');
    expect(cardState({ id: 6, supplierStatus: 2 }, agent)).toBe('hidden');
  });
  it('shows admins every supplier but hidden ones, all active', () => {
    expect(cardState({ id: 6, supplierStatus: 2 }, { isAdmin: true, linkedSupplierIds: new Set() })).toBe('active');
  });
  it('links to the supplier page, or to a safe custom page address', () => {
    expect(supplierCardHref({ id: 4, customPage: false, customPageUrl: 'https://x.test' })).toBe('/Supplier/4');
    expect(supplierCardHref({ id: 4, customPage: true, customPageUrl: 'https://x.test/a' })).toBe('https://x.test/a');
    expect(supplierCardHref({ id: 4, customPage: true, customPageUrl: '/agent-dash/fibre' })).toBe('/agent-dash/fibre');
    expect(supplierCardHref({ id: 4, customPage: true, customPageUrl: 'javascript:alert(1)' })).toBe('/Supplier/4');
    expect(supplierCardHref({ id: 4, customPage: true, customPageUrl: null })).toBe('/Supplier/4');
  });
});
