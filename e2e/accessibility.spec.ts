import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import type { Result } from 'axe-core';
import { catalogFacts, MEMBER_STORAGE_STATE } from './support/env';
import { SITE_PAGES } from './support/pages';

const BLOCKING = new Set(['serious', 'critical']);
/** Phone and desktop layouts (the navigation and grids differ between them). */
const SCAN_WIDTHS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;

function describe(violations: Result[]): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes
        .map(
          (node) =>
            `    at ${node.target.join(' ')}\n      ${(node.failureSummary ?? '').replace(/\n/g, '\n      ')}`,
        )
        .join('\n');
      return `  [${violation.impact}] ${violation.id}: ${violation.help}\n    ${violation.helpUrl}\n${nodes}`;
    })
    .join('\n');
}

/** axe-core on every page; any serious or critical violation fails, and is printed. */
for (const as of ['visitor', 'member'] as const) {
  test.describe(`accessibility as a ${as}`, () => {
    if (as === 'member') test.use({ storageState: MEMBER_STORAGE_STATE });

    for (const sitePage of SITE_PAGES.filter((candidate) => candidate.as === as)) {
      test(`${sitePage.name} has no serious or critical axe violations`, async ({ page }, testInfo) => {
        const url = sitePage.path(catalogFacts());
        const problems: string[] = [];
        for (const viewport of SCAN_WIDTHS) {
          await page.setViewportSize(viewport);
          await page.goto(url);
          await sitePage.ready(page);
          await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
          const results = await new AxeBuilder({ page }).analyze();
          expect(results.passes.length, 'axe checked the page').toBeGreaterThan(0);
          await testInfo.attach(`axe-${sitePage.name}-${viewport.width}.json`, {
            body: JSON.stringify(results.violations, null, 2),
            contentType: 'application/json',
          });
          const blocking = results.violations.filter((violation) => BLOCKING.has(violation.impact ?? ''));
          const minor = results.violations.filter((violation) => !BLOCKING.has(violation.impact ?? ''));
          if (minor.length > 0) {
            testInfo.annotations.push({
              type: 'axe (not blocking)',
              description: `${viewport.width} px: ${minor.map((violation) => `${violation.id} (${violation.impact})`).join(', ')}`,
            });
          }
          if (blocking.length > 0) {
            problems.push(`${url} at ${viewport.width} px:\n${describe(blocking)}`);
          }
        }
        if (problems.length > 0) console.log(`axe violations on ${sitePage.name}:\n${problems.join('\n')}`);
        expect(problems, `serious or critical axe violations:\n${problems.join('\n')}`).toEqual([]);
      });
    }
  });
}
