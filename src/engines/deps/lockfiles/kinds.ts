// Which lockfile names the dependency scan reads, and which it recognises but has no scanner for.
// An unsupported lockfile is reported scanner-unsupported, never taken for "no vulnerable dependencies".

export type LockfileKind = 'npm' | 'pnpm' | 'yarn' | 'bun';

export const READ_LOCKFILES: Record<string, LockfileKind> = {
  'package-lock.json': 'npm',
  'npm-shrinkwrap.json': 'npm',
  'pnpm-lock.yaml': 'pnpm',
  'yarn.lock': 'yarn',
  'bun.lock': 'bun',
};

export const UNSUPPORTED_LOCKFILES: Record<string, string> = {
  'bun.lockb': 'Bun binary lockfile (run `bun install --save-text-lockfile` for bun.lock)',
  'Cargo.lock': 'Rust (Cargo)',
  'go.sum': 'Go modules',
  'poetry.lock': 'Python (Poetry)',
  'Pipfile.lock': 'Python (Pipenv)',
  'uv.lock': 'Python (uv)',
  'pdm.lock': 'Python (PDM)',
  'Gemfile.lock': 'Ruby (Bundler)',
  'composer.lock': 'PHP (Composer)',
};

/** requirements.txt, requirements-dev.txt, requirements/prod.txt … are pip's pinned lists. */
export function isRequirementsFile(path: string): boolean {
  const base = path.slice(path.lastIndexOf('/') + 1);
  return /^requirements[\w.-]*\.txt$/i.test(base) || /(^|\/)requirements\/[\w.-]+\.txt$/i.test(path);
}

/** Glob patterns that find every lockfile the scan knows, read or not. */
export const LOCKFILE_GLOBS = [
  ...[...Object.keys(READ_LOCKFILES), ...Object.keys(UNSUPPORTED_LOCKFILES)].map((n) => `**/${n}`),
  '**/requirements*.txt',
  '**/requirements/*.txt',
];

export function kindOf(path: string): { read: LockfileKind } | { unsupported: string } | undefined {
  const base = path.slice(path.lastIndexOf('/') + 1);
  const read = READ_LOCKFILES[base];
  if (read) return { read };
  const unsupported = UNSUPPORTED_LOCKFILES[base];
  if (unsupported) return { unsupported };
  return isRequirementsFile(path) ? { unsupported: 'Python (pip requirements)' } : undefined;
}
