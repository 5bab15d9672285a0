// The fix queue's gates over a fix's diff, each recorded with its figure: files changed, lines changed, net and
// gross deletions (the fixer's own size gates, src/engines/fix/gates.ts), and no dependency or lockfile change the issue
// did not ask for. An issue that asks for removals lifts the deletion budget. Pure.
import type { Gates } from '../../artifacts/schemas/fix.ts';
import { gateChecks } from '../../engines/fix/gates.ts';
import { DEFAULT_GATES } from '../../engines/fix/plan.ts';
import { parseDiff, statsOf, type FileChange } from './diff-stats.ts';

export interface WorkGate {
  /** red-green and suite are the proof's gates (src/commands/work/proof.ts); the rest are measured on the diff here. */
  gate: 'files' | 'changed-lines' | 'net-deletions' | 'gross-deletions' | 'dependencies' | 'red-green' | 'suite';
  passed: boolean;
  figure: number;
  limit: number | null;
  detail: string;
  /** The issue lifted this gate (it asks for removals, or for a dependency change). */
  waived?: string;
}

export interface IssueAsks {
  removals: boolean;
  dependencies: boolean;
}

// Lockfiles are never edited by hand; a fix that touches one changed what gets installed.
const LOCKFILES = /(^|\/)(pnpm-lock\.yaml|package-lock\.json|npm-shrinkwrap\.json|yarn\.lock|bun\.lockb?|Cargo\.lock|go\.sum|poetry\.lock|Pipfile\.lock|uv\.lock|Gemfile\.lock|composer\.lock|gradle\.lockfile)$/;
// Manifests whose every line is about dependencies, near enough: any change counts.
const MANIFESTS = /(^|\/)(go\.mod|requirements[^/]*\.txt|Pipfile|Gemfile|Cargo\.toml|pyproject\.toml|composer\.json|pom\.xml|build\.gradle(\.kts)?)$/;
// In package.json, a "name": "<version range>" line (scripts and fields hold commands and words, not ranges).
const PACKAGE_DEP_LINE = /^\s*"(@[\w.-]+\/)?[\w.-]+"\s*:\s*"(?:[~^<>=*\d]|workspace:|npm:|file:|link:|git|github:|https?:|latest|next)/;
const PACKAGE_SECTION = /^\s*"(dev|peer|optional|bundle[d]?)?[dD]ependencies"\s*:/;

/** What the issue asks for, from its words: it lifts the deletion budget or the dependency gate. */
export function issueAsks(text: string): IssueAsks {
  return {
    removals: /\b(remove|delete|drop|get rid of|strip out|clean up dead)\b/i.test(text),
    dependencies: /\b(upgrade|bump|update|add|install|remove|replace|pin)\b[^.\n]{0,60}\b(dependenc(y|ies)|package|library|version|lockfile)\b/i.test(text),
  };
}

/** Files whose change alters dependencies, with why. */
export function dependencyChanges(changes: readonly FileChange[]): string[] {
  const found: string[] = [];
  for (const c of changes) {
    if (LOCKFILES.test(c.path)) found.push(`${c.path} (lockfile)`);
    else if (MANIFESTS.test(c.path)) found.push(`${c.path} (dependency manifest)`);
    else if (/(^|\/)package\.json$/.test(c.path) && [...c.added, ...c.removed].some((l) => PACKAGE_DEP_LINE.test(l) || PACKAGE_SECTION.test(l))) {
      found.push(`${c.path} (dependency entries)`);
    }
  }
  return found;
}

/** Every gate with its figure; the fix passes when each one passed or was waived. */
export function workGates(diffText: string, asks: IssueAsks, gates: Gates = DEFAULT_GATES): WorkGate[] {
  const changes = parseDiff(diffText);
  const size: WorkGate[] = gateChecks(statsOf(changes), gates).map((c) => {
    const deletion = c.gate === 'net-deletions' || c.gate === 'gross-deletions';
    return !c.passed && deletion && asks.removals ? { ...c, passed: true, waived: 'the issue asks for removals' } : { ...c };
  });
  const deps = dependencyChanges(changes);
  const dependency: WorkGate = {
    gate: 'dependencies',
    passed: deps.length === 0 || asks.dependencies,
    figure: deps.length,
    limit: 0,
    detail: deps.length === 0 ? 'no dependency or lockfile change' : `dependency change: ${deps.join(', ')}`,
  };
  if (deps.length > 0 && asks.dependencies) dependency.waived = 'the issue asks for a dependency change';
  return [...size, dependency];
}

export function gatesPassed(gates: readonly WorkGate[]): boolean {
  return gates.every((g) => g.passed);
}
