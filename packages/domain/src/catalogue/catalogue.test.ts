import { describe, expect, it } from 'vitest';
import { catalogueRefusal, pruneCatalogueChoice, suppliersOffering } from './catalogue.ts';

const options = {
  productTypes: [
    { id: 1, name: 'Mobile' },
    { id: 2, name: 'Fibre' },
  ],
  suppliers: [
    { id: 10, name: 'Vodacom', productTypeIds: [1] },
    { id: 11, name: 'Openserve', productTypeIds: [2] },
    { id: 12, name: 'Telkom', productTypeIds: [1, 2] },
  ],
  deals: [
    { id: 100, name: 'Red 1GB', supplierId: 10, productTypeId: 1 },
    { id: 101, name: 'Fibre 50', supplierId: 11, productTypeId: 2 },
  ],
};

describe('the catalogue choice', () => {
  it('offers only suppliers of a chosen product type', () => {
    expect(suppliersOffering(options.suppliers, [2]).map((s) => s.id)).toEqual([11, 12]);
    expect(suppliersOffering(options.suppliers, [])).toEqual([]);
  });

  it('drops suppliers and deals no longer offered when a product type is unchecked', () => {
    expect(
      pruneCatalogueChoice(options, { productTypeIds: [2], supplierIds: [10, 11, 12], dealIds: [100, 101] }),
    ).toEqual({ productTypeIds: [2], supplierIds: [11, 12], dealIds: [101] });
  });

  it('names the first reason a choice cannot be saved', () => {
    const choice = (productTypeIds: number[], supplierIds: number[], dealIds: number[] = []) => ({
      productTypeIds,
      supplierIds,
      dealIds,
    });
    expect(catalogueRefusal(options, choice([1], [10], [100]))).toBeUndefined();
    expect(catalogueRefusal(options, choice([3], []))).toBe('unknownProductType');
    expect(catalogueRefusal(options, choice([1], [99]))).toBe('unknownSupplier');
    expect(catalogueRefusal(options, choice([1], [11]))).toBe('supplierNotOffered');
    expect(catalogueRefusal(options, choice([1], [10], [999]))).toBe('unknownDeal');
    expect(catalogueRefusal(options, choice([1, 2], [10], [101]))).toBe('dealNotOffered');
  });
});
