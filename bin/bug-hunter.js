#!/usr/bin/env node
// Installed entry point: runs the compiled CLI, bundled in dist/bundle/ (built by `prepare`, or `node scripts/build/build.mjs`
// in a clone; scripts/build/bundle.mjs), or from dist/cli/ when a build had no esbuild to bundle with.
// Source maps cost start time, so they are on only when a stack trace may be printed (BUG_HUNTER_DEBUG).
import { existsSync } from 'node:fs';

if (process.env.BUG_HUNTER_DEBUG) process.setSourceMapsEnabled(true);
const bundled = new URL('../dist/bundle/main.js', import.meta.url);
let cli;
try {
  cli = await import(existsSync(bundled) ? bundled.href : '../dist/cli/main.js');
} catch (error) {
  if (error?.code !== 'ERR_MODULE_NOT_FOUND' || !String(error.message).includes('dist')) throw error;
  process.stderr.write('bug-hunter: the compiled CLI (dist/) is missing. In a clone of bug-hunter run `pnpm install` or `node scripts/build/build.mjs`.\n');
  process.exit(3);
}
cli.runProcess();
