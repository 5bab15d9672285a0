// Is the target folder itself ignored by an enclosing git repository (an unpacked package in an ignored
// cache, node_modules/foo, a build folder)? Then git lists nothing in it, and triage must say why.
import { isAbsolute, join } from 'node:path';
import { gitCheckIgnore, gitTopLevel } from './git.ts';

export interface EnclosingIgnore {
  /** Absolute path of the ignore file (a .gitignore, info/exclude or the global excludes file). */
  source: string;
  line: number;
  pattern: string;
}

export function enclosingIgnore(target: string): EnclosingIgnore | null {
  const top = gitTopLevel(target);
  if (!top || top === target) return null;
  const hit = gitCheckIgnore(target, '.');
  if (!hit) return null;
  // git names a repository's own ignore files relative to its top level; the global excludes file absolutely.
  return { ...hit, source: isAbsolute(hit.source) ? hit.source : join(top, hit.source) };
}

/** The detail triage records on each file such a rule leaves out; the exit reason repeats it. */
export function enclosingIgnoreDetail(hit: EnclosingIgnore): string {
  return `ignored by ${hit.source} of the enclosing repository`;
}
