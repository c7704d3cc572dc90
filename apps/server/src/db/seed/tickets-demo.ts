import { zCode } from '@portal/domain/people/z-code';
import { addWorkingMinutes } from '@portal/domain/tickets/sla';
import {
  createdActivityText,
  DEFAULT_TICKET_SLA,
  type TicketKind,
  type TicketStatus,
} from '@portal/domain/tickets/tickets';
import type { Executor } from '../client.ts';
import {
  createCannedReply,
  createSupportStatus,
  createTicket,
  createTicketHistory,
  type NewTicketActivity,
} from './activity-factories.ts';
import type { UserRow } from './factories.ts';
import type { Random } from './random.ts';

// The ticket engine in the demo (decision 021): the support status reference of both kinds (one
// in-progress status per kind pauses the SLA clock), a few hundred tickets over the last 90 days
// with threads (some unread on each side, internal notes, closed and rated ones), history
// entries, and canned replies. The demo agent owns a share of them, so both sides see it working.

export const DEMO_TICKETS = { agent_support: 220, sales_assist: 160 } as const;
const DAYS = 90;
const HOUR = 3_600_000;

interface Supplier {
  id: number;
  supplierName: string;
}

export interface TicketDemoInput {
  suppliers: Record<TicketKind, Supplier[]>;
  admin: UserRow;
  agent: UserRow;
  dealers: UserRow[];
  random: Random;
  today: Date;
}

const REFERENCE: Record<
  TicketKind,
  Array<[type: 'category' | 'in_progress' | 'closed', status: string, pauses?: boolean]>
> = {
  agent_support: [
    ['category', 'Installation delay'],
    ['category', 'Order not showing'],
    ['category', 'Commission query'],
    ['category', 'Router or device fault'],
    ['category', 'Customer cancellation'],
    ['in_progress', 'Investigating'],
    ['in_progress', 'Awaiting supplier', true],
    ['in_progress', 'Escalated to installer'],
    ['closed', 'Resolved'],
    ['closed', 'No fault found'],
    ['closed', 'Duplicate ticket'],
  ],
  sales_assist: [
    ['in_progress', 'Customer contacted'],
    ['in_progress', 'Awaiting documents', true],
    ['closed', 'Sale made'],
    ['closed', 'Not interested'],
    ['closed', 'Unreachable'],
  ],
};

const DEALER_LINES = [
  'Customer says nobody has been in touch yet.',
  'Can you please check the order status?',
  'The customer is asking for an installation date.',
  'I have attached the proof of payment.',
  'Any update on this one?',
  'The customer moved; the new address is in the notes.',
];
const ADMIN_LINES = [
  'Thanks, we have logged this with the supplier.',
  'The installer will call the customer within 48 hours.',
  'We need the customer’s ID copy to continue.',
  'This has been escalated to the supplier’s team lead.',
  'The order now shows on the supplier portal.',
];
const INTERNAL_LINES = [
  'Supplier contact is on leave until Monday; chase again then.',
  'Third ticket from this dealer on the same order: check for duplicates.',
  'Escalated by phone to the supplier ops manager.',
];
const CUSTOMERS = ['Nandi Zulu', 'Pieter Botha', 'Ayesha Khan', 'Sipho Dlamini', 'Megan Adams', 'Lwazi Nkosi'];
const STREETS = [
  'Vilakazi Street, Soweto',
  'Beach Road, Strand',
  'Jan Smuts Avenue, Rosebank',
  'Church Street, Pretoria',
];
const NOTES = [
  'Customer wants the 100 Mbps package.',
  'Customer paid two weeks ago but installation is not booked.',
  'Order was placed but does not show on the portal.',
  'Router keeps dropping the connection.',
  'Commission for last month looks short.',
];
const COMMENTS = ['Quick and helpful, thanks!', 'Took a while but sorted.', 'Nobody followed up.', null, null];

