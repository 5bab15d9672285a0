// The dependency scan's pure core: resolved lockfiles + advisories + the code index (+ the curated functions map and
// the fingerprint hash, handed in by the shell) → dep-findings' body.
// Every vulnerable name@version gets a finding with its reachability; a version semver cannot read is
// counted as unmatched (never as safe); the scan is incomplete whenever something was not looked at.
import { REACHABILITY, type DepFinding, type DepFindings } from '../../artifacts/schemas/dep-findings.ts';
import { SEVERITY_ORDER } from '../../artifacts/schemas/common.ts';
import type { FileIndex } from '../../engines/code-index/types.ts';
import { advisoriesByPackage, matchVersion } from '../../engines/deps/advisories/match.ts';
import type { Advisory } from '../../engines/deps/advisories/types.ts';
import { functionsOf, type CuratedEntry, type VulnerableFunctions } from '../../engines/deps/functions-of.ts';
import type { LockedDependency } from '../../engines/deps/lockfiles/resolve.ts';
import { reachabilityOf, type ReachabilityResult } from '../../engines/deps/reachability.ts';
import { compareText } from '../../foundations/text/compare.ts';
import type { DepScanStatus } from '../../artifacts/schemas/literals.ts';

export interface ScannedLockfile {
  path: string;
  manager: string;
  status: DepScanStatus;
  reason?: string;
  dependencies: LockedDependency[];
}

export interface DepScanInput {
  lockfiles: ScannedLockfile[];
  advisories: DepFindings['advisories'] & { list: Advisory[] };
  index: { files: FileIndex[]; unindexed: { file: string; reason: string }[]; sources: ReadonlyMap<string, string> };
  /** The curated advisory → functions map (data/advisory-functions.json), for advisories that name none. */
  curated: ReadonlyMap<string, CuratedEntry>;
  /** The hash a finding's fingerprint is taken with (sha256, hex). */
  hash: (text: string) => string;
}

type Body = Pick<DepFindings, 'status' | 'notes' | 'advisories' | 'lockfiles' | 'findings'>;

export function buildDepFindings(input: DepScanInput): Body {
  const { list, ...advisories } = input.advisories;
  const byPackage = advisoriesByPackage(list);
  const reach = new Map<string, ReachabilityResult>();
  const findings: DepFinding[] = [];
  const notes: string[] = [];
  const lockfiles = input.lockfiles.map((lock) => {
    let unmatched = 0;
    for (const dep of lock.dependencies) {
      for (const { advisory, affected } of byPackage.get(dep.name) ?? []) {
        const match = matchVersion(dep.version, affected);
        if (match === 'unknown') unmatched++;
        if (match !== 'affected') continue;
        if (findings.some((f) => f.lockfile === lock.path && f.package === dep.name && f.version === dep.version && f.advisory.id === advisory.id)) continue;
        const fns = functionsOf(advisory, affected, input.curated);
        const key = `${dep.name}\n${fns.functions.join(',')}`;
        const r = reach.get(key) ?? reachabilityOf({ package: dep.name, functions: fns.functions, files: input.index.files, unindexed: input.index.unindexed });
        reach.set(key, r);
        findings.push(findingOf(lock.path, dep, advisory, fns, r, input));
      }
    }
    if (unmatched > 0) notes.push(`${lock.path}: ${unmatched} dependency version(s) with an advisory are not semver (git, file or tarball dependencies), so they were not checked`);
    if (lock.status !== 'scanned') notes.push(`${lock.path} (${lock.manager}) ${lock.status}: ${lock.reason ?? lock.status}`);
    return { path: lock.path, manager: lock.manager, status: lock.status, ...(lock.reason ? { reason: lock.reason } : {}), dependencies: lock.dependencies.length, unmatched };
  });
  if (!advisories.ok) notes.unshift(`advisories not checked: ${advisories.reason ?? 'no advisory source'}`);
  findings.sort(
    (a, b) =>
      REACHABILITY.indexOf(a.reachability) - REACHABILITY.indexOf(b.reachability) ||
      SEVERITY_ORDER.indexOf(a.severity) - SEVERITY_ORDER.indexOf(b.severity) ||
      compareText(a.package, b.package) ||
      compareText(a.lockfile, b.lockfile),
  );
  return { status: notes.length > 0 ? 'incomplete' : 'complete', notes, advisories, lockfiles, findings };
}

function findingOf(
  lockfile: string,
  dep: LockedDependency,
  advisory: Advisory,
  fns: VulnerableFunctions,
  r: ReachabilityResult,
  { index: { sources }, hash }: DepScanInput,
): DepFinding {
  const fingerprint = hash(`${lockfile}\n${dep.name}@${dep.version}\n${advisory.id}`).slice(0, 16);
  const callSites = r.callSites.flatMap((c) => {
    const quote = sources.get(c.file)?.split('\n')[c.line - 1]?.trim();
    return quote ? [{ file: c.file, startLine: c.line, endLine: c.line, quote: quote.slice(0, 4000) }] : [];
  });
  return {
    id: `DEP-${fingerprint.slice(0, 8)}`,
    fingerprint,
    package: dep.name,
    version: dep.version,
    lockfile,
    line: dep.line,
    direct: dep.direct,
    dev: dep.dev,
    path: dep.path,
    workspaces: dep.workspaces,
    advisory: {
      id: advisory.id,
      aliases: advisory.aliases,
      summary: advisory.summary,
      ...(advisory.url ? { url: advisory.url } : {}),
      ...(advisory.cvss ? { cvss: advisory.cvss } : {}),
      cwe: advisory.cwe,
      severitySource: advisory.severitySource,
    },
    severity: advisory.severity,
    vulnerableFunctions: fns.functions,
    functionsSource: fns.source,
    reachability: r.reachability,
    reachabilityReason: r.reason,
    callSites,
    importedAt: r.importedAt.slice(0, 50),
  };
}
