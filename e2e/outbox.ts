// Reads mail and SMS the way a tester would: as the admin, on the '/outbox' page, in a second
// browser context beside the one the journey runs in.
import { type Browser, type BrowserContext, expect, type Page } from '@playwright/test';
import { e2eBaseUrl } from './environment.ts';
import { openAs } from './fixtures.ts';

export class AdminOutbox {
  private constructor(
    private readonly context: BrowserContext,
    readonly page: Page,
  ) {}

  /** Opens '/outbox' as the admin in a context of its own, filtered to one recipient. */
  static async open(browser: Browser, recipient: string): Promise<AdminOutbox> {
    // Like the journeys' own contexts (playwright.config.ts): no service worker, every load fresh.
    const context = await browser.newContext({
      baseURL: e2eBaseUrl,
      viewport: { width: 1366, height: 900 },
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    await openAs(page, 'admin', '/outbox');
    await expect(page.getByRole('heading', { name: 'Outbox' })).toBeVisible();
    const outbox = new AdminOutbox(context, page);
    await outbox.showOnly(recipient);
    return outbox;
  }

  private recipient = '';

  /** Filters the list to one recipient (part of an e-mail address or phone number). */
  async showOnly(recipient: string): Promise<void> {
    this.recipient = recipient;
    await this.whileLoading(() => this.page.getByLabel('Recipient').fill(recipient), recipient);
  }

  private async whileLoading(action: () => Promise<unknown>, recipient?: string): Promise<void> {
    const loaded = this.page.waitForResponse(
      (response) =>
        response.url().includes('/api/outbox') &&
        (!recipient || response.url().includes(`recipient=${encodeURIComponent(recipient)}`)),
    );
    await action();
    await loaded;
  }

  private rows() {
    return this.page.locator('.MuiDataGrid-row');
  }

  /** The id of the newest message shown, or null when there is none. */
  async newestId(): Promise<number | null> {
    await expect(this.page.getByRole('progressbar')).toHaveCount(0);
    // The list shows the filtered recipient's messages (or none) once the new answer is drawn.
    await expect
      .poll(async () => {
        if (await this.page.getByText('No messages yet').isVisible()) return true;
        const to = await this.rows()
          .first()
          .locator('[data-field="recipient"]')
          .textContent({ timeout: 1_000 })
          .catch(() => '');
        return (to ?? '').includes(this.recipient);
      })
      .toBe(true);
    if ((await this.rows().count()) === 0) return null;
    const label = await this.rows()
      .first()
      .getByRole('button', { name: /^Open message \d+$/ })
      .getAttribute('aria-label');
    return label ? Number(label.split(' ').pop()) : null;
  }

  /** Refreshes until a message newer than `afterId` is at the top; answers its text. */
  async waitForNewer(afterId: number | null): Promise<string> {
    await expect
      .poll(
        async () => {
          // The page refreshes itself every 5 seconds; Refresh asks sooner when it is not already loading.
          await this.page
            .getByRole('button', { name: 'Refresh' })
            .click({ timeout: 1_000 })
            .catch(() => undefined);
          const id = await this.newestId();
          return id !== null && id !== afterId;
        },
        { timeout: 30_000, intervals: [500, 1000, 1500] },
      )
      .toBe(true);
    return (await this.rows().first().locator('[data-field="body"]').textContent()) ?? '';
  }

  async close(): Promise<void> {
    await this.context.close();
  }
}

export function codeIn(text: string): string {
  const match = /(?<!\d)(\d{6})(?!\d)/.exec(text.replace(/https?:\/\/\S+/g, ' '));
  if (!match?.[1]) throw new Error(`No 6-digit code in: ${text}`);
  return match[1];
}

export function linkIn(text: string, pattern: RegExp): string {
  const link = (text.match(/https?:\/\/[^\s<>"')\]]+/g) ?? []).find((candidate) => pattern.test(candidate));
  if (!link) throw new Error(`No link matching ${pattern} in: ${text}`);
  return link.replace(/[.,;:!?]+$/, '');
}
