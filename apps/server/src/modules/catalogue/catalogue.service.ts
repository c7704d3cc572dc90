import {
  type CatalogueChoice,
  type CatalogueChoices,
  type CatalogueLinks,
  type CatalogueRefusal,
  catalogueRefusal,
  type NamedItem,
} from '@portal/domain/catalogue/catalogue';
import { shownLogoUrl } from '@portal/domain/catalogue/suppliers';
import {
  cardState,
  type SupplierCard,
  type SupplierPage,
  supplierCardHref,
} from '@portal/domain/suppliers/supplier-page';
import type { Executor } from '../../db/client.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import {
  findDashboardSupplier,
  findDashboardSuppliers,
  findDeals,
  findLeaderboardSuppliers,
  findLinkedDealersByStatus,
  findNoteSuppliers,
  findProductTypes,
  findSupplierDealers,
  findSupplierNoteRules,
  findSupplierProductTypeNames,
  findSuppliers,
  findUserLinkIds,
  findUserLinks,
  insertUserLinks,
  isLeaderboardSupplier,
  replaceUserLinks,
  type SupplierCheckRow,
  supplierCheckFactSql,
} from './catalogue.queries.ts';

// The catalogue as other modules see it: product types, suppliers and deals, what a dealer is
// linked to, and whether a choice of links may be saved. Every read of those tables goes through
// here (spec 1 §2.7, §6); the catalogue's own pages come with the admin hub.

export interface ChoicesFor {
  /** Hidden suppliers are for admins only. */
  includeHidden: boolean;
  /** Which deals: every live deal, the active deals of one dealer (a leader's base), or none. */
  deals: 'all' | 'none' | { linkedTo: number };
}

/** What a chooser may pick from: product types, suppliers with their types, deals. */
export async function catalogueChoices(db: Executor, choicesFor: ChoicesFor): Promise<CatalogueChoices> {
  const [productTypes, suppliers, deals] = [
    await findProductTypes(db),
    await findSuppliers(db, { includeHidden: choicesFor.includeHidden }),
    choicesFor.deals === 'none'
      ? []
      : await findDeals(db, choicesFor.deals === 'all' ? {} : { linkedTo: choicesFor.deals.linkedTo }),
  ];
  return { productTypes, suppliers, deals };
}

/** Product types and suppliers (hidden ones included) by name, e.g. to address an alert. */
export async function productTypesAndSuppliers(
  db: Executor,
): Promise<{ productTypes: NamedItem[]; suppliers: NamedItem[] }> {
  const productTypes = await findProductTypes(db);
  const suppliers = await findSuppliers(db, { includeHidden: true });
  return { productTypes, suppliers: suppliers.map(({ id, name }) => ({ id, name })) };
}

/**
 * Why the chosen links cannot be saved (against the live catalogue, hidden suppliers only when
 * `includeHidden`); undefined when they can. Only the chosen deals are read.
 */
export async function refusalOfChoice(
  db: Executor,
  choice: CatalogueChoice,
  options: { includeHidden: boolean },
): Promise<CatalogueRefusal | undefined> {
  const [productTypes, suppliers, deals] = [
    await findProductTypes(db),
    await findSuppliers(db, options),
    await findDeals(db, { ids: choice.dealIds }),
  ];
  return catalogueRefusal({ productTypes, suppliers, deals }, choice);
}

export const userCatalogueLinks = (db: Executor, userId: number): Promise<CatalogueLinks> => findUserLinks(db, userId);
export const userCatalogueLinkIds = (db: Executor, userId: number): Promise<CatalogueChoice> =>
  findUserLinkIds(db, userId);

/** Links a new dealer to their choice (inside the creation transaction). */
export const linkNewDealer = (tx: Executor, userId: number, links: CatalogueChoice & { addedBy: number }) =>
  insertUserLinks(tx, userId, links);

/** Replaces a dealer's links (deals only when given: leaders cannot change them). */
export const replaceDealerLinks = (
  tx: Executor,
  userId: number,
  links: { supplierIds: number[]; productTypeIds: number[]; dealIds?: number[] | undefined },
  addedBy: number,
) => replaceUserLinks(tx, userId, links, addedBy);

/** The leaderboard's supplier filter. */
export const leaderboardSuppliers = (db: Executor): Promise<NamedItem[]> => findLeaderboardSuppliers(db);

/** Whether the leaderboard's filter offers the supplier (ranked, not hidden or removed). */
export const offersLeaderboardSupplier = (db: Executor, supplierId: number): Promise<boolean> =>
  isLeaderboardSupplier(db, supplierId);

