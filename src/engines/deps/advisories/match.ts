// Does an advisory cover an installed version? semver decides; a version semver cannot read (a git or file
// dependency) is "unknown", never "not affected".
import semver from 'semver';
import type { AffectedPackage, Advisory } from './types.ts';

export type Match = 'affected' | 'not-affected' | 'unknown';

export function matchVersion(version: string, affected: AffectedPackage): Match {
  if (affected.versions.includes(version)) return 'affected';
  if (!semver.valid(version)) return 'unknown';
  return affected.ranges.some((r) => semver.satisfies(version, r, { includePrerelease: true })) ? 'affected' : 'not-affected';
}

/** Advisories indexed by package name, for one lookup per installed dependency. */
export function advisoriesByPackage(advisories: readonly Advisory[]): Map<string, { advisory: Advisory; affected: AffectedPackage }[]> {
  const out = new Map<string, { advisory: Advisory; affected: AffectedPackage }[]>();
  for (const advisory of advisories) {
    for (const affected of advisory.affected) out.set(affected.name, [...(out.get(affected.name) ?? []), { advisory, affected }]);
  }
  return out;
}
