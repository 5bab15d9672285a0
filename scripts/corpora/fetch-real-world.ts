// pnpm fetch:real-world: fetches the real-world corpus into the cache and checks every pin.
// See scripts/corpora/real-world/fetch-cli.ts.
import { runFetch } from './real-world/fetch-cli.ts';
import { runScriptEntry } from '../../src/cli/script-entry.ts';

await runScriptEntry('fetch:real-world', runFetch);
