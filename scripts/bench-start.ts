// pnpm bench:start — how long the installed entry point takes before it does anything: `bug-hunter --help`
// and `bug-hunter report list` on the bundled example run, next to `node -e 0` (and `oxlint --version`),
// in interleaved runs. Prints medians and ratios; the target (≤ 3× node -e 0) is printed, not asserted.
// Usage: node --import tsx scripts/bench-start.ts [--runs N] [--baseline <other checkout>]
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { arg, baselineBin, interleaved, loadNote, median, timeCommand, type Timed } from './bench/measure.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = `${root}bin/bug-hunter.js`;
const runs = arg('--runs', 10);
const node = process.execPath;

const baseline = baselineBin();
// A copy of the scanned example, so the report's side files (ledger) land in a temp folder, not in the clone.
const scanned = mkdtempSync(join(tmpdir(), 'bh-bench-start-'));
cpSync(join(root, 'examples/demo-api'), scanned, { recursive: true, filter: (src) => !src.includes('.bug-hunter') });
cpSync(join(root, '.bug-hunter.example'), join(scanned, '.bug-hunter'), { recursive: true });
process.on('exit', () => rmSync(scanned, { recursive: true, force: true }));
const reportList = (entry: string) => () => timeCommand([node, entry, 'report', 'list', scanned, '--no-color'], { cwd: root });
const results = interleaved(runs, {
  'node -e 0': () => timeCommand([node, '-e', '0']),
  'oxlint --version': () => timeCommand([`${root}node_modules/.bin/oxlint`, '--version']),
  'bug-hunter --help': () => timeCommand([node, bin, '--help'], { cwd: root }),
  'bug-hunter report list': reportList(bin),
  ...(baseline
    ? { 'baseline --help': () => timeCommand([node, baseline, '--help'], { cwd: root }), 'baseline report list': reportList(baseline) }
    : {}),
});

for (const [name, timed] of Object.entries(results)) {
  const failed = timed.find((t) => t.status !== 0);
  if (failed) throw new Error(`${name} exited ${failed.status}: ${failed.stderr.slice(0, 500)}`);
}

const base = median(results['node -e 0']!.map((t) => t.seconds));
const peak = (timed: Timed[]): string => {
  const mb = timed.map((t) => t.peakMb).filter((m): m is number => m !== undefined);
  return mb.length > 0 ? `${Math.max(...mb).toFixed(0)} MB peak RSS` : '';
};
console.log(`machine       ${loadNote()}; ${runs} interleaved runs, medians`);
for (const [name, timed] of Object.entries(results)) {
  const m = median(timed.map((t) => t.seconds));
  console.log(`${name.padEnd(24)} ${m.toFixed(3)} s  ${(m / base).toFixed(2)}× node -e 0  ${peak(timed)}`);
}
const worst = Math.max(...['bug-hunter --help', 'bug-hunter report list'].map((n) => median(results[n]!.map((t) => t.seconds))));
console.log(`target        ≤ 3× node -e 0: ${worst / base <= 3 ? 'met' : 'NOT met'} (${(worst / base).toFixed(2)}×)`);
