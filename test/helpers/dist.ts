// The compiled code in dist/ that CLI tests and child-process fixtures run, checked fresh before they use it.
import { distState } from '../../scripts/build/build.mjs';

let distChecked = false;
// A stale dist/ would test yesterday's code: refuse it. scripts/test/run-tests.mjs rebuilds it before the suite.
export function assertFreshDist(): void {
  if (distChecked) return;
  const state = distState();
  if (state !== 'fresh') {
    throw new Error(`The compiled CLI in dist/ is ${state}; CLI tests run it, not src/. Run \`node scripts/build/build.mjs\` (pnpm test and scripts/test/run-tests.mjs do it for you).`);
  }
  distChecked = true;
}
