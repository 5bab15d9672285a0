// The version `pnpm --version` prints, read without starting pnpm: pnpm is a Node program that takes longer to start
// than the rest of `doctor` together. A plain install's PATH entry resolves to <package>/bin/pnpm.cjs (or .js, or the
// standalone pnpm.mjs), whose package.json is named pnpm and carries the version. Anything else (a corepack shim,
// which picks a version per project; a wrapper script) is not guessed at: undefined, and the caller runs it.
import { accessSync, constants, readFileSync, realpathSync } from 'node:fs';
import { basename, delimiter, dirname, join } from 'node:path';

function firstOnPath(name: string, pathEnv: string): string | undefined {
  for (const dir of pathEnv.split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

export function installedPnpmVersion(pathEnv = process.env.PATH ?? ''): string | undefined {
  const entry = firstOnPath('pnpm', pathEnv);
  if (!entry) return undefined;
  try {
    const real = realpathSync(entry);
    if (!/^pnpm\.(?:cjs|js|mjs)$/.test(basename(real)) || basename(dirname(real)) !== 'bin') return undefined;
    const pkg = JSON.parse(readFileSync(join(dirname(dirname(real)), 'package.json'), 'utf8')) as { name?: unknown; version?: unknown };
    return pkg.name === 'pnpm' && typeof pkg.version === 'string' && /^\d+\.\d+\.\d+/.test(pkg.version) ? pkg.version : undefined;
  } catch {
    return undefined;
  }
}
