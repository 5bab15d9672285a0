// pnpm benchmark:real-world: thin entry. See scripts/corpora/real-world/cli.ts.
import { runRealWorld } from './real-world/cli.ts';
import { runScriptEntry } from '../../src/cli/script-entry.ts';

await runScriptEntry('benchmark:real-world', runRealWorld);
