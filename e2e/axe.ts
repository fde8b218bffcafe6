import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const AXE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core's serious and critical findings on the page as it stands, one line each; within
 * the element `scope` selects when given (a feature's part of a page another feature owns).
 */
export async function seriousViolations(page: Page, scope?: string): Promise<string[]> {
  // Evaluated through the browser's protocol, not added as a <script>: the platform's
  // Content-Security-Policy refuses inline scripts, and must not be bypassed to test it.
  // Contrast is judged on what the user sees once it has settled, not mid-fade: wait for
  // the finite CSS transitions and animations running now (a tab's colour, a notice
  // fading in) to end. Endless ones (spinners) never do and are not waited for.
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
  await page.evaluate(AXE);
  return page.evaluate(async (include) => {
    const axe = (
      window as unknown as { axe: { run(context: unknown): Promise<{ violations: unknown[] }> } }
    ).axe;
    const { violations } = await axe.run(include ? { include: [include] } : document);
    return (violations as { id: string; impact: string; nodes: { target: string[] }[] }[])
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  }, scope);
}
