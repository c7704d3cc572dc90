// Arranges data straight in the e2e server's database, for journeys whose starting point no page
// offers (a commission freeze, a removed feature flag, an approval by another person).
import pg from 'pg';
import { e2eDatabaseUrl } from './environment.ts';

async function withClient<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: e2eDatabaseUrl() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Runs one statement on the e2e database and returns its rows. */
export function query<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  return withClient(async (client) => (await client.query<T>(text, values)).rows);
}

/** Turns the commission freeze on or off (app_settings 'commission_freeze'). */
export function setCommissionFreeze(on: boolean): Promise<void> {
  return withClient(async (client) => {
    await client.query(
      `INSERT INTO app_settings (key, value) VALUES ('commission_freeze', $1::jsonb)
       ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = now()`,
      [JSON.stringify(on)],
    );
  });
}

/** Sets the e-mail and phone verification flags of a user. */
export function setVerified(email: string, flags: { email: boolean; phone: boolean }): Promise<void> {
  return withClient(async (client) => {
    await client.query('UPDATE users_master SET email_verified = $2, phone_verified = $3 WHERE email = $1', [
      email,
      flags.email,
      flags.phone,
    ]);
  });
}

/** Sets a user's lifecycle status (1 pending, 2 active, …), as an approval does. */
export function setLifecycleStatus(email: string, statusId: number): Promise<void> {
  return withClient(async (client) => {
    await client.query('UPDATE users_master SET refs_user_lifecycle_status_id = $2 WHERE email = $1', [
      email,
      statusId,
    ]);
  });
}

/** Takes a feature flag away from a user; gives back a function that restores it. */
export function removeFeature(email: string, feature: string): Promise<() => Promise<void>> {
  return withClient(async (client) => {
    const { rows } = await client.query<{ user_master_id: number; features_master_id: number }>(
      `DELETE FROM users_access_index a
        USING users_master u, features_master f
        WHERE a.user_master_id = u.id AND a.features_master_id = f.id AND u.email = $1 AND f.name = $2
        RETURNING a.user_master_id, a.features_master_id`,
      [email, feature],
    );
    return () =>
      withClient(async (again) => {
        for (const row of rows) {
          await again.query(
            `INSERT INTO users_access_index (user_master_id, features_master_id) VALUES ($1, $2)
             ON CONFLICT DO NOTHING`,
            [row.user_master_id, row.features_master_id],
          );
        }
      });
  });
}

/**
 * An active, verified demo user outside the five personas, with an e-mail address and a phone:
 * journeys that change a password use one so the personas keep theirs.
 */
export function findSpareUser(skip = 0): Promise<{ id: number; email: string; phone: string }> {
  return withClient(async (client) => {
    const { rows } = await client.query<{ id: number; email: string; phone: string }>(
      `SELECT id, email, phone FROM users_master
        WHERE refs_user_lifecycle_status_id = 2 AND email_verified AND phone_verified AND NOT is_admin
          AND email IS NOT NULL AND phone IS NOT NULL AND email NOT LIKE '%@demo.co.za'
        ORDER BY id DESC OFFSET $1 LIMIT 1`,
      [skip],
    );
    const row = rows[0];
    if (!row) throw new Error('The demo seed has no spare active user');
    return row;
  });
}

/**
 * Puts away the 'Your Alerts' popup of every alert waiting for a user, as 'Got It' does (they stay
 * unread): a journey that opens the home page then starts with no popup, instead of waiting to see
 * whether one comes.
 */
export function putAwayAlertPopups(email: string): Promise<void> {
  return withClient(async (client) => {
    await client.query(
      `UPDATE alert_recipients r SET popup_dismissed_at = now()
         FROM users_master u
        WHERE r.user_id = u.id AND u.email = $1 AND r.popup_dismissed_at IS NULL`,
      [email],
    );
  });
}
