import { zCode } from '@portal/domain/people/z-code';
import type { Executor } from '../client.ts';
import {
  alertRecipients,
  alerts,
  alertTargets,
  ordersAdminOverride,
  ordersAgentNote,
  ordersCommissionPaid,
  ordersImport,
  ordersMaster,
  refsSupportStatus,
  suppliersLinkIndex,
  ticketActivity,
  ticketCannedReplies,
  ticketHistory,
  tickets,
  trainingFiles,
  trainingMaster,
  trainingQuestions,
  trainingRefsProductTypeIndex,
  trainingSupplierIndex,
  trainingUserAttemptIndex,
  trainingVideos,
} from '../schema/index.ts';
import { nextSequence } from './factories.ts';

// Factories for orders, tickets, alerts and training, shared by the demo seed and the tests.

export type NewOrder = Partial<typeof ordersImport.$inferInsert> & {
  suppliersMasterId: number;
  refsProductTypeId: number;
  orderCreatedDate: string;
  /** The dealer the order is attributed to (orders_master); omitted: unmatched. */
  dealerId?: number;
};

/** Orders in one multi-row statement each for the import and the attribution. */
export async function createOrders(db: Executor, orders: NewOrder[]) {
  if (!orders.length) return [];
  const rows = await db
    .insert(ordersImport)
    .values(
      orders.map(({ dealerId, ...order }) => ({
        ...order,
        orderNumber: order.orderNumber ?? `ORD-${nextSequence()}-${Math.random().toString(36).slice(2, 7)}`,
        agentIdentification: order.agentIdentification ?? (dealerId ? zCode(dealerId) : 'unknown'),
      })),
    )
    .returning({ id: ordersImport.id });
  const attributed = rows.flatMap((row, index) => {
    const dealerId = orders[index]!.dealerId;
    return dealerId ? [{ ordersImportId: row.id, usersMasterId: dealerId }] : [];
  });
  if (attributed.length) await db.insert(ordersMaster).values(attributed);
  return rows;
}

/** Manual reassignments (Order Override): each order to its dealer, by an admin, at a time. */
export async function overrideOrders(
  db: Executor,
  overrides: { orderId: number; dealerId: number; assignedBy?: number | null; createdAt?: Date }[],
) {
  if (!overrides.length) return;
  await db.insert(ordersAdminOverride).values(
    overrides.map((override) => ({
      ordersImportId: override.orderId,
      newlyAssignedAgent: override.dealerId,
      assignedBy: override.assignedBy ?? null,
      ...(override.createdAt ? { createdAt: override.createdAt } : {}),
    })),
  );
}

/** Marks the orders' commission paid (what a period's close writes); blocks their reassignment. */
export async function markCommissionPaid(
  db: Executor,
  orderIds: number[],
  paid: { paidDate: string; commissionsPeriodId?: number | null },
) {
  if (!orderIds.length) return;
  await db.insert(ordersCommissionPaid).values(
    orderIds.map((ordersImportId) => ({
      ordersImportId,
      paidDate: paid.paidDate,
      commissionsPeriodId: paid.commissionsPeriodId ?? null,
    })),
  );
}

export type NewSalesNote = typeof ordersAgentNote.$inferInsert;

/** Sales notes ("Logged Sales") in one statement. */
export async function createSalesNotes(db: Executor, notes: NewSalesNote[]) {
  if (!notes.length) return [];
  return db.insert(ordersAgentNote).values(notes).returning({ id: ordersAgentNote.id });
}

export type NewSupplierLink = typeof suppliersLinkIndex.$inferInsert;

/** Supplier links in one statement; `restVar` entries as stored (q, var, is_static). */
export async function createSupplierLinks(db: Executor, links: NewSupplierLink[]) {
  if (!links.length) return [];
  return db.insert(suppliersLinkIndex).values(links).returning({ id: suppliersLinkIndex.id });
}

export async function createSupportStatus(db: Executor, input: typeof refsSupportStatus.$inferInsert) {
  const [row] = await db.insert(refsSupportStatus).values(input).returning();
  return row!;
}

export type NewTicketActivity = Partial<typeof ticketActivity.$inferInsert> & { text: string; activityType: string };

