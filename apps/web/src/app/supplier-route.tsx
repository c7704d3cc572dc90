import { ReportsTab } from '../features/orders/components/reports-tab';
import { SupplierPage, type SupplierTabContents } from '../features/suppliers/pages/supplier-page';

/**
 * '/Supplier/{supplierId}': the suppliers feature's page with each tab from the feature that owns
 * it. The Reports tab is the orders feature's; Links, Sales Assist, Agent Support and Sales notes
 * are added here as their features arrive.
 */
const TABS: SupplierTabContents = {
  reports: (supplier) => <ReportsTab supplier={supplier} />,
};

export function SupplierRoute() {
  return <SupplierPage tabs={TABS} />;
}
