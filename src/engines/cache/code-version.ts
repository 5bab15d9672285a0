// Which build of bug-hunter is running, as a hash of its sources: part of every cache key, so a change to any
// detector, indexer or prompt code is a miss, not a stale answer. dist/ records the hash it was built from;
// running from src/ (tsx, tests) hashes the source tree once per process.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createHash } from 'node:crypto';
import { compareText } from '../../foundations/text/compare.ts';

let memo: string | undefined;

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => compareText(a.name, b.name))
    .flatMap((entry) => (entry.isDirectory() ? listFiles(join(dir, entry.name)) : [join(dir, entry.name)]));
}

/** The source hash of the running code (dist/.source-hash, or a hash of src/ when run from source). */
export function codeVersion(): string {
  if (memo) return memo;
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const stamp = join(root, '.source-hash');
  if (existsSync(stamp)) {
    memo = readFileSync(stamp, 'utf8').trim();
    return memo;
  }
  const hash = createHash('sha256');
  for (const file of listFiles(root)) hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  memo = hash.digest('hex');
  return memo;
}
