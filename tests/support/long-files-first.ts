import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The browser test files that take longest (each 20-50 s in a clean CI run, measured
 * 2026-11-26: they walk every page, or start the shipped site, a cluster behind nginx or a
 * crash loop). On a clean clone Vitest has no durations yet and orders files by size, which put
 * these small files last: the run then ended on them, one or two workers busy while the third
 * idled. Starting them first lets the many short files fill in around them.
 */
export const LONG_BROWSER_FILES = [
  "tests/e2e/admin-a11y.test.ts",
  "tests/e2e/public-budgets.load.test.ts",
  "tests/e2e/journeys.sqlite.no-js.test.ts",
  "tests/e2e/journeys.postgres.test.ts",
  "tests/e2e/crash-restart.reliability.test.ts",
  "tests/e2e/malformed-input.test.ts",
  "tests/e2e/public-budgets.axe.test.ts",
  "tests/e2e/journeys.sqlite.js.test.ts",
  "tests/e2e/several-instances.restart.test.ts",
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
