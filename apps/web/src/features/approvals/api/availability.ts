import { Availability } from '@portal/domain/people/new-user';
import { api } from '../../../lib/api';

/** Whether a phone or ID/passport number is used by someone else; a failing lookup counts as in use. */
export async function isTaken(field: 'identificationNo' | 'phone', value: string): Promise<boolean> {
  try {
    return !(await api('/api/people/availability', { query: { [field]: value }, schema: Availability })).available;
  } catch {
    return true;
  }
}
