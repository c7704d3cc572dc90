import { test as base, type Cookie, expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Demo1234!';

export const personas = {
  admin: 'admin@demo.co.za',
  leader: 'leader@demo.co.za',
  agent: 'agent@demo.co.za',
  pending: 'pending@demo.co.za',
  unverified: 'unverified@demo.co.za',
} as const;
export type Persona = keyof typeof personas;

/** The personas' cellphones as people type them (stored +27…). */
export const phones = {
  admin: '0820000001',
  leader: '0820000002',
  agent: '0820000003',
  pending: '0820000004',
  unverified: '0820000005',
} as const satisfies Record<Persona, string>;

/** Signs in through the real sign-in page, as a person would (a persona, or any e-mail address). */
export async function signIn(page: Page, who: Persona | string, password = DEMO_PASSWORD): Promise<void> {
  const email = who in personas ? personas[who as Persona] : who;
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  // Home, or the password page for someone holding a temporary password.
  await expect(page).toHaveURL(/\/(update-password)?$/);
}

// This worker's session per persona, made by the first sign-in through the page (docs/decisions/051).
const sessions = new Map<Persona, Cookie[]>();

/**
 * Opens `path` signed in as a persona, for journeys that are not about signing in: with the session
 * this worker's first sign-in of that persona made, else (none yet, or it ended: a sign-out, a
 * password change, the idle limit) through the sign-in page, whose session is then kept.
 */
export async function openAs(page: Page, who: Persona, path = '/'): Promise<void> {
  const context = page.context();
  const kept = sessions.get(who);
  if (kept) {
    await context.addCookies(kept);
    // The server decides whether the session still holds; one small request, no page.
    if ((await context.request.get('/api/me')).ok()) {
      await page.goto(path);
      if (path === '/') await expect(page).toHaveURL(/\/$/);
      return;
    }
    sessions.delete(who);
    await context.clearCookies();
  }
  await signIn(page, who);
  sessions.set(who, await context.cookies());
  if (path !== '/') await page.goto(path);
}

/** Signs out through the side menu. */
export async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

export const test = base;
export { expect };
