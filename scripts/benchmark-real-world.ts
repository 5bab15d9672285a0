// pnpm benchmark:real-world: thin entry. See src/benchmark/real-world/cli.ts.
import { runRealWorld } from '../src/benchmark/real-world/cli.ts';
import { runScriptEntry } from '../src/cli/script-entry.ts';

await runScriptEntry('benchmark:real-world', runRealWorld);
