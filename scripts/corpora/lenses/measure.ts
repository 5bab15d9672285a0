// `node --import tsx scripts/corpora/lenses/measure.ts [--part dev] [--show-misses] [--cache <dir>]`: recall of the static engine
// on the lenses corpus. Fetches each case's before version (npm pack, into the real-world cache), checks the pinned
// line still says what the case says, runs the static engine (hunter → skeptic → referee, default options) on the
// case's file, and counts the case found when a REPORTED finding of a non-security rule lies within ±3 lines of
// the pinned line ("seen": only a manual-review candidate there). Development recall per lens with ids; the
// held-out part (split.json) as per-lens counts only, never ids. `--part dev` leaves the held-out cases alone
// entirely (neither fetched nor scanned): the mode for rule work.
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { huntFile, judgeStatic, refuteStatic } from '../../../src/engines/static/index.ts';
import { getRule } from '../../../src/engines/static/rules.ts';
import { cacheDir, fetchPackage, sourceDir } from '../real-world/fetch.ts';
import { LENSES, readLensCases, type LensCase } from './corpus.ts';
import { LENSES_DIR } from './write-split.ts';

const NEAR = 3;
const SECURITY_LENSES = new Set(['injection', 'secrets']);

export type Outcome = 'found' | 'seen' | 'missed' | 'unavailable';

/** Judges one case's file with the engine and says whether a lens finding lands on the pinned line. */
export function judgeCase(c: LensCase, content: string): { outcome: Outcome; rules: string[] } {
  const file = { path: c.sink.file, content, language: 'javascript', isTest: false };
  let outcome: Outcome = 'missed';
  const rules: string[] = [];
  for (const f of huntFile(file)) {
    const rule = f.ruleId ? getRule(f.ruleId) : undefined;
    if (!rule || SECURITY_LENSES.has(rule.lens)) continue;
    if (Math.abs(f.startLine - c.sink.line) > NEAR) continue;
    const verdict = judgeStatic(f, refuteStatic(f, file)).verdict;
    if (verdict === 'confirmed') {
      outcome = 'found';
      rules.push(rule.id);
    } else if (verdict === 'manual-review' && outcome === 'missed') {
      outcome = 'seen';
      rules.push(`(${rule.id})`);
    }
  }
  return { outcome, rules };
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const cache = cacheDir(args.includes('--cache') ? args[args.indexOf('--cache') + 1] : undefined);
  const showMisses = args.includes('--show-misses');
  const part = args.includes('--part') ? args[args.indexOf('--part') + 1] : 'both';
  if (part !== 'dev' && part !== 'both') throw new Error(`--part takes dev or both, not '${part}'.`);
  const cases = readLensCases(LENSES_DIR);
  const split = JSON.parse(readFileSync(join(LENSES_DIR, 'split.json'), 'utf8')) as { heldOut: string[] };
  const heldOut = new Set(split.heldOut);
  const rows = new Map<string, { dev: Record<Outcome, number>; held: Record<Outcome, number> }>();
  const zero = (): Record<Outcome, number> => ({ found: 0, seen: 0, missed: 0, unavailable: 0 });
  for (const lens of LENSES) rows.set(lens, { dev: zero(), held: zero() });
  const devLines: string[] = [];
  for (const c of cases) {
    const side = heldOut.has(c.package) ? 'held' : 'dev';
    if (side === 'held' && part === 'dev') continue;
    const fetched = await fetchPackage(cache, c.package, c.before);
    const path = join(sourceDir(cache, c.package, c.before), c.sink.file);
    let outcome: Outcome = 'unavailable';
    let rules: string[] = [];
    if (fetched.status !== 'failed' && existsSync(path)) {
      const content = readFileSync(path, 'utf8');
      const line = content.split('\n')[c.sink.line - 1] ?? '';
      if (!line.includes(c.sink.snippet)) throw new Error(`${c.id}: line ${c.sink.line} of ${c.sink.file} does not contain the pinned snippet; fix the case.`);
      ({ outcome, rules } = judgeCase(c, content));
    }
    rows.get(c.lens)![side][outcome]++;
    if (side === 'dev' && (showMisses || outcome === 'found' || outcome === 'seen')) devLines.push(`  ${outcome.padEnd(7)} ${c.lens.padEnd(15)} ${c.id} ${rules.join(' ')}`);
  }
  const pct = (r: Record<Outcome, number>) => {
    const n = r.found + r.seen + r.missed;
    return `${r.found}/${n} found${n ? ` (${(r.found / n).toFixed(2)})` : ''}, ${r.seen} seen${r.unavailable ? `, ${r.unavailable} unavailable` : ''}`;
  };
  const total = (side: 'dev' | 'held') => [...rows.values()].reduce((t, r) => { for (const k of Object.keys(t) as Outcome[]) t[k] += r[side][k]; return t; }, zero());
  console.log('Development part:');
  for (const [lens, r] of rows) console.log(`  ${lens.padEnd(15)} ${pct(r.dev)}`);
  console.log(`  ${'all'.padEnd(15)} ${pct(total('dev'))}`);
  for (const l of devLines) console.log(l);
  if (part === 'dev') return;
  console.log('Held-out part (counts only):');
  for (const [lens, r] of rows) console.log(`  ${lens.padEnd(15)} ${pct(r.held)}`);
  console.log(`  ${'all'.padEnd(15)} ${pct(total('held'))}`);
}

if (process.argv[1]?.endsWith('measure.ts')) await main();
