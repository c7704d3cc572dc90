import { Availability } from '@portal/domain/people/new-user';
import { api } from '../../../lib/api';

export type AvailabilityField = 'identificationNo' | 'phone' | 'email';

/**
 * Whether the value is already used by another user (letter case ignored). A failing lookup counts
 * as in use (spec 1 §5.4): the person is told to check, never let through unchecked.
 */
export async function isInUse(field: AvailabilityField, value: string): Promise<boolean> {
  try {
    const answer = await api('/api/people/availability', { query: { [field]: value }, schema: Availability });
    return !answer.available;
  } catch {
    return true;
  }
}