export async function seedTickets(db: Executor, input: TicketDemoInput): Promise<void> {
  const { random, today, admin, agent } = input;
  const statuses = {} as Record<TicketKind, Record<string, Array<{ id: number; status: string; pausesSla: boolean }>>>;
  for (const kind of ['agent_support', 'sales_assist'] as const) {
    statuses[kind] = { category: [], in_progress: [], closed: [] };
    for (const [index, [statusType, status, pauses]] of REFERENCE[kind].entries()) {
      const row = await createSupportStatus(db, {
        status,
        statusType,
        category: kind,
        pausesSla: pauses ?? false,
        sortOrder: (index + 1) * 10,
      });
      statuses[kind][statusType]!.push({ id: row.id, status, pausesSla: row.pausesSla });
    }
  }
  // One category only one supplier offers (null supplier means all suppliers).
  const firstAgentSupplier = input.suppliers.agent_support[0];
  if (firstAgentSupplier) {
    const row = await createSupportStatus(db, {
      status: 'Wayleave approval',
      statusType: 'category',
      category: 'agent_support',
      suppliersMasterId: firstAgentSupplier.id,
      sortOrder: 200,
    });
    statuses.agent_support.category!.push({ id: row.id, status: row.status, pausesSla: false });
  }

  for (const kind of ['agent_support', 'sales_assist'] as const) {
    for (let i = 0; i < DEMO_TICKETS[kind]; i++) {
      const owner = random.chance(0.25) ? agent : random.pick(input.dealers);
      const supplier = random.pick(input.suppliers[kind]);
      const created = new Date(today.getTime() - random.int(0, DAYS * 24) * HOUR - random.int(0, 59) * 60_000);
      const ageDays = (today.getTime() - created.getTime()) / (24 * HOUR);
      const status: TicketStatus =
        ageDays > 20
          ? random.chance(0.85)
            ? 'Closed'
            : 'In Progress'
          : ageDays > 3
            ? random.pick(['Open', 'In Progress', 'In Progress', 'Closed'] as const)
            : random.pick(['Open', 'Open', 'In Progress'] as const);
      const sub = status === 'In Progress' ? random.pick(statuses[kind].in_progress!) : undefined;
      const closedSub = status === 'Closed' ? random.pick(statuses[kind].closed!) : undefined;
      const category = kind === 'agent_support' ? random.pick(statuses[kind].category!) : undefined;
      const at = (hours: number) => new Date(Math.min(created.getTime() + hours * HOUR, today.getTime()));

      // The thread: creation, then alternating messages; the newest unread on one side at times.
      const activity: NewTicketActivity[] = [
        { text: 'Ticket created', activityType: 'update', createdBy: owner.id, createdAt: created },
      ];
      let firstResponse: Date | null = null;
      const exchanges = status === 'Open' ? random.int(0, 2) : random.int(1, 4);
      let hour = 1;
      for (let m = 0; m < exchanges; m++) {
        hour += random.int(1, 30);
        const fromAdmin = m % 2 === 0 ? status !== 'Open' || random.chance(0.3) : false;
        if (fromAdmin && !firstResponse) firstResponse = at(hour);
        activity.push({
          text: fromAdmin ? random.pick(ADMIN_LINES) : random.pick(DEALER_LINES),
          activityType: fromAdmin ? 'admin' : 'user',
          createdBy: fromAdmin ? admin.id : owner.id,
          createdAt: at(hour),
        });
        if (fromAdmin && random.chance(0.2)) {
          activity.push({
            text: random.pick(INTERNAL_LINES),
            activityType: 'internal',
            adminOnly: true,
            createdBy: admin.id,
            createdAt: at(hour),
          });
        }
      }
      if (status !== 'Open') {
        hour += random.int(1, 24);
        if (!firstResponse) firstResponse = at(hour);
        activity.push({
          text: `Status: ${status}${sub ? ` (${sub.status})` : closedSub ? ` (${closedSub.status})` : ''}`,
          activityType: 'update',
          createdBy: admin.id,
          createdAt: at(hour),
        });
      }
      const lastAt = activity.at(-1)!.createdAt as Date;
      // Read state: everything read by both sides, except the newest entry now and then.
      const unreadForDealer = random.chance(0.3);
      const unreadForAdmin = random.chance(0.25);
      activity.forEach((entry, index) => {
        const newest = index === activity.length - 1;
        const when = (entry.createdAt as Date) ?? created;
        entry.readAdmin = newest && unreadForAdmin ? null : when;
        entry.readUser = entry.adminOnly ? null : newest && unreadForDealer ? null : when;
      });

      const targets = DEFAULT_TICKET_SLA[kind];
      const closed = status === 'Closed';
      const rated = closed && random.chance(0.6);
      const customer = random.pick(CUSTOMERS);
      const lastUpdatedByAdmin = status !== 'Open';
      const ticket = await createTicket(
        db,
        {
          kind,
          usersMasterId: owner.id,
          suppliersMasterId: supplier.id,
          status,
          categoryId: category?.id ?? null,
          inProgressStatusId: sub?.id ?? null,
          closedStatusId: closedSub?.id ?? null,
          platform: random.chance(0.9) ? 'App' : 'ussd',
          dealerCode: `${zCode(owner.id)}: ${owner.firstName} ${owner.surname}`,
          userNote: random.pick(NOTES),
          adminNote: status === 'Open' ? null : random.pick(ADMIN_LINES),
          ...(kind === 'sales_assist'
            ? {
                customerName: customer,
                address: `${random.int(1, 300)} ${random.pick(STREETS)}`,
                phoneNumber: `+278${random.int(10000000, 99999999)}`,
                emailAddress: `${customer.toLowerCase().replace(/[^a-z]+/g, '.')}@mail.test`,
                idNumber: `${random.int(700101, 991231)}${random.int(1000, 9999)}08${random.int(0, 9)}`,
                paymentType: random.pick(['Debit order', 'Card']),
              }
            : {
                supplierTicketNumber: `SUP-${random.int(10000, 99999)}`,
                supplierTicketDate: created.toISOString().slice(0, 10),
              }),
          ratingStar: rated ? random.int(1, 5) : null,
          ratingComment: rated ? random.pick(COMMENTS) : null,
          ratedAt: rated ? lastAt : null,
          createdAt: created,
          lastUpdatedAt: lastAt,
          lastUpdatedByUserId: lastUpdatedByAdmin ? admin.id : owner.id,
          lastUpdatedByName: lastUpdatedByAdmin ? `${admin.firstName} ${admin.surname}` : 'New',
          closedAt: closed ? lastAt : null,
          firstResponseDueAt: addWorkingMinutes(created, targets.firstResponseMinutes),
          firstRespondedAt: firstResponse,
          resolutionDueAt: addWorkingMinutes(created, targets.resolutionMinutes),
          pausedAt: sub?.pausesSla ? lastAt : null,
        },
        (made) => {
          activity[0]!.text = createdActivityText(made.ticketNum!);
          return activity;
        },
      );
      if (status !== 'Open') {
        await createTicketHistory(db, [
          {
            ticketId: ticket.id,
            updatedAt: lastAt,
            updatedByUserId: admin.id,
            updatedByName: `${admin.firstName} ${admin.surname}`,
            updateAddress: kind === 'sales_assist' ? ticket.address : null,
            updateStatus: status,
            updateInProgressStatus: sub?.status ?? null,
            updateClosedStatus: closedSub?.status ?? null,
            updateFeedback: ticket.adminNote,
          },
        ]);
      }
    }
  }

  for (const kind of ['agent_support', 'sales_assist'] as const) {
    await createCannedReply(db, {
      kind,
      title: 'Acknowledge',
      body: 'Hi {dealer_first_name}, thanks for {ticket_number}. We are looking into it with {supplier_name}.',
      createdBy: admin.id,
    });
    await createCannedReply(db, {
      kind,
      title: 'Waiting on supplier',
      body: 'Hi {dealer_name}, {supplier_name} is still working on {ticket_number}; we will update you as soon as they reply.',
      createdBy: admin.id,
    });
    await createCannedReply(db, {
      kind,
      title: 'Closing',
      body: 'Hi {dealer_first_name}, we are closing {ticket_number}. Please rate the service from the Star icon. Regards, {admin_name}',
      createdBy: admin.id,
    });
  }
}
