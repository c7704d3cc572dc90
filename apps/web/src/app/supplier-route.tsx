import { LinksTab } from '../features/links/components/links-tab';
import { ReportsTab } from '../features/orders/components/reports-tab';
import { SalesNotesTab } from '../features/orders/components/sales-notes-tab';
import { SupplierPage, type SupplierTabContents } from '../features/suppliers/pages/supplier-page';

/**
 * '/Supplier/{supplierId}': the suppliers feature's page with each tab from the feature that owns
 * it. Reports and Sales notes are the orders feature's, Links the links feature's; Sales Assist and
 * Agent Support are added here as their features arrive.
 */
const TABS: SupplierTabContents = {
  reports: (supplier) => <ReportsTab supplier={supplier} />,
  links: (supplier) => <LinksTab supplierId={supplier.id} />,
  'sales-notes': (supplier) => <SalesNotesTab supplierId={supplier.id} />,
};

export function SupplierRoute() {
  return <SupplierPage tabs={TABS} />;
}
