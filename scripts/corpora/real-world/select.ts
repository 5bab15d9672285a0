// Which cases and package versions a run covers, pure: --only and --class narrow the cases; every case
// brings its vulnerable and fixed version; package versions are listed once.
import { UsageError } from '../../../src/foundations/errors.ts';
import { packageKey, type MaturePackage, type RealWorldCase } from './corpus.ts';

export interface Target {
  key: string;
  name: string;
  version: string;
}

export function selectCases(all: readonly RealWorldCase[], only: readonly string[], classes: readonly string[]): RealWorldCase[] {
  for (const id of only) if (!all.some((c) => c.id === id)) throw new UsageError(`--only ${id}: no such case in cases.json.`);
  return all.filter((c) => (only.length === 0 || only.includes(c.id)) && (classes.length === 0 || classes.includes(c.class)));
}

export function targetsOf(cases: readonly RealWorldCase[], mature: readonly MaturePackage[]): Target[] {
  const byKey = new Map<string, Target>();
  const add = (name: string, version: string) => byKey.set(packageKey(name, version), { key: packageKey(name, version), name, version });
  for (const c of cases) {
    add(c.package, c.vulnerable);
    add(c.package, c.fixed);
  }
  for (const m of mature) add(m.package, m.version);
  return [...byKey.values()];
}