export async function createTicket(
  db: Executor,
  input: Partial<typeof tickets.$inferInsert> & {
    kind: 'sales_assist' | 'agent_support';
    usersMasterId: number;
    suppliersMasterId: number;
  },
  activityOf: NewTicketActivity[] | ((ticket: typeof tickets.$inferSelect) => NewTicketActivity[]) = [],
) {
  const [ticket] = await db
    .insert(tickets)
    .values({ agreedToTerms: true, ...input })
    .returning();
  // A function sees the ticket first, for texts naming its number.
  const activity = typeof activityOf === 'function' ? activityOf(ticket!) : activityOf;
  if (activity.length) {
    await db.insert(ticketActivity).values(activity.map((entry) => ({ ticketId: ticket!.id, ...entry })));
  }
  return ticket!;
}

/** A helpdesk update's history entry (spec 3 §3.5). */
export async function createTicketHistory(db: Executor, entries: Array<typeof ticketHistory.$inferInsert>) {
  if (!entries.length) return;
  await db.insert(ticketHistory).values(entries);
}

/** A helpdesk canned reply (decision 021). */
export async function createCannedReply(db: Executor, input: typeof ticketCannedReplies.$inferInsert) {
  const [row] = await db.insert(ticketCannedReplies).values(input).returning();
  return row!;
}

/** An alert sent to the given users: individual/group (explicit targets) unless a segment is given. */
export async function createAlert(
  db: Executor,
  input: Partial<typeof alerts.$inferInsert> & { title: string; createdBy: number },
  recipientIds: number[],
) {
  const [alert] = await db
    .insert(alerts)
    .values({ isIndividual: input.refsUserSegmentTypeId == null, ...input })
    .returning();
  if (recipientIds.length && input.refsUserSegmentTypeId == null) {
    await db.insert(alertTargets).values(recipientIds.map((userId) => ({ alertId: alert!.id, userId })));
  }
  if (recipientIds.length) {
    await db.insert(alertRecipients).values(recipientIds.map((userId) => ({ alertId: alert!.id, userId })));
  }
  return alert!;
}

export interface NewTrainingModule extends Partial<typeof trainingMaster.$inferInsert> {
  moduleName: string;
  productTypeIds?: number[];
  supplierIds?: number[];
  questions?: Array<{
    question: string;
    options: Array<{ text: string; is_correct: boolean }>;
    language?: string;
    /** Options shown per question (all of them by default). */
    maxOptions?: number;
  }>;
  videos?: Array<{ link: string; language?: string }>;
  /** Stored files (purpose 'training_file') offered as the module's additional content. */
  fileIds?: string[];
}

export async function createTrainingModule(db: Executor, input: NewTrainingModule) {
  const { productTypeIds = [], supplierIds = [], questions = [], videos = [], fileIds = [], ...fields } = input;
  const [module] = await db
    .insert(trainingMaster)
    .values({ marks: Math.max(1, Math.min(questions.length, 5)), ...fields })
    .returning();
  const id = module!.id;
  if (productTypeIds.length) {
    await db
      .insert(trainingRefsProductTypeIndex)
      .values(productTypeIds.map((refsProductTypeId) => ({ trainingMasterId: id, refsProductTypeId })));
  }
  if (supplierIds.length) {
    await db
      .insert(trainingSupplierIndex)
      .values(supplierIds.map((suppliersMasterId) => ({ trainingMasterId: id, suppliersMasterId })));
  }
  if (questions.length) {
    await db.insert(trainingQuestions).values(
      questions.map((q, sort) => ({
        moduleId: id,
        question: q.question,
        questionLanguage: q.language ?? 'English',
        maxOptions: q.maxOptions ?? q.options.length,
        options: q.options,
        sort,
      })),
    );
  }
  if (videos.length) {
    await db
      .insert(trainingVideos)
      .values(videos.map((v, sort) => ({ moduleId: id, link: v.link, videoLanguage: v.language ?? 'English', sort })));
  }
  if (fileIds.length) {
    await db.insert(trainingFiles).values(fileIds.map((storedFileId, sort) => ({ moduleId: id, storedFileId, sort })));
  }
  return module!;
}

/** Attempts at a module (the snapshot records what was asked, as a real attempt does). */
export async function recordAttempts(
  db: Executor,
  moduleId: number,
  attempts: Array<{ userId: number; pass: boolean; marks?: number; maxMarks?: number }>,
) {
  if (!attempts.length) return;
  await db.insert(trainingUserAttemptIndex).values(
    attempts.map(({ userId, pass, marks, maxMarks = 2 }) => {
      const got = marks ?? (pass ? maxMarks : 0);
      return {
        moduleId,
        usersMasterId: userId,
        pass,
        marks: got,
        maxMarks,
        percentage: ((got / maxMarks) * 100).toFixed(2),
        language: 'English',
        moduleContentSnapshot: { seeded: true },
      };
    }),
  );
}
