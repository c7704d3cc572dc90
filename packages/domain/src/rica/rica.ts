import { z } from 'zod';
import { tryAgainIn } from '../accounts/limits.ts';
import { checkSaId } from '../people/sa-id.ts';

/** A dealer's RICA registrations in any hour at most (decision 067); the next is refused with 429. */
export const RICA_SUBMISSIONS_PER_HOUR = 30;

export const RICA_MESSAGES = {
  simRegistered: 'This SIM card already has a RICA registration on this network.',
  tooMany: (retryAfterSeconds: number) =>
    `You have submitted ${RICA_SUBMISSIONS_PER_HOUR} RICA registrations in the last hour. ${tryAgainIn(retryAfterSeconds)}`,
} as const;

const present = (label: string) => z.string().trim().min(1, `${label} is required`);
const required = (label: string, max: number) => present(label).max(max, `${label} is too long`);
const optional = (label: string, max: number) => z.string().trim().max(max, `${label} is too long`).optional();

/**
 * The RICA form (spec 1 §2.6, §5.6): every field '{Label} is required'; the SIM number numeric; an
 * SA ID number a valid one (§5.1).
 * Each free-text field has a ceiling (an ICCID has at most 22 digits) so a submission that is stored and
 * handed to the operator stays the size of a form (decision 063).
 */
export const RicaRequest = z
  .object({
    network: present('Network'),
    simNumber: required('SIM Number', 22).regex(/^\d+$/, 'SIM Number must only contain numbers'),
    idType: z.enum(['RSAID', 'PASSPORT'], { error: 'ID Type is required' }),
    idNationality: present('ID Nationality').length(3, 'ID Nationality is required'),
    idNumber: required('ID Number', 30),
    name: required('Name', 100),
    surname: required('Surname', 100),
    address1: required('Address', 200),
    address2: optional('Address', 200),
    address3: optional('Address', 200),
    city: required('City', 100),
    suburb: required('Suburb', 100),
    postalCode: required('Postal Code', 10),
    country: present('Country').length(3, 'Country is required'),
  })
  .superRefine((form, ctx) => {
    // An SA ID must be one (spec 1 §5.1: 13 digits, a real date of birth with the pivot at 30, the
    // check digit), with the checker the wizard and Edit User use (decision 067).
    if (form.idType !== 'RSAID' || !form.idNumber) return;
    const check = checkSaId(form.idNumber);
    if (!check.valid) ctx.addIssue({ code: 'custom', path: ['idNumber'], message: check.message });
  });
export type RicaRequest = z.infer<typeof RicaRequest>;

/** As the spec's call answers: code 200 with the result text in message.result. */
export const RicaResponse = z.object({
  code: z.literal(200),
  id: z.number().int(),
  status: z.enum(['submitted', 'succeeded', 'failed']),
  message: z.object({ result: z.string() }),
});
export type RicaResponse = z.infer<typeof RicaResponse>;

/** The ID type choices as the RICA form labels them. */
export const RICA_ID_TYPES = [
  { value: 'RSAID', label: 'SA ID' },
  { value: 'PASSPORT', label: 'Passport (P)' },
] as const;
