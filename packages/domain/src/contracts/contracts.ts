import { z } from 'zod';
import { RowIdParam } from '../platform/ids.ts';

// Dealer contracts (spec 1 §2.11, §9; spec 3 §2.16, §3.7, §7.4, §8, §9; DECISIONS "Contracts and
// finance"; decision 034). The admin generates a contract on the manage-user screen; the dealer
// signs it on a public page reached by a signed link (the built-in signer) or at DocuSeal.

export const CONTRACT_STATUSES = ['pending', 'completed', 'declined', 'expired'] as const;
export const ContractStatus = z.enum(CONTRACT_STATUSES);
export type ContractStatus = z.infer<typeof ContractStatus>;

export const CONTRACT_STATUS_LABEL: Record<ContractStatus, string> = {
  pending: 'Pending',
  completed: 'Completed',
  declined: 'Declined',
  expired: 'Expired',
};

export type AnnexureSet = 'A' | 'B';
export type AnnexureKind = 'reseller' | 'superDealer' | 'standardLeaderCommission' | 'multipleTeams';

export interface Annexure {
  code: number;
  set: AnnexureSet;
  kind: AnnexureKind;
  /** As the spec's table names it. */
  label: string;
}

/** Spec 1 §9 / spec 3 §9: the two annexure sets and their fixed product codes. */
export const ANNEXURE_SETS: Record<AnnexureSet, string> = {
  A: 'Annexure A (SADV)',
  B: 'Annexure B (Herotel-type network)',
};

export const ANNEXURES: readonly Annexure[] = [
  { code: 306180, set: 'A', kind: 'reseller', label: 'Resellers' },
  { code: 305527, set: 'A', kind: 'superDealer', label: 'Super Dealer' },
  { code: 306181, set: 'A', kind: 'standardLeaderCommission', label: 'Standard Leader Commission' },
  { code: 306183, set: 'A', kind: 'multipleTeams', label: 'Multiple Teams Onboarding Growth TL1%' },
  { code: 302783, set: 'B', kind: 'reseller', label: 'Resellers' },
  { code: 306177, set: 'B', kind: 'superDealer', label: 'Super dealer' },
  { code: 306185, set: 'B', kind: 'standardLeaderCommission', label: 'Standard Leader Commission' },
  { code: 306174, set: 'B', kind: 'multipleTeams', label: 'Multiple Teams Onboarding Growth TL1%' },
];

export const ANNEXURE_CODES = ANNEXURES.map((annexure) => annexure.code);
/** Spec 1 §9: three are chosen when a contract is generated. */
export const ANNEXURES_PER_CONTRACT = 3;

export function annexureOf(code: number): Annexure | undefined {
  return ANNEXURES.find((annexure) => annexure.code === code);
}

/** 'Annexure A (SADV) – Resellers (306180)'. */
export function annexureTitle(annexure: Annexure): string {
  return `${ANNEXURE_SETS[annexure.set]} – ${annexure.label} (${annexure.code})`;
}

export const CONTRACT_MESSAGES = {
  generateFailed: 'Error generating contract',
  notFound: 'Contract not found',
  generated: 'Contract generated and sent for signing',
  chooseThree: 'Choose three annexures',
  linkInvalid: 'This signing link is not valid. Ask your administrator for a new one.',
  linkExpired: 'This signing link has expired. Ask your administrator for a new contract.',
  alreadySigned: 'This contract has already been signed.',
  alreadyDeclined: 'This contract was declined.',
  nameRequired: 'Type your full name to sign',
  consentRequired: 'Tick the box to agree to sign electronically',
  signed: 'Thank you. Your contract is signed; a copy has been e-mailed to you.',
  declined: 'You declined this contract. Your administrator has been told.',
} as const;

const AnnexureCode = z
  .number({ error: 'Choose an annexure' })
  .int()
  .refine((code) => ANNEXURE_CODES.includes(code), { message: 'Choose an annexure' });

/**
 * Generate New Contract (spec 3 §7.4: agentCode, email, arrIds, documentName). The agent is the
 * path's user; the dealer code is shown and checked against it.
 */
