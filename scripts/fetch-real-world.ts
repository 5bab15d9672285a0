// pnpm fetch:real-world: fetches the real-world corpus into the cache and checks every pin.
// See src/commands/benchmark/real-world/fetch-cli.ts.
import { runFetch } from '../src/commands/benchmark/real-world/fetch-cli.ts';
import { runScriptEntry } from '../src/cli/script-entry.ts';

await runScriptEntry('fetch:real-world', runFetch);