// --- The supplier dashboards (spec 2 "Dashboard", "Supplier page") ----------------------------

export interface SupplierViewer {
  id: number;
  isAdmin: boolean;
}

export const SUPPLIER_NOT_OPEN = 'You are not registered with this supplier';

/** The dashboard's supplier cards for a viewer: hidden ones left out, others registered or not. */
export async function dashboardSupplierCards(db: Executor, viewer: SupplierViewer): Promise<SupplierCard[]> {
  const [suppliers, links] = [await findDashboardSuppliers(db), await findUserLinkIds(db, viewer.id)];
  const linkedSupplierIds = new Set(links.supplierIds);
  return suppliers.flatMap((supplier) => {
    const state = cardState(supplier, { isAdmin: viewer.isAdmin, linkedSupplierIds });
    if (state === 'hidden') return [];
    return [
      {
        id: supplier.id,
        name: supplier.name,
        logoUrl: shownLogoUrl(supplier.logoUrl),
        href: supplierCardHref(supplier),
        registered: state === 'active',
      },
    ];
  });
}

/**
 * The supplier check's row as SQL for a route fact read in the actor's statement (decision 048):
 * `supplierId` a placeholder, the viewer `users_master.id`; judge it with `assertSupplierOpen`.
 */
export const supplierCheckFact: typeof supplierCheckFactSql = supplierCheckFactSql;

/**
 * The supplier check of `openSupplier` on a row already read (`findDashboardSupplier`, or the
 * route fact of `supplierCheckFactSql`): 404 when there is none, 403 unless the viewer may open it.
 */
export function assertSupplierOpen(
  viewer: SupplierViewer,
  supplier: SupplierCheckRow | null | undefined,
): asserts supplier is SupplierCheckRow {
  if (!supplier) throw notFound('No such supplier');
  const state = cardState(supplier, {
    isAdmin: viewer.isAdmin,
    linkedSupplierIds: supplier.linked && !viewer.isAdmin ? [supplier.id] : [],
  });
  if (state !== 'active') throw forbidden(SUPPLIER_NOT_OPEN, 'SUPPLIER_NOT_OPEN');
}

/**
 * The supplier a viewer opens (its page, its reports): 404 for an unknown supplier, 403 for a
 * hidden one or, for a non-admin, one not in their suppliers list (a 'Not Registered' card).
 */
export async function openSupplier(db: Executor, viewer: SupplierViewer, supplierId: number): Promise<SupplierPage> {
  const supplier = await findDashboardSupplier(db, supplierId, viewer.isAdmin ? null : viewer.id);
  assertSupplierOpen(viewer, supplier);
  return {
    id: supplier.id,
    name: supplier.name,
    logoUrl: shownLogoUrl(supplier.logoUrl),
    reports: supplier.reports,
    reportsDisplayName: supplier.reportsDisplayName,
    salesAssist: supplier.salesAssist,
    salesAssistText: supplier.salesAssistText,
    agentAssist: supplier.agentAssist,
    agentAssistText: supplier.agentAssistText,
    orderNotes: supplier.orderNotes,
  };
}

/** Dealers linked to a supplier, below `belowId` (anyone when null), by name or Z-code. */
export const supplierDealers = (
  db: Executor,
  filter: { supplierId: number; belowId: number | null; search: string; limit: number },
) => findSupplierDealers(db, filter);

/** A supplier's rules for sales notes; undefined when there is no such supplier. */
export const supplierNoteRules = (db: Executor, supplierId: number) => findSupplierNoteRules(db, supplierId);

/** Suppliers that take sales notes, for the admin's picker. */
export const noteSuppliers = (db: Executor) => findNoteSuppliers(db);

/** Dealers with the lifecycle status linked to the supplier (Order Override's picker), searched by name or Z-code. */
export const linkedDealersByStatus = (
  db: Executor,
  filter: { supplierId: number; lifecycleStatusId: number; search?: string | undefined; limit: number },
) => findLinkedDealersByStatus(db, filter);

/** Is the dealer linked to the supplier, with that lifecycle status? */
export async function isSupplierDealer(
  db: Executor,
  filter: { supplierId: number; lifecycleStatusId: number; dealerId: number },
): Promise<boolean> {
  return (await findLinkedDealersByStatus(db, { ...filter, limit: 1 })).length === 1;
}

/** The names of a supplier's live product types (the {product} of a link's dealer variables). */
export const supplierProductTypeNames = (db: Executor, supplierId: number): Promise<string[]> =>
  findSupplierProductTypeNames(db, supplierId);
