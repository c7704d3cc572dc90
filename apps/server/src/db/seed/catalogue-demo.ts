import type { Executor } from '../client.ts';
import {
  addAssistRecipients,
  createProduct,
  createProductImports,
  createSupplier,
  createSupplierContact,
} from './factories.ts';

// The catalogue's admin screens in the demo (spec 3 §2.12): every supplier with its Sales and
// Support contacts (some with Finance), two more suppliers with a fuller range, products in every
// status (one without a status, shown as 'Unknown Status - Please Update') and imported product
// rows, most matched and a few not, so the 'Unmatched Products' banner shows on two suppliers.

const CONTACTS: Record<string, Array<[type: number, first: string, surname: string]>> = {
  metro: [
    [1, 'Lerato', 'Mokoena'],
    [2, 'Johan', 'van der Merwe'],
    [3, 'Priya', 'Naidoo'],
  ],
  kasi: [
    [1, 'Sibusiso', 'Zulu'],
    [2, 'Ayanda', 'Khumalo'],
  ],
  coast: [
    [1, 'Megan', 'Adams'],
    [2, 'Themba', 'Ndlovu'],
  ],
  legacy: [
    [1, 'Pieter', 'Botha'],
    [2, 'Nomsa', 'Dube'],
  ],
  vuma: [
    [1, 'Kagiso', 'Molefe'],
    [2, 'Fatima', 'Patel'],
    [3, 'Andile', 'Mthembu'],
  ],
  sky: [
    [1, 'Reza', 'Hendricks'],
    [2, 'Zanele', 'Mahlangu'],
  ],
};

type Row = { id: number };
type Supplier = Row & { supplierName: string };
/** What the demo's catalogue and people seeds made (demo.ts), as far as this part needs it. */
interface SeededCatalogue {
  productTypes: { fibre: Row; lte: Row };
  suppliers: { metro: Supplier; kasi: Supplier; coast: Supplier; legacy: Supplier };
  /** Metro 25, 50 and 100 Mbps first. */
  products: Row[];
}

const domainOf = (name: string) => `${name.toLowerCase().replace(/[^a-z]+/g, '')}.co.za`;

export async function seedSupplierAdmin(db: Executor, catalogue: SeededCatalogue, people: { admin: Row }) {
  const { fibre, lte } = catalogue.productTypes;
  const vuma = await createSupplier(db, {
    supplierName: 'Vuma Link',
    supplierDescription: 'Open-access fibre for townships and suburbs.',
    supplierStatus: 1,
    logoUrl: '/supplier-logos/vuma-link.svg',
    regex: '^VL\\d{8}$',
    orderNotes: true,
    orderNotesName: 'Vuma order number',
    reports: true,
    reportsName: 'vuma',
    reportsDisplayName: 'Vuma Activations',
    salesAssist: true,
    salesAssistText: 'Log a lead and Vuma calls the customer within a day.',
    productTypeIds: [fibre.id],
  });
  const sky = await createSupplier(db, {
    supplierName: 'SkyRoute LTE',
    supplierDescription: 'Fixed LTE for homes without fibre.',
    supplierStatus: 2,
    logoUrl: '/supplier-logos/skyroute-lte.svg',
    customPage: true,
    customPageUrl: 'https://coverage.skyroute.co.za/check',
    agentAssist: true,
    agentAssistText: 'Include the router IMEI with every ticket.',
    productTypeIds: [lte.id],
  });
  const suppliers = { ...catalogue.suppliers, vuma, sky };

  for (const [key, contacts] of Object.entries(CONTACTS)) {
    const supplier = suppliers[key as keyof typeof suppliers];
    for (const [contactTypeId, first, surname] of contacts) {
      await createSupplierContact(db, supplier.id, {
        contactTypeId,
        contactFirstName: first,
        contactSurname: surname,
        contactEmail: `${first}.${surname.replace(/\s+/g, '')}@${domainOf(supplier.supplierName)}`.toLowerCase(),
      });
    }
  }

  // Products: price without VAT in cents; status 1 active, 2 discontinued, 3 coming soon, null unknown.
  const vumaProducts = [];
  for (const [displayName, price, status] of [
    ['Vuma 10 Mbps', 34700, 2],
    ['Vuma 25 Mbps', 43400, 1],
    ['Vuma 50 Mbps', 60000, 1],
    ['Vuma 100 Mbps', 78200, 1],
    ['Vuma 500 Mbps', 112200, 3],
    ['Vuma 1 Gbps', 130400, null],
  ] as const) {
    vumaProducts.push(
      await createProduct(db, {
        displayName,
        suppliersMasterId: vuma.id,
        refsProductTypeId: fibre.id,
        customerPriceVatExclCents: price,
        comOnceOffReceivableVatExclCents: Math.round(price * 0.6),
        comOgrPercentageReceivable: '0.050',
        revenuePoints: Math.round(price / 10000),
        refsProductStatusId: status,
      }),
    );
  }
  for (const [displayName, price, status] of [
    ['SkyRoute 50 GB', 26000, 1],
    ['SkyRoute 100 GB', 34700, 1],
    ['SkyRoute Uncapped', 52100, 1],
    ['SkyRoute Night Owl', 17300, 2],
  ] as const) {
    await createProduct(db, {
      displayName,
      suppliersMasterId: sky.id,
      refsProductTypeId: lte.id,
      customerPriceVatExclCents: price,
      comOnceOffReceivableVatExclCents: Math.round(price * 0.5),
      comOgrPercentageReceivable: '0.075',
      revenuePoints: Math.round(price / 10000),
      refsProductStatusId: status,
    });
  }
  await createProduct(db, {
    displayName: 'Metro 1 Gbps',
    suppliersMasterId: catalogue.suppliers.metro.id,
    refsProductTypeId: fibre.id,
    customerPriceVatExclCents: 129900,
    refsProductStatusId: 3,
  });

  // Imported rows as the suppliers' files name them: matched ones, and a few nobody matched yet.
  const [metro25, metro50, metro100] = catalogue.products;
  for (const [product, names] of [
    [metro25, ['MFC-HOME-25', 'MFC HOME 25MBPS']],
    [metro50, ['MFC-HOME-50']],
    [metro100, ['MFC-HOME-100', 'MFC HOME 100 UNCAPPED']],
  ] as const) {
    await createProductImports(db, catalogue.suppliers.metro.id, [...names], product!.id);
  }
  await createProductImports(db, catalogue.suppliers.metro.id, ['MFC-HOME-200-PROMO', 'MFC-BIZ-1000']);
  await createProductImports(db, vuma.id, ['VUMA REACH 25', 'VUMA CORE 50', 'VUMA CORE 100', 'VUMA 1G PROMO']);
  for (const product of vumaProducts.slice(1, 3)) {
    await createProductImports(db, vuma.id, [product.displayName.toUpperCase()], product.id);
  }

  // The demo admin receives the sales assist and agent support e-mails of the assisted suppliers.
  for (const supplier of [catalogue.suppliers.metro, catalogue.suppliers.coast, vuma])
    await addAssistRecipients(db, supplier.id, 1, [people.admin.id]);
  for (const supplier of [catalogue.suppliers.metro, catalogue.suppliers.kasi, sky])
    await addAssistRecipients(db, supplier.id, 2, [people.admin.id]);

  return { vuma, sky };
}
