// Which test framework a target uses, and the argv that runs one test file with a parseable (TAP) reporter.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Framework } from './types.ts';

export function detectFramework(root: string): Framework | null {
  const pkg = readPackage(root);
  if (pkg) {
    const deps = { ...pkg.dependencies, ...pkg.devDependencies };
    const script = pkg.scripts?.test ?? '';
    if ('vitest' in deps || /\bvitest\b/.test(script)) return 'vitest';
    if ('jest' in deps || /\bjest\b/.test(script)) return 'jest';
    if ('mocha' in deps || /\bmocha\b/.test(script)) return 'mocha';
    return 'node:test';
  }
  if (['pytest.ini', 'conftest.py', 'pyproject.toml', 'requirements.txt', 'setup.py'].some((f) => existsSync(join(root, f)))) return 'pytest';
  if (existsSync(join(root, 'go.mod'))) return 'go test';
  return null;
}

/** argv (inside the sandbox, cwd = workspace) that runs one test file, or why this build cannot. `testSource` is
 * needed for go test, which runs a package's tests by name, not a file. */
export function testCommand(root: string, framework: Framework, testPath: string, testSource = ''): { argv: string[] } | { unsupported: string } {
  const bin = (name: string) => `node_modules/.bin/${name}`;
  const local = (name: string) => existsSync(join(root, 'node_modules', '.bin', name));
  switch (framework) {
    case 'node:test': {
      const ts = /\.[cm]?tsx?$/.test(testPath);
      if (ts && !existsSync(join(root, 'node_modules', 'tsx'))) return { unsupported: 'a TypeScript node:test file needs tsx in node_modules' };
      return { argv: ['node', ...(ts ? ['--import', 'tsx'] : []), '--test', '--test-reporter=tap', testPath] };
    }
    case 'vitest':
      return local('vitest') ? { argv: [bin('vitest'), 'run', '--reporter=tap', testPath] } : { unsupported: 'vitest is not installed in node_modules' };
    case 'mocha':
      return local('mocha') ? { argv: [bin('mocha'), '--reporter', 'tap', testPath] } : { unsupported: 'mocha is not installed in node_modules' };
    case 'jest':
      return local('jest') ? { argv: [bin('jest'), '--ci', '--runTestsByPath', testPath] } : { unsupported: 'jest is not installed in node_modules' };
    case 'pytest':
      // python3 -m pytest puts the repository root on sys.path, as the project's own test runs usually do; native
      // tracebacks are what the judge reads (pytest-output.ts).
      return { argv: ['python3', '-m', 'pytest', '-q', '-p', 'no:cacheprovider', '--tb=native', '-rf', testPath] };
    case 'go test': {
      // Only the injected file's tests, uncached, in its own package; the sandbox's GOFLAGS/GOPROXY keep it offline.
      const names = goTestNames(testSource);
      if (names.length === 0) return { unsupported: `${testPath} declares no func TestXxx(t *testing.T)` };
      const folder = dirname(testPath);
      return { argv: ['go', 'test', '-run', `^(${names.join('|')})$`, '-count=1', folder === '.' ? '.' : `./${folder}`] };
    }
  }
}

/** The top-level test functions a Go test file declares. */
export function goTestNames(source: string): string[] {
  return [...source.matchAll(/^func (Test[A-Z_0-9]\w*|Test)\(\s*\w+\s+\*testing\.T\s*\)/gm)].map((m) => m[1]!);
}

function readPackage(root: string): { dependencies?: Record<string, string>; devDependencies?: Record<string, string>; scripts?: Record<string, string> } | null {
  try {
    return JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as ReturnType<typeof readPackage>;
  } catch {
    return null;
  }
}
