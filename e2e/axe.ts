import { expect } from './fixtures';
import { type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { settled } from './network';

// Evaluated through the DevTools protocol: the app's Content-Security-Policy rightly refuses injected script tags.
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** axe's rules beyond WCAG for the admin: one h1 on every page, and no heading without text. */
export const headingRules = ['page-has-heading-one', 'empty-heading'];

/**
 * Runs axe-core on the page as it is (WCAG 2.1 A and AA rules, and any `rules` named besides) and fails with a
 * readable list of violations.
 */
export async function expectAccessible(page: Page, { rules = [] }: { rules?: string[] } = {}) {
  // Scan the page as a person reads it: once loading has settled.
  await settled(page);
  await expect(page.locator('.MuiCircularProgress-root, .MuiSkeleton-root, .MuiLinearProgress-root')).toHaveCount(0);
  // …and once what is fading in has arrived: a dialog half faded in has, for that moment, too little contrast. (A
  // focused button's ripple pulsates for ever: only animations that end are waited for.)
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
  // Once per document: a move within the app keeps it.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async (extra) => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: Violation[] }> } }).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      rules: Object.fromEntries(extra.map((rule) => [rule, { enabled: true }])),
    });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target })) }));
  }, rules);
  const readable = violations.map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(readable, `accessibility violations on ${page.url()}`).toEqual([]);
}
