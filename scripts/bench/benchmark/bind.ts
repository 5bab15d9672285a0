// `pnpm benchmark --bind-labels`: after a deliberate edit to a case, re-binds its label file to the new
// manifest hash. Every other label problem (unknown file, lines out of range, wrong case) still refuses.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { IntegrityError } from '../../../src/foundations/errors.ts';
import { writeJsonAtomic } from '../../../src/foundations/fs/atomic.ts';
import { caseNames } from './cases.ts';
import { labelPath, labelProblems, parseLabels } from './labels.ts';
import { caseManifest } from './manifest.ts';

/** Re-binds every label file; returns one line per case saying what changed. */
export function bindLabels(casesDir: string, labelsDir: string): string[] {
  const lines: string[] = [];
  for (const name of caseNames(casesDir)) {
    const manifest = caseManifest(join(casesDir, name));
    const path = labelPath(labelsDir, name);
    const labels = parseLabels(readFileSync(path, 'utf8'), path);
    const rebound = { ...labels, manifestHash: manifest.hash };
    const problems = labelProblems(rebound, name, manifest);
    if (problems.length > 0) throw new IntegrityError(`${path} cannot be bound: ${problems.join('; ')}.`);
    if (labels.manifestHash === manifest.hash) {
      lines.push(`${name}: already bound (${manifest.hash.slice(0, 12)})`);
    } else {
      writeJsonAtomic(path, rebound);
      lines.push(`${name}: bound to ${manifest.hash.slice(0, 12)} (was ${labels.manifestHash.slice(0, 12)})`);
    }
  }
  return lines;
}
