// Loads every benchmark case with its labels: manifest first, then the labels bound to it (stale ones refused).
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { UsageError } from '../../../src/foundations/errors.ts';
import { loadLabels } from './labels.ts';
import { caseManifest } from './manifest.ts';
import type { CaseTruth } from './score.ts';

export function caseNames(casesDir: string): string[] {
  if (!existsSync(casesDir)) throw new UsageError(`Benchmark cases folder ${casesDir} does not exist.`);
  return readdirSync(casesDir)
    .filter((name) => !name.startsWith('.') && statSync(join(casesDir, name)).isDirectory())
    .sort();
}

/** Every case (or the named ones) with labels checked against its manifest. */
export function loadCases(casesDir: string, labelsDir: string, only: readonly string[] = []): CaseTruth[] {
  const all = caseNames(casesDir);
  const unknown = only.filter((n) => !all.includes(n));
  if (unknown.length > 0) throw new UsageError(`Unknown benchmark case(s): ${unknown.join(', ')}. Cases: ${all.join(', ')}.`);
  const names = only.length > 0 ? all.filter((n) => only.includes(n)) : all;
  if (names.length === 0) throw new UsageError(`No benchmark cases in ${casesDir}.`);
  return names.map((name) => {
    const manifest = caseManifest(join(casesDir, name));
    const labels = loadLabels(labelsDir, name, manifest);
    return { name, manifestHash: manifest.hash, lines: manifest.lines, language: labels.language, bugs: labels.bugs, decoys: labels.decoys };
  });
}
