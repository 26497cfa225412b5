/**
 * Setup of the browser project: when a test fails, its open pages are described in the log (address,
 * start of the text) and screenshotted into test-results/failures/, before the retry or the file's
 * clean-up closes them. A wait that ran out says what it was looking for; this says what was there.
 */
import { afterEach } from 'vitest';
import { whatPagesShow } from './harness';

afterEach(async ({ task }) => {
  if (task.result?.state !== 'fail') return;
  console.warn(`\nThe pages open when « ${task.name} » failed:\n${await whatPagesShow(task.name)}\n`);
});
