// pnpm benchmark:real-world: thin entry. See src/commands/benchmark/real-world/cli.ts.
import { runRealWorld } from '../src/commands/benchmark/real-world/cli.ts';
import { runScriptEntry } from '../src/cli/script-entry.ts';

await runScriptEntry('benchmark:real-world', runRealWorld);
