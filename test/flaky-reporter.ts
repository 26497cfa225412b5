/**
 * Names every test that passed only on its retry (the browser project retries once), with what made
 * the failed attempt fail. The default reporter prints such a test as passed and forgets the error;
 * a test that keeps needing its retry is a race to find, as the need-update test's was (a reload
 * cutting a send short, so the service worker sent it), and the first error is where to start.
 */
import type { Reporter, TestCase } from 'vitest/node';

export default class FlakyReporter implements Reporter {
  private readonly flaky: string[] = [];

  onTestCaseResult(testCase: TestCase): void {
    const diagnostic = testCase.diagnostic();
    if (!diagnostic?.flaky) return;
    // A passed result keeps the errors of its failed attempts (vitest pushes, never resets them).
    const errors = (testCase.result().errors ?? []).map((error) => `      ${firstLines(error.stack ?? error.message)}`);
    this.flaky.push([`${testCase.module.moduleId} > ${testCase.fullName} (${diagnostic.retryCount} retry)`, ...errors].join('\n'));
  }

  onTestRunEnd(): void {
    if (this.flaky.length === 0) return;
    console.warn(`\nPassed only on retry (flaky, to investigate):\n${this.flaky.map((f) => `  - ${f}`).join('\n')}\n`);
  }
}

/** The message and the test's own frames: enough to find the failing step, short enough to read. */
function firstLines(text: string): string {
  return text.split('\n').slice(0, 8).join('\n      ');
}
