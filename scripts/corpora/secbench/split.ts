// The frozen development / held-out split of the SecBench.js training corpus, pure. Grouped by package (every
// case of one package lands on one side, so a rule tuned on a package's development case cannot meet its twin
// in the held-out part) and stratified by class (each class keeps about HELD_OUT_SHARE of its cases held out).
// The split is written once to benchmark/real-world/secbench/split.json and a test checks it is still what this
// function computes from the recorded seed: changing the seed or the code is visible in review.
import { prng } from '../../kit/seeded-random.ts';

export const SPLIT_SEED = 20261206;
export const HELD_OUT_SHARE = 0.3;

export interface SplitCase {
  id: string;
  class: string;
  package: string;
}

export interface Split {
  seed: number;
  heldOutShare: number;
  /** Package names on each side, sorted. */
  development: string[];
  heldOut: string[];
  /** Cases per class on each side. */
  counts: Record<string, { development: number; heldOut: number }>;
}

function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** A package's class for stratification: the class most of its cases have (ties: the first in name order). */
function primaryClass(classes: string[]): string {
  const counts = new Map<string, number>();
  for (const c of classes) counts.set(c, (counts.get(c) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]![0];
}

export function splitCorpus(cases: readonly SplitCase[], seed = SPLIT_SEED, share = HELD_OUT_SHARE): Split {
  const byPackage = new Map<string, string[]>();
  for (const c of cases) byPackage.set(c.package, [...(byPackage.get(c.package) ?? []), c.class]);
  const byClass = new Map<string, string[]>();
  for (const [pkg, classes] of [...byPackage].sort((a, b) => a[0].localeCompare(b[0]))) {
    const cls = primaryClass(classes);
    byClass.set(cls, [...(byClass.get(cls) ?? []), pkg]);
  }
  const random = prng(seed);
  const heldOut = new Set<string>();
  for (const cls of [...byClass.keys()].sort()) {
    const packages = shuffled(byClass.get(cls)!, random);
    const total = packages.reduce((n, p) => n + byPackage.get(p)!.length, 0);
    const want = Math.round(total * share);
    let taken = 0;
    for (const pkg of packages) {
      const size = byPackage.get(pkg)!.length;
      if (taken + size > want) continue;
      heldOut.add(pkg);
      taken += size;
    }
  }
  const counts: Split['counts'] = {};
  for (const c of cases) {
    const row = (counts[c.class] ??= { development: 0, heldOut: 0 });
    if (heldOut.has(c.package)) row.heldOut++;
    else row.development++;
  }
  const all = [...byPackage.keys()].sort();
  return {
    seed,
    heldOutShare: share,
    development: all.filter((p) => !heldOut.has(p)),
    heldOut: all.filter((p) => heldOut.has(p)),
    counts: Object.fromEntries(Object.entries(counts).sort((a, b) => a[0].localeCompare(b[0]))),
  };
}
