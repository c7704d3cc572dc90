import { test as base, expect, type Page } from '@playwright/test';

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

/** Signs out through the side menu. */
export async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

export const test = base;
export { expect };
