/** Accessibility gate for a screen: axe-core finds nothing serious or critical. */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, default as Axe } from 'axe-core';
import type { Page } from 'playwright-core';

const BLOCKING = new Set(['serious', 'critical']);

/** axe-core's browser build, evaluated once in each document a journey scans. */
const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/**
 * Waits until nothing is mid-transition: axe measures colour contrast from computed styles, and
 * a toast or dialog fading in is, for a moment, faint text. Mantine mounts an entering element
 * at its start style for a frame before its CSS transition runs, so both are checked.
 */
async function settle(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const moving = document
      .getAnimations()
      .some((animation) => animation instanceof CSSTransition && animation.playState === 'running');
    if (moving) return false;
    return [...document.querySelectorAll('[role="alert"], [role="dialog"]')].every((element) => {
      for (let node: Element | null = element; node; node = node.parentElement) {
        if (getComputedStyle(node).opacity !== '1') return false;
      }
      return true;
    });
  });
}

type Violation = Pick<AxeResults['violations'][number], 'id' | 'impact' | 'help'> & {
  targets: string[];
};

/**
 * The page's own document, scanned in the page: axe is evaluated there once per document (not
 * once per scan, as @axe-core/playwright's AxeBuilder does, which also opened a blank tab per
 * scan to assemble the result: 1.7 s a scan against about 0.4 s; the 126 scans were a quarter
 * of the browser suite's test time, issue 40). Only violations are gathered: axe then skips describing every
 * passing element. The frames in the app are the video hosts' players (YouTube, Vimeo, Drive,
 * faked in the journeys), not the app's to mend, so they are left out.
 */
async function scan(page: Page, within?: string): Promise<Violation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async (selector) => {
    const axe = (window as unknown as { axe: typeof Axe }).axe;
    const context = selector ? { include: [selector] } : document;
    const results = await axe.run(context, { resultTypes: ['violations'], iframes: false });
    return results.violations.map(({ id, impact, help, nodes }) => ({
      id,
      impact,
      help,
      targets: nodes.map((node) => node.target.join(' ')),
    }));
  }, within);
}

/**
 * The serious and critical violations on the page now (or in the part `within` selects), one
 * line per rule with its targets.
 */
export async function seriousA11yViolations(page: Page, within?: string): Promise<string[]> {
  await settle(page);
  return (await scan(page, within))
    .filter((v) => v.impact && BLOCKING.has(v.impact))
    .map((v) => {
      const targets = v.targets.map((target) => `    ${target}`).join('\n');
      return `- ${v.id} (${v.impact}): ${v.help}\n${targets}`;
    });
}

export async function expectNoSeriousA11yViolations(page: Page, within?: string): Promise<void> {
  let report = await seriousA11yViolations(page, within);
  // A toast can start to enter between `settle` and axe's reading of the styles (an answer that
  // arrived meanwhile): then its text is faint for that frame (color-contrast on the toast, seen
  // in CI with two workers). A real defect is there on a second look too; a passing moment is not.
  if (report.length > 0) report = await seriousA11yViolations(page, within);
  if (report.length > 0) {
    throw new Error(
      `axe found serious or critical violations on ${page.url()}:\n${report.join('\n')}`,
    );
  }
}
