/// <reference lib="dom" />
import { expect, openAs, test } from './fixtures';

// The one journey with the service worker on (playwright.config.ts blocks it for the others).
test.use({ serviceWorkers: 'allow' });

test('the portal installs: a valid manifest with icons and a registered service worker', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();

  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(manifestHref).toBe('/manifest.webmanifest');
  const manifest = await (await page.request.get(manifestHref!)).json();
  expect(manifest).toMatchObject({
    name: 'Dealer Portal',
    short_name: 'Dealer Portal',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: '#0b3a8c',
  });
  const sizes = manifest.icons.map((icon: { sizes: string }) => icon.sizes);
  expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
  expect(manifest.icons.some((icon: { purpose?: string }) => icon.purpose === 'maskable')).toBe(true);
  for (const icon of manifest.icons as { src: string; type: string }[]) {
    const answer = await page.request.get(icon.src);
    expect(answer.status(), icon.src).toBe(200);
    expect(answer.headers()['content-type'], icon.src).toContain(icon.type);
  }

  // Chromium reads the manifest without errors.
  const cdp = await page.context().newCDPSession(page);
  const parsed = await cdp.send('Page.getAppManifest');
  expect(parsed.errors).toEqual([]);

  // The worker comes from a file (no inline script) and takes control of the page. `ready` answers
  // once there is an active worker, which may still be 'activating' for a moment.
  const worker = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return { scope: registration.scope, script: registration.active?.scriptURL };
  });
  expect(worker.scope).toMatch(/\/$/);
  expect(worker.script).toMatch(/\/sw\.js$/);
  await expect
    .poll(() => page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state))
    .toBe('activated');
});

test('with no signal a page shows the offline page, and Try again loads it when the signal is back', async ({
  page,
  context,
}) => {
  await openAs(page, 'agent');
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

  await context.setOffline(true);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: "You're offline" })).toBeVisible();
  await expect(page).toHaveTitle(/offline/i);
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();

  await context.setOffline(false);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page).toHaveURL(/\/profile\??$/);
  await expect(page.getByRole('heading', { name: "You're offline" })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
});

test('the service worker keeps the page shell, never an API answer', async ({ page }) => {
  await openAs(page, 'agent');
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  // A second load, now through the worker: the page comes from its cache, the API from the network.
  await page.reload();
  await expect(page.getByText('Welcome back')).toBeVisible();

  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });
  // The shell a page load gets at once: index.html and the entry script it names.
  const entry = await page.locator('script[type="module"]').first().getAttribute('src');
  expect(cached).toEqual(expect.arrayContaining(['/index.html', entry, '/offline.html']));
  expect(cached.filter((url) => url.startsWith('/api/'))).toEqual([]);
});
