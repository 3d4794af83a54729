import axe from "axe-core";
import type { Page } from "playwright-core";

/**
 * What axe-core finds on the page with its default rules (WCAG and best practices), one line per
 * rule broken with where: "id (impact): help at target, target". Only violations are collected
 * (`resultTypes`): axe then keeps one example of each passing rule instead of every node, which
 * on a long admin page was most of its time.
 */
export async function axeFindings(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: axe.source });
  const violations = (await page.evaluate(async () => {
    const { axe } = window as unknown as {
      axe: { run: (context: Document, options: object) => Promise<{ violations: unknown[] }> };
    };
    return (await axe.run(document, { resultTypes: ["violations"] })).violations;
  })) as Array<{ id: string; impact: string | null; help: string; nodes: { target: string[] }[] }>;
  return violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
  );
}
