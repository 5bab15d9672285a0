// pnpm bench:start — how long the installed entry point takes before it does anything: `bug-hunter --help`,
// `report list`, `dismiss` then `undismiss` of one finding on the bundled example run, and `doctor --json`, next to
// `node -e 0` (and `oxlint --version`), in interleaved runs. Prints medians and ratios; the target (≤ 3× node -e 0,
// issue #21) is printed, not asserted.
// Usage: node --import tsx scripts/bench/start.ts [--runs N] [--baseline <other checkout>]
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { arg, baselineBin, interleaved, loadNote, median, timeCommand, type Timed } from './kit/measure.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const bin = `${root}bin/bug-hunter.js`;
const runs = arg('--runs', 10);
const node = process.execPath;

const baseline = baselineBin();
// A copy of the scanned example, so the report's side files (ledger) land in a temp folder, not in the clone.
const scanned = mkdtempSync(join(tmpdir(), 'bh-bench-start-'));
cpSync(join(root, 'examples/demo-api'), scanned, { recursive: true, filter: (src) => !src.includes('.bug-hunter') });
cpSync(join(root, '.bug-hunter.example'), join(scanned, '.bug-hunter'), { recursive: true });
process.on('exit', () => rmSync(scanned, { recursive: true, force: true }));
// The finding dismissed and restored in each round: the example run's first reported one.
const listed = timeCommand([node, bin, 'report', 'list', scanned, '--json'], { cwd: root });
const findingId = (JSON.parse(listed.stdout) as { findings: { finding: { id: string } }[] }).findings[0]?.finding.id;
if (!findingId) throw new Error(`the example run lists no finding to dismiss: ${listed.stderr.slice(0, 300)}`);
// Each CLI command, by name, for an entry point; dismiss and undismiss run in turn, so every round finds the same state.
const commands = (label: string, entry: string): Record<string, () => Timed> => ({
  [`${label} --help`]: () => timeCommand([node, entry, '--help'], { cwd: root }),
  [`${label} report list`]: () => timeCommand([node, entry, 'report', 'list', scanned, '--no-color'], { cwd: root }),
  [`${label} dismiss`]: () => timeCommand([node, entry, 'dismiss', findingId, scanned, '--reason', 'bench:start'], { cwd: root }),
  [`${label} undismiss`]: () => timeCommand([node, entry, 'undismiss', findingId, scanned], { cwd: root }),
  [`${label} doctor --json`]: () => timeCommand([node, entry, 'doctor', scanned, '--json'], { cwd: root }),
});
const results = interleaved(runs, {
  'node -e 0': () => timeCommand([node, '-e', '0']),
  'oxlint --version': () => timeCommand([`${root}node_modules/.bin/oxlint`, '--version']),
  ...commands('bug-hunter', bin),
  ...(baseline ? commands('baseline', baseline) : {}),
});

for (const [name, timed] of Object.entries(results)) {
  // doctor exits 2 when something it checks is missing (no sandbox backend here, say): still a measured start.
  const failed = timed.find((t) => t.status !== 0 && !(name.endsWith('doctor --json') && t.status === 2));
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
  console.log(`${name.padEnd(28)} ${m.toFixed(3)} s  ${(m / base).toFixed(2)}× node -e 0  ${peak(timed)}`);
}
const ours = Object.keys(results).filter((n) => n.startsWith('bug-hunter '));
const worst = Math.max(...ours.map((n) => median(results[n]!.map((t) => t.seconds))));
console.log(`target        ≤ 3× node -e 0 for each bug-hunter command: ${worst / base <= 3 ? 'met' : 'NOT met'} (worst ${(worst / base).toFixed(2)}×)`);
