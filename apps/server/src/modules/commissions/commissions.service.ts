import type { Executor } from '../../db/client.ts';
import { findCommissionFreezeSetting } from './commission-freeze.queries.ts';

// The commission cycle as other modules see it. For now: the freeze (spec 3 §4.5), during which
// profile, contact and banking changes are refused so the pay run reads settled records.

/** On when the setting is `true` or an object with `enabled` or `active` true; anything else is off. */
export async function isCommissionFreezeOn(db: Executor): Promise<boolean> {
  const value = await findCommissionFreezeSetting(db);
  if (value === true) return true;
  if (value && typeof value === 'object') {
    const flags = value as { enabled?: unknown; active?: unknown };
    return flags.enabled === true || flags.active === true;
  }
  return false;
}
