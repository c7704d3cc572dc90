import { z } from 'zod';

// The catalogue as the rest of the portal sees it: product types, the suppliers offering them and
// the deals of a supplier for a product type. A dealer is linked to some of each (spec 1 §2.7, §6);
// the rules of a valid choice live here once, for the wizard, Edit links and the server.

export const NamedItem = z.object({ id: z.number().int(), name: z.string() });
export type NamedItem = z.infer<typeof NamedItem>;

/** A supplier with the product types it offers. */
export const SupplierOption = NamedItem.extend({ productTypeIds: z.array(z.number().int()) });
export type SupplierOption = z.infer<typeof SupplierOption>;

/** A deal: one supplier's offer for one product type. */
export const DealOption = NamedItem.extend({ supplierId: z.number().int(), productTypeId: z.number().int() });
export type DealOption = z.infer<typeof DealOption>;

export const CatalogueChoices = z.object({
  productTypes: z.array(NamedItem),
  suppliers: z.array(SupplierOption),
  deals: z.array(DealOption),
});
export type CatalogueChoices = z.infer<typeof CatalogueChoices>;

/** What a dealer is linked to, by name. */
export const CatalogueLinks = z.object({
  productTypes: z.array(NamedItem),
  suppliers: z.array(NamedItem),
  deals: z.array(NamedItem),
});
export type CatalogueLinks = z.infer<typeof CatalogueLinks>;

/** Ids chosen in a form (a type, not an interface, so it can travel as a plain audit record). */
export type CatalogueChoice = {
  productTypeIds: number[];
  supplierIds: number[];
  dealIds: number[];
};

/** Supplier choices are limited to suppliers offering a chosen product type (spec 1 §2.7). */
export function suppliersOffering<T extends { productTypeIds: number[] }>(
  suppliers: readonly T[],
  productTypeIds: readonly number[],
): T[] {
  const chosen = new Set(productTypeIds);
  return suppliers.filter((supplier) => supplier.productTypeIds.some((id) => chosen.has(id)));
}

/** After a product type is unchecked: the chosen suppliers still offering a chosen type, and their deals. */
export function pruneCatalogueChoice(
  options: { suppliers: ReadonlyArray<{ id: number; productTypeIds: number[] }>; deals: readonly DealRef[] },
  choice: CatalogueChoice,
): CatalogueChoice {
  const offered = new Set(suppliersOffering(options.suppliers, choice.productTypeIds).map((s) => s.id));
  const supplierIds = choice.supplierIds.filter((id) => offered.has(id));
  const kept = new Set(supplierIds);
  const types = new Set(choice.productTypeIds);
  const deals = new Map(options.deals.map((deal) => [deal.id, deal]));
  const dealIds = choice.dealIds.filter((id) => {
    const deal = deals.get(id);
    return deal !== undefined && kept.has(deal.supplierId) && types.has(deal.productTypeId);
  });
  return { productTypeIds: choice.productTypeIds, supplierIds, dealIds };
}

type DealRef = Pick<DealOption, 'id' | 'supplierId' | 'productTypeId'>;

export type CatalogueRefusal =
  | 'unknownProductType'
  | 'unknownSupplier'
  | 'supplierNotOffered'
  | 'unknownDeal'
  | 'dealNotOffered';

/**
 * Why a choice cannot be saved, checked against what the chooser may use: every product type
 * exists, every supplier exists and offers a chosen type, every deal exists and belongs to a chosen
 * supplier and type. Undefined when it can.
 */
export function catalogueRefusal(
  options: {
    productTypes: ReadonlyArray<{ id: number }>;
    suppliers: ReadonlyArray<{ id: number; productTypeIds: number[] }>;
    deals: readonly DealRef[];
  },
  choice: CatalogueChoice,
): CatalogueRefusal | undefined {
  const types = new Set(options.productTypes.map((type) => type.id));
  if (choice.productTypeIds.some((id) => !types.has(id))) return 'unknownProductType';
  const chosenTypes = new Set(choice.productTypeIds);
  const suppliers = new Map(options.suppliers.map((supplier) => [supplier.id, supplier]));
  for (const id of choice.supplierIds) {
    const supplier = suppliers.get(id);
    if (!supplier) return 'unknownSupplier';
    if (!supplier.productTypeIds.some((type) => chosenTypes.has(type))) return 'supplierNotOffered';
  }
  const chosenSuppliers = new Set(choice.supplierIds);
  const deals = new Map(options.deals.map((deal) => [deal.id, deal]));
  for (const id of choice.dealIds) {
    const deal = deals.get(id);
    if (!deal) return 'unknownDeal';
    if (!chosenSuppliers.has(deal.supplierId) || !chosenTypes.has(deal.productTypeId)) return 'dealNotOffered';
  }
  return undefined;
}
