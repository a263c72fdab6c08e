/**
 * axe-core in the page, loaded once per document.
 *
 * AxeBuilder.analyze() (@axe-core/playwright) evaluates the whole axe-core source (~550 kB) in the
 * page on every call, and then opens a second, blank page and evaluates the source there again to
 * merge the per-frame results (axe.finishRun). On a loaded 2-core machine those two evaluations and
 * the extra page cost 3–10 s per scan, far more than the analysis itself. The app has no frames, so
 * axe.run() in the page sees everything the frame-by-frame run sees; this loads the same axe-core
 * build AxeBuilder would use, keeps it for the life of the document (client-side navigation keeps
 * it across screens), and falls back to AxeBuilder if a page ever does contain frames.
 */
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

// The axe-core that @axe-core/playwright itself depends on (it pins its own minor version).
const axeSource: string = (
  createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'))('axe-core') as { source: string }
).source;

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/** What to check: every rule of some tags, or only the named rules. */
export type AxeRules = { tags: string[] } | { rules: string[] };

export async function axeViolations(page: Page, what: AxeRules): Promise<AxeViolation[]> {
  const runOnly = 'tags' in what ? { type: 'tag', values: what.tags } : { type: 'rule', values: what.rules };
  const hasFrames = await page.evaluate(() => window.frames.length > 0);
  if (hasFrames) {
    const builder = new AxeBuilder({ page });
    const results = await ('tags' in what ? builder.withTags(what.tags) : builder.withRules(what.rules)).analyze();
    return results.violations.map(({ id, impact, help, nodes }) => ({
      id,
      impact: impact ?? null,
      help,
      nodes: nodes.map((n) => ({ target: n.target.map(String), failureSummary: n.failureSummary })),
    }));
  }
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  // resultTypes: every node only for the violations; passes and incomplete results keep one node
  // each instead of a selector and HTML snippet for every element axe checked (axe's documented
  // option for large pages, 3–14 % of a scan here). The violations found are the same.
  return page.evaluate(
    async (options) => {
      type Axe = { run: (context: Document, options: unknown) => Promise<{ violations: AxeViolation[] }> };
      const { violations } = await (window as unknown as { axe: Axe }).axe.run(document, options);
      // Only what the report needs crosses back (passes and incomplete results are large).
      return violations.map(({ id, impact, help, nodes }) => ({
        id,
        impact: impact ?? null,
        help,
        nodes: nodes.map((n) => ({ target: n.target.map(String), failureSummary: n.failureSummary })),
      }));
    },
    { runOnly, resultTypes: ['violations'] },
  );
}

/** The violations the suite fails on: serious and critical. */
export function seriousViolations(violations: AxeViolation[]): AxeViolation[] {
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}
