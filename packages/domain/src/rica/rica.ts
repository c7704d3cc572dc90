import { z } from 'zod';

const present = (label: string) => z.string().trim().min(1, `${label} is required`);
const required = (label: string, max: number) => present(label).max(max, `${label} is too long`);
const optional = (label: string, max: number) => z.string().trim().max(max, `${label} is too long`).optional();

/**
 * The RICA form (spec 1 §2.6, §5.6): every field '{Label} is required'; the SIM number numeric.
 * Each free-text field has a ceiling (an ICCID has at most 22 digits) so a submission that is stored and
 * handed to the operator stays the size of a form (decision 063).
 */
export const RicaRequest = z.object({
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
