// The build copies a finding's cited lines are looked for in (engines/report/unread-copies.ts): files triage skipped as
// generated, script files only, under a name the report can carry, read inside the target like any source (no link
// out of it), bounded in number and size, and only when the run has findings at all. A copy that cannot be read, or
// is too large, is left out: it is only ever an extra place named beside a finding.
import { lstatSync } from 'node:fs';
import type { Triage } from '../../artifacts/schemas/triage.ts';
import { RepoPath } from '../../artifacts/schemas/common.ts';
import { validate } from '../../artifacts/validate.ts';
import { readSource } from '../../engines/integrity/source.ts';
import { containPath } from '../../foundations/fs/paths.ts';
import type { BuildCopy } from '../../engines/report/unread-copies.ts';

const SCRIPT = /\.(?:js|mjs|cjs|jsx|ts|mts|cts|tsx)$/;
export const MAX_COPIES = 64;
export const MAX_COPY_BYTES = 8 * 1024 * 1024;
const MAX_TOTAL_BYTES = 32 * 1024 * 1024;

/** The copies to look in: at most MAX_COPIES of triage's generated skips (in its order), each at most MAX_COPY_BYTES. */
export function readBuildCopies(target: string, triage: Pick<Triage, 'skipped'>, findings: number): BuildCopy[] {
  if (findings === 0) return [];
  const copies: BuildCopy[] = [];
  let total = 0;
  for (const skipped of triage.skipped) {
    if (copies.length >= MAX_COPIES) break;
    if (skipped.reason !== 'generated' || skipped.path.endsWith('/') || !SCRIPT.test(skipped.path)) continue;
    // Triage lists a skipped file under any name the file system allows; a related location is a RepoPath (no
    // backslash), so a name the report could not carry is not read: listed, it would fail the report's schema.
    if (!validate(RepoPath, skipped.path).ok) continue;
    const size = sizeOf(target, skipped.path);
    if (size === null || size > MAX_COPY_BYTES || total + size > MAX_TOTAL_BYTES) continue;
    const read = readSource(target, skipped.path);
    if (!read.ok) continue;
    total += size;
    copies.push({ file: skipped.path, text: read.content });
  }
  return copies;
}

/** The size of a regular file at the path (not through a link), or null. */
function sizeOf(target: string, path: string): number | null {
  const at = containPath(target, path);
  if (!at.ok) return null;
  try {
    const stat = lstatSync(at.absolute);
    return stat.isFile() ? stat.size : null;
  } catch {
    return null;
  }
}
