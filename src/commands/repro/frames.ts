// Frames of a production trace mapped onto the target's files: the longest path suffix that is a file of the
// target (production paths are absolute and rooted elsewhere). Dependency and runtime frames are kept, marked,
// never mapped: the bug is looked for in the target's own code. Pure.
import type { StackTrace, TraceFrame } from '../../engines/stack-trace/types.ts';
import type { ReproLocationKind } from '../../artifacts/schemas/literals.ts';

export type FrameKind = ReproLocationKind;

export interface MappedFrame extends TraceFrame {
  kind: FrameKind;
  /** Repository-relative POSIX path, for kind 'target'. */
  file?: string;
}

// Installed packages of each ecosystem: node_modules, pip's site/dist-packages and virtualenvs, Go's module cache and vendor/.
const DEPENDENCY = /(^|\/)(node_modules|site-packages|dist-packages|\.venv|venv|vendor)\/|\/pkg\/mod\//;

export function mapFrames(trace: StackTrace, repoFiles: readonly string[]): MappedFrame[] {
  const byName = new Map<string, string[]>();
  for (const file of repoFiles) {
    const name = file.slice(file.lastIndexOf('/') + 1);
    byName.set(name, [...(byName.get(name) ?? []), file]);
  }
  return trace.frames.map((frame) => {
    if (frame.runtime) return { ...frame, kind: 'runtime' };
    const path = frame.path.replace(/\\/g, '/');
    if (DEPENDENCY.test(path)) return { ...frame, kind: 'dependency' };
    const file = longestSuffix(path, byName.get(path.slice(path.lastIndexOf('/') + 1)) ?? []);
    return file ? { ...frame, kind: 'target', file } : { ...frame, kind: 'outside' };
  });
}

/** The innermost frame in the target's own code: where the tester should look first. */
export function innermostTargetFrame(frames: readonly MappedFrame[]): MappedFrame | undefined {
  return frames.find((f) => f.kind === 'target');
}

// '/srv/app/src/user.js' matches 'src/user.js' (on a '/' boundary) better than 'user.js'; the longest wins.
function longestSuffix(path: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  for (const file of candidates) {
    const matches = path === file || path.endsWith(`/${file}`);
    if (matches && (!best || file.length > best.length)) best = file;
  }
  return best;
}
