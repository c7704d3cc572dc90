import { z } from 'zod';
import { MAX_ROW_ID } from '../platform/ids.ts';

// The supplier dashboards (spec 2 "Dashboard", "Supplier page"): which supplier cards a viewer
// sees and may open, and which tabs a supplier's page enables. Pure rules shared by the server
// (which enforces them) and the pages (which show them).

/** suppliers_master.supplier_status (spec 2 §3): 1 visible to all, 2 registered dealers only, 3 hidden. */
export const SUPPLIER_STATUS = { visibleToAll: 1, registeredOnly: 2, hidden: 3 } as const;

export interface CardViewer {
  isAdmin: boolean;
  /** The suppliers in the viewer's own suppliers list (users_supplier_index). */
  linkedSupplierIds: ReadonlySet<number> | readonly number[];
}

/** How a supplier shows on the dashboard for a viewer: an open card, a 'Not Registered' one, or none. */
export type CardState = 'active' | 'not-registered' | 'hidden';

/**
 * Spec 2 "Dashboard": status 3 is hidden; admins see every other supplier, all active; a normal
 * user sees their own suppliers as active, other status-1 suppliers as 'Not Registered', and no
 * status-2 supplier they are not linked to.
 */
export function cardState(supplier: { id: number; supplierStatus: number }, viewer: CardViewer): CardState {
  if (supplier.supplierStatus === SUPPLIER_STATUS.hidden) return 'hidden';
  if (viewer.isAdmin) return 'active';
  const linked =
    viewer.linkedSupplierIds instanceof Set
      ? viewer.linkedSupplierIds.has(supplier.id)
      : (viewer.linkedSupplierIds as readonly number[]).includes(supplier.id);
  if (linked) return 'active';
  return supplier.supplierStatus === SUPPLIER_STATUS.visibleToAll ? 'not-registered' : 'hidden';
}

/** The address a card opens: the supplier page, or the supplier's own custom page. */
export function supplierCardHref(supplier: { id: number; customPage: boolean; customPageUrl: string | null }): string {
  const custom = supplier.customPageUrl?.trim() ?? '';
  // Only web addresses or the portal's own paths: never `javascript:` or the like.
  const safe = /^https?:\/\/[^\s]+$/i.test(custom) || /^\/(?!\/)[^\s]*$/.test(custom);
  return supplier.customPage && safe ? custom : `/Supplier/${supplier.id}`;
}

/** True for an address that leaves the portal (opened as an ordinary link, not by the router). */
export const isExternalHref = (href: string): boolean => /^https?:\/\//i.test(href);

export const SupplierCard = z.object({
  id: z.number().int(),
  name: z.string(),
  logoUrl: z.string().nullable(),
  /** Where the card leads: '/Supplier/{id}' or the custom page address. */
  href: z.string(),
  /** False: shown as 'Not Registered' and cannot be opened. */
  registered: z.boolean(),
});
export type SupplierCard = z.infer<typeof SupplierCard>;

export const DashboardSuppliers = z.object({ suppliers: z.array(SupplierCard) });
export type DashboardSuppliers = z.infer<typeof DashboardSuppliers>;

export const SupplierParams = z.strictObject({
  supplierId: z.coerce.number().int().positive().max(MAX_ROW_ID),
});
export type SupplierParams = z.infer<typeof SupplierParams>;

/** What the supplier page needs to know of a supplier (its tabs and their texts). */
export const SupplierPage = z.object({
  id: z.number().int(),
  name: z.string(),
  logoUrl: z.string().nullable(),
  reports: z.boolean(),
  reportsDisplayName: z.string().nullable(),
  salesAssist: z.boolean(),
  salesAssistText: z.string().nullable(),
  agentAssist: z.boolean(),
  agentAssistText: z.string().nullable(),
  orderNotes: z.boolean(),
});
export type SupplierPage = z.infer<typeof SupplierPage>;

/** The five tabs of the supplier page, in order (spec 2 "Supplier page"). */
export const SUPPLIER_TABS = ['reports', 'links', 'sales-assist', 'agent-support', 'sales-notes'] as const;
export type SupplierTab = (typeof SUPPLIER_TABS)[number];

export const SUPPLIER_TAB_LABELS: Record<SupplierTab, string> = {
  reports: 'Reports',
  links: 'Links',
  'sales-assist': 'Sales Assist',
  'agent-support': 'Agent Support',
  'sales-notes': 'Sales notes',
};

type TabFlags = Pick<SupplierPage, 'reports' | 'salesAssist' | 'agentAssist' | 'orderNotes'>;

/** Spec 2 "Supplier page": when each tab is enabled. */
export function isTabEnabled(supplier: TabFlags, tab: SupplierTab): boolean {
  switch (tab) {
    case 'reports':
      return supplier.reports;
    case 'links':
      return true;
    case 'sales-assist':
      return supplier.salesAssist;
    case 'agent-support':
      return supplier.agentAssist;
    case 'sales-notes':
      return supplier.orderNotes;
  }
}

/** Reports when enabled, otherwise Links. */
export const defaultTab = (supplier: TabFlags): SupplierTab =>
  isTabEnabled(supplier, 'reports') ? 'reports' : 'links';

/**
 * The tabs the page shows: the enabled ones among those whose content exists (`available`). The
 * default tab is chosen among them: the spec's default when shown, else the first shown.
 */
export function shownTabs(
  supplier: TabFlags,
  available: readonly SupplierTab[],
): { tabs: SupplierTab[]; initial: SupplierTab | null } {
  const tabs = SUPPLIER_TABS.filter((tab) => available.includes(tab) && isTabEnabled(supplier, tab));
  const preferred = defaultTab(supplier);
  return { tabs, initial: tabs.includes(preferred) ? preferred : (tabs[0] ?? null) };
}
