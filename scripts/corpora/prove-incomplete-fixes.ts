// pnpm prove:incomplete-fixes: thin entry. See scripts/corpora/incomplete-fixes/cli.ts.
import { runProveIncompleteFixes } from './incomplete-fixes/cli.ts';
import { runScriptEntry } from '../../src/cli/script-entry.ts';

await runScriptEntry('prove:incomplete-fixes', runProveIncompleteFixes);
