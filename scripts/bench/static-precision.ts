// Measures the static engine's precision and recall on the labelled fixtures and the bundled example;
// `--write` stores each rule's counts in src/engines/static/rules/<rule-id>/rule.ts (the data confidence is calibrated from); the
// gate's floor beside them is left as it is: it is set by hand. `--check` holds each rule with 5 or more measured
// findings to that floor (exit 1 naming the rule), as `pnpm benchmark --gate` does on the benchmark cases. `--stale`
// writes nothing: it names each rule whose recorded counts differ from this count (what `--write` would change) and
// exits 1 when there is one; `pnpm quality:world-class` runs it, so counts left stale after a rule change are seen.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { labelledCorpus } from '../../src/engines/static/corpus.ts';
import { scoreFiles } from '../../src/engines/static/score.ts';
import { staticCountsOnCases } from './benchmark/calibrate.ts';
import { listRules } from '../../src/engines/static/rules.ts';
import { precisionByRule, ruleFloorChecks } from './benchmark/rule-precision.ts';
import { describeStale, recordedCounts, staleCounts, withCounts, type RuleCounts } from './benchmark/rule-counts.ts';

const repo = process.cwd();
const score = scoreFiles(labelledCorpus(repo));
for (const r of score.rules) console.log(`${r.ruleId.padEnd(30)} tp=${r.truePositives} fp=${r.falsePositives} missed=${r.missed}`);
for (const r of score.reported.filter((x) => !x.correct)) console.log(`FALSE POSITIVE ${r.file}:${r.line} ${r.ruleId}`);
for (const m of score.missed) console.log(`MISSED ${m.file}:${m.line} ${m.ruleId}`);
console.log(`precision ${score.precision.toFixed(3)}  recall ${score.recall.toFixed(3)}  (${score.reported.length} reported)`);

const write = process.argv.includes('--write');
const stale = process.argv.includes('--stale');
if (write || stale || process.argv.includes('--check')) {
  // Real-world judgements (benchmark/static-real-world-judgements.json) count alongside the fixtures.
  const judged = JSON.parse(readFileSync(join(repo, 'benchmark/static-real-world-judgements.json'), 'utf8')) as {
    judgements: Array<{ ruleId: string; truePositive: boolean }>;
  };
  // The benchmark cases count too: the issue calibrates each rule on them (matched exactly as the scorer matches).
  const onCases = staticCountsOnCases(join(repo, 'benchmark/cases'), join(repo, 'benchmark/labels'));
  for (const [ruleId, c] of [...onCases].sort()) console.log(`benchmark cases: ${ruleId.padEnd(30)} tp=${c.truePositives} fp=${c.falsePositives}`);
  const combined = new Map<string, RuleCounts>();
  const recorded = new Map<string, RuleCounts | null>();
  for (const rule of listRules()) {
    const path = join(repo, 'src/engines/static/rules', rule.id, 'rule.ts');
    const s = score.rules.find((r) => r.ruleId === rule.id);
    const real = judged.judgements.filter((j) => j.ruleId === rule.id);
    const cases = onCases.get(rule.id) ?? { truePositives: 0, falsePositives: 0 };
    const counts = {
      truePositives: (s?.truePositives ?? 0) + real.filter((j) => j.truePositive).length + cases.truePositives,
      falsePositives: (s?.falsePositives ?? 0) + real.filter((j) => !j.truePositive).length + cases.falsePositives,
      // How many of them are judged on real packages, written beside the counts when there are any.
      onRealCode: real.length,
    };
    combined.set(rule.id, counts);
    const text = readFileSync(path, 'utf8');
    recorded.set(rule.id, recordedCounts(text));
    if (write) writeFileSync(path, withCounts(text, counts));
  }
  if (write) console.log('Rule precision counts written to src/engines/static/rules/<rule-id>/rule.ts.');
  // The same per-rule floor the benchmark gate applies, on the whole labelled corpus.
  const checks = ruleFloorChecks('labelled corpus', precisionByRule(combined), new Map(listRules().map((r) => [r.id, r.floor])), 5);
  for (const c of checks) console.log(`${c.passed ? 'pass' : 'FAIL'}  ${c.name}: ${c.detail}`);
  if (process.argv.includes('--check') && checks.some((c) => !c.passed)) process.exitCode = 1;
  if (stale) {
    const differ = staleCounts(recorded, combined);
    for (const rule of differ) console.log(`STALE ${describeStale(rule)}`);
    console.log(differ.length === 0 ? 'recorded counts: fresh (every rule file holds this count)' : `recorded counts: ${differ.length} rule(s) stale; \`node --import tsx scripts/bench/static-precision.ts --write\` records this count`);
    if (differ.length > 0) process.exitCode = 1;
  }
}
