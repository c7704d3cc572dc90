import type { Executor } from '../client.ts';
import { creditApplications, supportApplications } from '../schema/index.ts';

// Support and credit applications for tests and the demo (decision 033). They are written as the
// finance team would find them, without the chat message a new application through the API sends.

export type SupportType = 'Unsecured Loan' | 'Advance' | 'Expense paid on behalf of agent';

interface Applicant {
  id: number;
  firstName: string;
  surname: string;
}

export async function createSupportApplicationRow(
  db: Executor,
  applicant: Applicant,
  items: { type: SupportType; valueCents: number }[],
  options: { status?: 'pending' | 'approved' | 'declined'; createdBy?: number; createdAt?: Date } = {},
) {
  if (items.length < 1 || items.length > 5) throw new RangeError('a support application has 1 to 5 items');
  const slots: Record<string, unknown> = {};
  items.forEach((item, index) => {
    slots[`support${index + 1}Type`] = item.type;
    slots[`support${index + 1}ValueCents`] = item.valueCents;
  });
  const [row] = await db
    .insert(supportApplications)
    .values({
      usersMasterId: applicant.id,
      agentZCode: `Z-${applicant.id}`,
      agentName: applicant.firstName,
      agentSurname: applicant.surname,
      itemsAmountCents: items.reduce((sum, item) => sum + item.valueCents, 0),
      status: options.status ?? 'pending',
      createdBy: options.createdBy ?? null,
      ...(options.createdAt ? { createdAt: options.createdAt } : {}),
      ...slots,
    })
    .returning();
  return row!;
}

export async function createCreditApplicationRow(
  db: Executor,
  applicant: Applicant,
  input: {
    creditType?: SupportType;
    requestValueCents: number;
    outstandingAmountCents?: number;
    settled?: boolean;
    months?: number;
    monthlyPaymentCents?: number;
    maxCreditCents?: number;
    cosigner?: Applicant;
    asset?: { type: string; description: string; uniqueNumber: string };
    createdBy?: number;
    createdAt?: Date;
  },
) {
  const [row] = await db
    .insert(creditApplications)
    .values({
      usersMasterId: applicant.id,
      agentZCode: `Z-${applicant.id}`,
      agentName: applicant.firstName,
      agentSurname: applicant.surname,
      creditType: input.creditType ?? 'Unsecured Loan',
      cosignorUsersMasterId: input.cosigner?.id ?? null,
      cosignorZCode: input.cosigner ? `Z-${input.cosigner.id}` : null,
      cosignorName: input.cosigner?.firstName ?? null,
      cosignorSurname: input.cosigner?.surname ?? null,
      requestValueCents: input.requestValueCents,
      assetType: input.asset?.type ?? null,
      assetDescription: input.asset?.description ?? null,
      assetUniqueNumber: input.asset?.uniqueNumber ?? null,
      months: input.months ?? 6,
      monthlyPaymentCents: input.monthlyPaymentCents ?? Math.ceil(input.requestValueCents / (input.months ?? 6)),
      maxCreditCents: input.maxCreditCents ?? null,
      settled: input.settled ?? false,
      outstandingAmountCents: input.settled ? 0 : (input.outstandingAmountCents ?? input.requestValueCents),
      createdBy: input.createdBy ?? null,
      ...(input.createdAt ? { createdAt: input.createdAt } : {}),
    })
    .returning();
  return row!;
}
