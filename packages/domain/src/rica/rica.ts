import { z } from 'zod';

const required = (label: string) => z.string().trim().min(1, `${label} is required`);

/** The RICA form (spec 1 §2.6, §5.6): every field '{Label} is required'; the SIM number numeric. */
export const RicaRequest = z.object({
  network: required('Network'),
  simNumber: required('SIM Number').regex(/^\d+$/, 'SIM Number must only contain numbers'),
  idType: z.enum(['RSAID', 'PASSPORT'], { error: 'ID Type is required' }),
  idNationality: required('ID Nationality').length(3, 'ID Nationality is required'),
  idNumber: required('ID Number'),
  name: required('Name'),
  surname: required('Surname'),
  address1: required('Address'),
  address2: z.string().trim().optional(),
  address3: z.string().trim().optional(),
  city: required('City'),
  suburb: required('Suburb'),
  postalCode: required('Postal Code'),
  country: required('Country').length(3, 'Country is required'),
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
