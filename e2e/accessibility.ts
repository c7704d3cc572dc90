import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Until the page's finite animations and transitions have ended (a dialog fading in, a tab's ink
 * sliding): axe reads colours mid-fade and reports low contrast that no user sees. Endless ones
 * (a spinner) do not count.
 */
export async function untilTransitionsEnd(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
}

/** No serious or critical WCAG 2.1 A or AA violation on the page as it stands. */
export async function expectNoSeriousViolations(page: Page, what: string): Promise<void> {
  await untilTransitionsEnd(page);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
  expect(serious, `${what}: serious accessibility violations`).toEqual([]);
}
