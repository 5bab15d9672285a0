// Loaded with `node --import` by test/cli/lazy-imports.test.ts: registers module-log-hooks.mjs, which appends the
// URL of every module the process loads to the file named by BH_MODULE_LOG.
import { register } from 'node:module';

register(new URL('./module-log-hooks.mjs', import.meta.url));
