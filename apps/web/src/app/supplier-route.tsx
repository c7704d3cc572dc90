import { ReportsTab } from '../features/orders/components/reports-tab';
import { SalesNotesTab } from '../features/orders/components/sales-notes-tab';
import { SupplierPage, type SupplierTabContents } from '../features/suppliers/pages/supplier-page';
import { AgentSupportTab } from '../features/tickets/components/agent-support-tab';
import { SalesAssistTab } from '../features/tickets/components/sales-assist-tab';

/**
 * '/Supplier/{supplierId}': the suppliers feature's page with each tab from the feature that owns
 * it. Reports and Sales notes are the orders feature's, Sales Assist and Agent Support the
 * tickets feature's; Links is added here when its feature arrives.
 */
const TABS: SupplierTabContents = {
  reports: (supplier) => <ReportsTab supplier={supplier} />,
  'sales-assist': (supplier) => <SalesAssistTab supplier={supplier} />,
  'agent-support': (supplier) => <AgentSupportTab supplier={supplier} />,
  'sales-notes': (supplier) => <SalesNotesTab supplierId={supplier.id} />,
};

export function SupplierRoute() {
  return <SupplierPage tabs={TABS} />;
}
