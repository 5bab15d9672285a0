// Skipping a test because a system tool is missing is fair on a developer's machine and a defect in CI: `.ci/run`
// runs `pnpm setup:system` first and sets CI=true, so there a missing tool fails the test instead of skipping it.
import assert from 'node:assert/strict';

/** The `skip` option of a test that needs `what`: the reason where it is missing, false (run) when present or under CI=true. */
export function skipWithout(available: boolean, what: string, env: NodeJS.ProcessEnv = process.env): false | string {
  if (available) return false;
  return env.CI === 'true' ? false : `${what} is not available here ('pnpm setup:system' installs it)`;
}

/** First line of such a test: under CI=true (where it was not skipped) a missing tool is the failure, named. */
export function assertAvailable(available: boolean, what: string): void {
  assert.ok(available, `${what} is not available, and CI=true does not skip: run 'pnpm setup:system' before 'pnpm test'`);
}
