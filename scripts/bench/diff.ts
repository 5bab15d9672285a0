// pnpm bench:diff — what a diff-aware scan saves: the twenty-package bench tree committed to a scratch git
// repository, one file changed, then a full scan against `--since HEAD` at radius 0 and 1, in interleaved runs.
// Prints medians and each diff-aware scan's time as a share of the full scan's (process start included).
// Usage: node --import tsx scripts/bench/diff.ts [--runs N]
import { cpSync, mkdtempSync, rmSync, appendFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { packageTree } from './kit/corpus.ts';
import { arg, interleaved, loadNote, median, timeCommand } from './kit/measure.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const bin = join(root, 'bin/bug-hunter.js');
const runs = arg('--runs', 3);
const repo = mkdtempSync(join(tmpdir(), 'bh-bench-diff-'));
const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=bench', '-c', 'user.email=bench@localhost', ...args], { cwd: repo, encoding: 'utf8' });

try {
  cpSync(packageTree(), repo, { recursive: true });
  git('init', '-q', '-b', 'main');
  git('add', '-A');
  git('commit', '-q', '-m', 'tree');
  // One change in a file other modules import (ws's buffer utilities), so the radius has dependents to find.
  appendFileSync(join(repo, 'ws@8.23.1/lib/buffer-util.js'), '\n// touched by bench:diff\n');
  const scan = (...flags: string[]) => () => {
    const out = mkdtempSync(join(tmpdir(), 'bh-bench-diff-out-'));
    try {
      const timed = timeCommand([process.execPath, bin, 'scan', repo, '--out', out, '--quiet', ...flags], { env: { ...process.env, CI: '1' } });
      if (timed.status !== 0 && timed.status !== 1) throw new Error(`scan ${flags.join(' ')} exited ${timed.status}: ${timed.stderr.slice(-500)}`);
      return timed;
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  };
  const results = interleaved(runs, { full: scan(), 'since HEAD, radius 1': scan('--since', 'HEAD'), 'since HEAD, radius 0': scan('--since', 'HEAD', '--radius', '0') });
  const full = median(results.full!.map((r) => r.seconds));
  console.log(`bench:diff — ${runs} interleaved run(s) each, ${loadNote()}; one changed file in the 20-package tree`);
  for (const [name, timed] of Object.entries(results)) {
    const m = median(timed.map((r) => r.seconds));
    console.log(`  ${name.padEnd(22)} ${m.toFixed(2)} s median${name === 'full' ? '' : `  = ${((m / full) * 100).toFixed(0)}% of the full scan`}`);
  }
} finally {
  rmSync(repo, { recursive: true, force: true });
}
