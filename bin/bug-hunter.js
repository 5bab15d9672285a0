#!/usr/bin/env node
// Installed entry point: runs the compiled CLI from dist/ (built by `prepare`, or `node scripts/build.mjs` in a clone).
// Source maps cost start time, so they are on only when a stack trace may be printed (BUG_HUNTER_DEBUG).
if (process.env.BUG_HUNTER_DEBUG) process.setSourceMapsEnabled(true);
let cli;
try {
  cli = await import('../dist/cli/main.js');
} catch (error) {
  if (error?.code !== 'ERR_MODULE_NOT_FOUND' || !String(error.message).includes('dist')) throw error;
  process.stderr.write('bug-hunter: the compiled CLI (dist/) is missing. In a clone of bug-hunter run `pnpm install` or `node scripts/build.mjs`.\n');
  process.exit(3);
}
cli.runProcess();