export const GenerateContractRequest = z
  .object({
    agentCode: z
      .string()
      .trim()
      .regex(/^Z-\d{1,10}$/, 'Dealer code is Z- and the number'),
    email: z.email('Enter a valid e-mail address').trim().max(254),
    arrIds: z
      .array(AnnexureCode)
      .length(ANNEXURES_PER_CONTRACT, CONTRACT_MESSAGES.chooseThree)
      .refine((codes) => new Set(codes).size === codes.length, { message: CONTRACT_MESSAGES.chooseThree }),
    documentName: z.string().trim().min(1).max(120).optional(),
  })
  .strict();
export type GenerateContractRequest = z.infer<typeof GenerateContractRequest>;

/** Spec 3 §3.7 "Agent contract: id, status, submissionDate, template.name", with what the modal shows. */
export const ContractSubmission = z.object({
  id: z.number().int(),
  status: ContractStatus,
  submissionDate: z.string(),
  template: z.object({ name: z.string() }),
  email: z.string().nullable(),
  productCodes: z.array(z.number().int()),
  provider: z.enum(['builtin', 'docuseal']),
  signerName: z.string().nullable(),
  signedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
});
export type ContractSubmission = z.infer<typeof ContractSubmission>;

export const ContractSubmissionList = z.object({ data: z.array(ContractSubmission) });
export type ContractSubmissionList = z.infer<typeof ContractSubmissionList>;

export const GeneratedContract = z.object({ status: z.literal(200), contract: ContractSubmission });
export type GeneratedContract = z.infer<typeof GeneratedContract>;

/** Spec 3 §7.4: data.status 404 means 'Contract not found', else the first document's url. */
export const ContractDownloadLink = z.union([
  z.object({ status: z.literal(200), documents: z.array(z.object({ name: z.string(), url: z.string() })).min(1) }),
  z.object({ status: z.literal(404), message: z.string() }),
]);
export type ContractDownloadLink = z.infer<typeof ContractDownloadLink>;

export const AgentParams = z.object({ agentId: RowIdParam }).strict();
export const ContractParams = z.object({ contractId: RowIdParam }).strict();

/** The signing link's token: 32 random bytes, base64url. */
export const SignToken = z.string().regex(/^[A-Za-z0-9_-]{43}$/);
export const SignTokenParams = z.object({ token: z.string().max(200) }).strict();

/** What the public signing page shows. */
export const SigningView = z.object({
  documentName: z.string(),
  dealerName: z.string(),
  dealerCode: z.string(),
  status: ContractStatus,
  expiresAt: z.string().nullable(),
  signerName: z.string().nullable(),
  signedAt: z.string().nullable(),
  annexures: z.array(z.string()),
});
export type SigningView = z.infer<typeof SigningView>;

export const SignContractRequest = z
  .object({
    name: z.string().trim().min(3, CONTRACT_MESSAGES.nameRequired).max(120),
    consent: z.literal(true, CONTRACT_MESSAGES.consentRequired),
  })
  .strict();
export type SignContractRequest = z.infer<typeof SignContractRequest>;

export const DeclineContractRequest = z.object({ reason: z.string().trim().max(500).optional() }).strict();
export type DeclineContractRequest = z.infer<typeof DeclineContractRequest>;

export const SigningOutcome = z.object({ status: ContractStatus, message: z.string() });
export type SigningOutcome = z.infer<typeof SigningOutcome>;

export const CONTRACT_ROUTES = {
  /** GET the agent's contracts (the modal's list). */
  submissions: '/api/contracts/agents/:agentId/get-contract-submissions',
  /** POST generate a contract for the agent and send it for signing. */
  generate: '/api/contracts/agents/:agentId/generate-new-contract',
  /** GET where the completed contract's signed PDF is. */
  downloadLink: '/api/contracts/:contractId/get-contract-download-link',
  /** GET the signed PDF (admins). */
  signedPdf: '/api/contracts/:contractId/signed.pdf',
  /** Public, by the signing link's token. */
  signingView: '/api/sign-contract/:token',
  signingPdf: '/api/sign-contract/:token/document.pdf',
  sign: '/api/sign-contract/:token/sign',
  decline: '/api/sign-contract/:token/decline',
} as const;

export function contractPath(
  route: (typeof CONTRACT_ROUTES)[keyof typeof CONTRACT_ROUTES],
  params: Record<string, string | number>,
): string {
  return route.replace(/:([A-Za-z]+)/g, (_, name: string) => encodeURIComponent(String(params[name] ?? '')));
}

/** The public page the e-mailed link opens. */
export const SIGN_CONTRACT_PAGE = '/sign-contract';
