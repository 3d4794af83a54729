import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The browser test files that take longest, longest first (each 16-86 s in a run of every browser
 * file on a quiet two-core machine, 2026-11-26 at 20:07, three at a time: they walk every page at
 * two widths, start the shipped site, a cluster behind nginx or a crash loop, or follow a visitor
 * through several forms). On a clean clone Vitest has no durations yet and orders files by size,
 * which put some of these last: one run ended on critical-styles (103 s, started at 627 s of
 * 792) with the other workers idle. Starting them first lets the many short files fill in around
 * them. Add a file here when a CI run shows it over about 15 s.
 */
export const LONG_BROWSER_FILES = [
  "tests/e2e/admin-a11y.test.ts",
  "tests/e2e/public-budgets.load.test.ts",
  "tests/e2e/public-budgets.axe.test.ts",
  "tests/e2e/journeys.sqlite.no-js.test.ts",
  "tests/e2e/journeys.postgres.test.ts",
  "tests/e2e/tools-wage-gratuity-esop.test.ts",
  "tests/e2e/crash-restart.reliability.test.ts",
  "tests/e2e/journeys.sqlite.js.test.ts",
  "tests/e2e/several-instances.restart.test.ts",
  "tests/e2e/people.test.ts",
  "tests/e2e/admin-auth.sign-in.test.ts",
  "tests/e2e/critical-styles.test.ts",
  "tests/e2e/admin-article-versions.test.ts",
  "tests/e2e/several-instances.webhooks.test.ts",
  "tests/e2e/careers-apply.test.ts",
  "tests/e2e/malformed-input.test.ts",
  "tests/e2e/server.test.ts",
  "tests/e2e/booking-manage.test.ts",
  "tests/e2e/admin-auth.config.test.ts",
  "tests/e2e/leads-contact.js.test.ts",
  "tests/e2e/several-instances.shared.test.ts",
  "tests/e2e/booking-meeting-types.test.ts",
];

const rank = (spec: TestSpecification) => {
  const index = LONG_BROWSER_FILES.findIndex((file) => spec.moduleId.endsWith(`/${file}`));
  return index === -1 ? LONG_BROWSER_FILES.length : index;
};

/**
 * Vitest's order (projects by group, then the longest known or largest files first), except that
 * in a project with no durations on record the long browser files go first.
 */
export class LongFilesFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const byProject = new Map<string, TestSpecification[]>();
    for (const spec of sorted) {
      const group = byProject.get(spec.project.name) ?? [];
      group.push(spec);
      byProject.set(spec.project.name, group);
    }
    return [...byProject.values()].flatMap((group) =>
      group.some((spec) => this.ctx.cache.getTestSpecificationResult(spec) !== undefined)
        ? group
        : // Stable: the other files keep Vitest's order.
          [...group].sort((a, b) => rank(a) - rank(b)),
    );
  }
}
