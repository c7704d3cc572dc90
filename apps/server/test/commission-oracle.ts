import type { CommissionModel, ModelUser } from '../src/db/seed/commission-factories.ts';

// The INDEPENDENT oracle of decision 031: DECISIONS.md "Commissions" 1, 2, 3 and 5 written as plain
// TypeScript over the generated model (parent pointers, not the closure table; the model's deals,
// not the database's). The integration test compares its lines with the SQL's to the cent.

export interface OracleLine {
  orderId: number;
  payeeId: number;
  role: 'agent' | 'leader';
  level: number | null;
  amountCents: number;
  held: boolean;
}

export function lineKey(line: Pick<OracleLine, 'orderId' | 'payeeId' | 'role' | 'level'>): string {
  return `${line.orderId}/${line.payeeId}/${line.role}/${line.level ?? 0}`;
}

/** Status 102 under the generated training: the general module, and for leaders the leader module. */
function isHeld(user: ModelUser): boolean {
  return !user.passedGeneral || (user.isLeader && !user.passedLeader);
}

export function oracleLines(model: CommissionModel, options: { trainingGate: boolean }): OracleLine[] {
  const lines: OracleLine[] = [];
  for (const order of model.orders) {
    // 1. Eligible: activated on or before the period end, attributed, no commission paid yet.
    if (order.activationDate === null || order.activationDate > model.periodEnd) continue;
    if (order.commissionPaid) continue;
    const dealerId = order.overrideDealerId ?? order.dealerId;
    if (dealerId === null) continue;
    const dealer = model.users.get(dealerId)!;
    // The dealer's deal for the supplier and product type: the newest active, not deleted.
    const candidates = (model.userDeals.get(dealerId) ?? [])
      .map((id) => model.deals.get(id)!)
      .filter(
        (deal) => !deal.isDeleted && deal.supplierId === order.supplierId && deal.productTypeId === order.productTypeId,
      )
      .sort((a, b) => b.id - a.id);
    const deal = candidates[0];
    const rates = deal && order.productId !== null ? deal.products.get(order.productId) : undefined;
    if (!rates) continue;
    const held = (user: ModelUser) => options.trainingGate && isHeld(user);

    // 2. Agent line: active or deactivated dealer, the tier's rate, whole rand → cents, zero gives none.
    const agentRate = rates.user[dealer.tier - 1] ?? 0;
    if ((dealer.status === 2 || dealer.status === 3) && agentRate > 0) {
      lines.push({
        orderId: order.id,
        payeeId: dealerId,
        role: 'agent',
        level: null,
        amountCents: agentRate * 100,
        held: held(dealer),
      });
    }

    // 3. Leader lines: walk up from the parent; the k-th active leader gets leader rate k, k ≤ 7.
    let k = 0;
    let cursor = dealer.parentId;
    while (cursor !== null && k < 7) {
      const ancestor = model.users.get(cursor)!;
      if (ancestor.isLeader && ancestor.status === 2) {
        k += 1;
        const rate = rates.leader[k - 1]!;
        if (rate > 0) {
          lines.push({
            orderId: order.id,
            payeeId: ancestor.id,
            role: 'leader',
            level: k,
            amountCents: rate * 100,
            held: held(ancestor),
          });
        }
      }
      cursor = ancestor.parentId;
    }
  }
  return lines.sort((a, b) => lineKey(a).localeCompare(lineKey(b)));
}
