import { relative } from "node:path";
import type { Reporter, TestCase } from "vitest/node";

/**
 * Names, at the end of a run, every browser test that failed and then passed on its retry (CI
 * allows one, see docs/decisions/0008-browser-test-retries.md). Such a test still counts as
 * passed, so this list is what keeps the race it hit from going unnoticed.
 */
export default class RetriedTestsReporter implements Reporter {
  private readonly retried: string[] = [];

  onTestCaseResult(testCase: TestCase) {
    const diagnostic = testCase.diagnostic();
    if (!diagnostic?.flaky) return;
    const file = relative(process.cwd(), testCase.module.moduleId);
    this.retried.push(`${file} > ${testCase.fullName} (retries: ${diagnostic.retryCount})`);
  }

  onTestRunEnd() {
    if (this.retried.length === 0) return;
    console.log(`\nPassed only on a retry (${this.retried.length}), a race to fix:`);
    for (const name of this.retried) console.log(`  - ${name}`);
  }
}
