// Applies a model's search/replace edits to files in memory, and checks them against the fixer scope.
// Pure: file contents in, new contents or a rejection out. Every search must match the base text exactly once.
import type { ScopeEntry } from '../../artifacts/schemas/fix.ts';
import { OutsideRootError } from '../../foundations/fs/inside.ts';

export interface SearchReplace {
  file: string;
  search: string;
  replace: string;
}

export type EditOutcome =
  | { ok: true; files: Map<string, { before: string; after: string }> }
  | { ok: false; kind: 'rejected' | 'invalid-edit'; reason: string };

// A dependency change is never a scoped fix: it changes what code runs everywhere.
const MANIFESTS = /(^|\/)(package\.json|package-lock\.json|npm-shrinkwrap\.json|pnpm-lock\.yaml|pnpm-workspace\.yaml|yarn\.lock|bun\.lockb?|requirements[^/]*\.txt|pyproject\.toml|poetry\.lock|Pipfile(\.lock)?|setup\.py|setup\.cfg|go\.mod|go\.sum|Cargo\.toml|Cargo\.lock|Gemfile(\.lock)?|composer\.(json|lock)|pom\.xml|build\.gradle(\.kts)?)$/;

export function isDependencyFile(path: string): boolean {
  return MANIFESTS.test(path);
}

/**
 * read(path) returns the base text, or null when the file does not exist. An edit outside the entry's files,
 * outside its ranges (± margin), on a new file, on a manifest/lockfile or through a symbolic link (read throws
 * OutsideRootError, src/foundations/fs/inside.ts) is rejected before anything is written.
 */
export function applyEdits(edits: SearchReplace[], entry: ScopeEntry, margin: number, read: (path: string) => string | null): EditOutcome {
  if (edits.length === 0) return { ok: false, kind: 'invalid-edit', reason: 'the answer proposed no edits' };
  const spans = new Map<string, Array<{ start: number; end: number; search: string; replace: string }>>();
  const bases = new Map<string, string>();
  for (const [i, edit] of edits.entries()) {
    const where = `edit ${i + 1} (${edit.file})`;
    if (isDependencyFile(edit.file)) return { ok: false, kind: 'rejected', reason: `${where}: changes a dependency manifest or lockfile` };
    const allowed = entry.files.find((f) => f.path === edit.file);
    if (!allowed) return { ok: false, kind: 'rejected', reason: `${where}: file is outside the fixer scope (allowed: ${entry.files.map((f) => f.path).join(', ')})` };
    let base: string | null;
    try {
      base = bases.get(edit.file) ?? read(edit.file);
    } catch (error) {
      if (error instanceof OutsideRootError) return { ok: false, kind: 'rejected', reason: `${where}: ${error.message}` };
      throw error;
    }
    if (base === null) return { ok: false, kind: 'rejected', reason: `${where}: creates a new file` };
    bases.set(edit.file, base);
    if (edit.search.length === 0) return { ok: false, kind: 'invalid-edit', reason: `${where}: empty search block` };
    const at = base.indexOf(edit.search);
    if (at < 0) return { ok: false, kind: 'invalid-edit', reason: `${where}: search block not found in the base text` };
    if (base.indexOf(edit.search, at + 1) >= 0) return { ok: false, kind: 'invalid-edit', reason: `${where}: search block matches more than once` };
    const start = lineAt(base, at);
    const end = lineAt(base, at + Math.max(0, edit.search.length - 1));
    const inRange = allowed.ranges.some((r) => start >= r.start - margin && end <= r.end + margin);
    if (!inRange) {
      return { ok: false, kind: 'rejected', reason: `${where}: lines ${start}-${end} are outside the allowed ranges ${allowed.ranges.map((r) => `${r.start}-${r.end}`).join(', ')} (±${margin})` };
    }
    const list = spans.get(edit.file) ?? [];
    if (list.some((o) => at < o.end && o.start < at + edit.search.length)) return { ok: false, kind: 'invalid-edit', reason: `${where}: overlaps another edit` };
    list.push({ start: at, end: at + edit.search.length, search: edit.search, replace: edit.replace });
    spans.set(edit.file, list);
  }
  const files = new Map<string, { before: string; after: string }>();
  for (const [file, list] of spans) {
    const before = bases.get(file)!;
    let after = before;
    // Right to left, so earlier offsets stay valid.
    for (const s of [...list].sort((a, b) => b.start - a.start)) after = after.slice(0, s.start) + s.replace + after.slice(s.end);
    files.set(file, { before, after });
  }
  return { ok: true, files };
}

function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}
