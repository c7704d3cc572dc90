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

/** Signs in through the real sign-in page, as a person would. */
export async function signIn(page: Page, persona: Persona, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(personas[persona]);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/$/);
}

export const test = base;
export { expect };
