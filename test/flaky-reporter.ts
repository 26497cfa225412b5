/**
 * Names every test that passed only on its retry (the browser project retries once). The default
 * reporter prints such a test as passed; a test that keeps needing its retry is a race to find, as
 * the need-update test's was (a reload cutting a send short, so the service worker sent it).
 */
import type { Reporter, TestCase } from 'vitest/node';

export default class FlakyReporter implements Reporter {
  private readonly flaky: string[] = [];

  onTestCaseResult(testCase: TestCase): void {
    const diagnostic = testCase.diagnostic();
    if (diagnostic?.flaky) this.flaky.push(`${testCase.module.moduleId} > ${testCase.fullName} (${diagnostic.retryCount} retry)`);
  }

  onTestRunEnd(): void {
    if (this.flaky.length === 0) return;
    console.warn(`\nPassed only on retry (flaky, to investigate):\n${this.flaky.map((f) => `  - ${f}`).join('\n')}\n`);
  }
}
