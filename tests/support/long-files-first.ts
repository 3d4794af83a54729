import { BaseSequencer, type TestSpecification } from "vitest/node";

/*
 * The order in which the browser test files start (decision 0096). Three files run at a time on
 * two cores, and the phase is bound by CPU, so what matters is that the cores never wait:
 *
 * - The long files start first. Started last, one of them would run alone at the end with the
 *   other workers idle (a run once ended on critical-styles, started at 627 s of 792).
 * - A long file that mostly waits never starts beside two others that wait. Such a file uses
 *   half a core or less (a person's seconds at a form, a webhook's 5 s retry, a restart, a page
 *   left to settle), and three of them at once left the cores 20-50% idle for a minute. So the
 *   waiting files go in one at a time, each after two busy ones.
 *
 * Measured alone on a quiet machine on 28 November (CPU seconds over wall seconds, Vitest's start
 * included): the waiting files 0.33-0.86 cores, the busy ones 1.15-1.4. Add a file to one of the
 * lists when a CI run shows it over about 15 s, by what it does.
 */

/** Long browser files that mostly wait: at most one of them is started between two busy ones. */
export const LONG_WAITING_FILES = [
  "tests/e2e/public-budgets.load.test.ts",
  "tests/e2e/journeys.sqlite.no-js.test.ts",
  "tests/e2e/journeys.postgres.test.ts",
  "tests/e2e/journeys.sqlite.js.test.ts",
  "tests/e2e/crash-restart.reliability.test.ts",
  "tests/e2e/several-instances.webhooks.test.ts",
  "tests/e2e/several-instances.restart.test.ts",
  "tests/e2e/booking-manage.test.ts",
  "tests/e2e/admin-staff.admin.test.ts",
  "tests/e2e/server-processes.test.ts",
  "tests/e2e/server.test.ts",
  "tests/e2e/several-instances.bookings.test.ts",
];

/** Long browser files that keep more than a core busy, longest first. */
export const LONG_BUSY_FILES = [
  "tests/e2e/admin-a11y.test.ts",
  "tests/e2e/public-budgets.axe.test.ts",
  "tests/e2e/tools-wage-gratuity-esop.test.ts",
  "tests/e2e/service-worker.test.ts",
  "tests/e2e/critical-styles.test.ts",
  "tests/e2e/admin-article-versions.test.ts",
  "tests/e2e/people.test.ts",
  "tests/e2e/admin-auth.sign-in.test.ts",
  "tests/e2e/careers-apply.test.ts",
  "tests/e2e/malformed-input.test.ts",
  "tests/e2e/tools-ctc.test.ts",
  "tests/e2e/admin-content.services.test.ts",
  "tests/e2e/privacy-consent.test.ts",
  "tests/e2e/admin-resources.test.ts",
  "tests/e2e/admin-insights.test.ts",
  "tests/e2e/leads-inbox.list.test.ts",
  "tests/e2e/booking.test.ts",
  "tests/e2e/admin-social-proof.test.ts",
  "tests/e2e/leads-contact.js.test.ts",
  "tests/e2e/several-instances.shared.test.ts",
  "tests/e2e/admin-applications.test.ts",
  "tests/e2e/booking-meeting-types.test.ts",
  "tests/e2e/public-faults.test.ts",
  "tests/e2e/admin-auth.config.test.ts",
];

/**
 * The long files in the order they start: a waiting file, then two busy ones, and so on; what is
 * left of either list follows.
 */
export function longFilesInStartOrder(
  waiting: readonly string[] = LONG_WAITING_FILES,
  busy: readonly string[] = LONG_BUSY_FILES,
): string[] {
  const order: string[] = [];
  let w = 0;
  let b = 0;
  while (w < waiting.length || b < busy.length) {
    if (w < waiting.length) order.push(waiting[w++]!);
    for (let i = 0; i < 2 && b < busy.length; i++) order.push(busy[b++]!);
  }
  return order;
}

/**
 * Vitest's order (projects by group, then the longest known or largest files first), except that
 * the long browser files go first, in `longFilesInStartOrder`. That order holds also when Vitest
 * has durations on record: longest first would start the shipped site's three journeys and the
 * page budgets together, all of them waiting.
 */
export class LongFilesFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const startOrder = longFilesInStartOrder();
    const rank = (spec: TestSpecification) => {
      const index = startOrder.findIndex((file) => spec.moduleId.endsWith(`/${file}`));
      return index === -1 ? startOrder.length : index;
    };
    const byProject = new Map<string, TestSpecification[]>();
    for (const spec of sorted) {
      const group = byProject.get(spec.project.name) ?? [];
      group.push(spec);
      byProject.set(spec.project.name, group);
    }
    // Stable: the other files keep Vitest's order, after the long ones.
    return [...byProject.values()].flatMap((group) => [...group].sort((a, b) => rank(a) - rank(b)));
  }
}
