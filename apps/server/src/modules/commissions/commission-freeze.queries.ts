import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { appSettings } from '../../db/schema/index.ts';

/** The stored 'commission_freeze' setting, as it is. */
export async function findCommissionFreezeSetting(db: Executor): Promise<unknown> {
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, 'commission_freeze'));
  return row?.value;
}
