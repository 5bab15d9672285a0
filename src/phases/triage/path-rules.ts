// Pure path rules: what a repository-relative path alone says about a file (vendored, lock file, build
// output, minified name, not source, test code). No file system access.
import type { SkippedFile } from '../../artifacts/schemas/triage.ts';
import { detectLanguage } from '../../engines/code-index/languages.ts';
// Build output folders and minified names: shared with the report, which keeps a bug and its bundle copies once.
import { MINIFIED_NAME, OUTPUT_DIRS } from '../../engines/findings/bundles.ts';

export type PathVerdict =
  | { kind: 'drop' }
  | { kind: 'skip'; reason: SkippedFile['reason']; detail: string }
  | { kind: 'source'; language: string; isTest: boolean };

// bug-hunter's own artifacts and git's internals are never part of a scan (and never worth a record).
const DROPPED_DIRS = new Set(['.git', '.bug-hunter']);
const VENDORED_DIRS = new Set(['node_modules', 'vendor', 'vendors', 'third_party', 'third-party', 'thirdparty', 'bower_components', 'jspm_packages', '.yarn', '.pnpm-store', 'Pods', 'Carthage', 'site-packages', '.venv', 'venv']);
const TEST_DIRS = new Set(['test', 'tests', '__tests__', 'spec', 'specs', '__mocks__', 'fixtures', '__fixtures__', 'testdata', 'test-data', 'examples', 'example', 'benchmark', 'benchmarks', 'bench', 'e2e', 'cypress']);
const LOCK_FILES = new Set([
  'package-lock.json',
  'npm-shrinkwrap.json',
  'yarn.lock',
  'pnpm-lock.yaml',
  'bun.lockb',
  'bun.lock',
  'Cargo.lock',
  'Gemfile.lock',
  'poetry.lock',
  'Pipfile.lock',
  'uv.lock',
  'composer.lock',
  'go.sum',
  'mix.lock',
  'Package.resolved',
  'Podfile.lock',
  'flake.lock',
  'gradle.lockfile',
  'packages.lock.json',
]);
const GENERATED_NAME = /(?:\.pb\.go|_pb2(?:_grpc)?\.py|\.pb\.(?:cc|h)|\.g\.dart|\.freezed\.dart|\.designer\.cs|\.generated\.[^.]+|_generated\.[^.]+|\.gen\.go)$/;
const TEST_NAME = /(?:\.|_|-)(?:test|spec|e2e)\.[^.]+$|^test_[^/]*\.py$|^conftest\.py$|(?:Test|Tests|Spec|IT)\.(?:java|kt|cs|swift|scala|groovy|php)$|_(?:test|spec)\.(?:go|rb|exs?|py|rs|c|cc|cpp)$/;

export function isTestPath(segments: readonly string[], baseName: string): boolean {
  for (let i = 0; i < segments.length - 1; i++) if (TEST_DIRS.has(segments[i] as string)) return true;
  return TEST_NAME.test(baseName);
}

export interface PathRuleOptions {
  /** --include-generated: build output folders and generated file names are source too. */
  includeGenerated?: boolean;
}

/** `served`: build-output folders ('dist/', 'pkg/build/') that a package entry points into; their files are code. */
export function classifyPath(path: string, served?: ReadonlyMap<string, string>, options: PathRuleOptions = {}): PathVerdict {
  const segments = path.split('/');
  const baseName = segments[segments.length - 1] ?? path;
  for (let i = 0; i < segments.length - 1; i++) {
    const dir = segments[i] as string;
    if (DROPPED_DIRS.has(dir)) return { kind: 'drop' };
    if (VENDORED_DIRS.has(dir)) return { kind: 'skip', reason: 'vendored', detail: `inside ${segments.slice(0, i + 1).join('/')}/` };
  }
  if (LOCK_FILES.has(baseName)) return { kind: 'skip', reason: 'lockfile', detail: baseName };
  for (let i = 0; i < segments.length - 1 && !options.includeGenerated; i++) {
    const dir = segments[i] as string;
    if (!OUTPUT_DIRS.has(dir)) continue;
    const folder = `${segments.slice(0, i + 1).join('/')}/`;
    if (!served?.has(folder)) return { kind: 'skip', reason: 'generated', detail: `build output folder ${folder}` };
  }
  if (!options.includeGenerated && GENERATED_NAME.test(baseName)) return { kind: 'skip', reason: 'generated', detail: `generated file name ${baseName}` };
  if (MINIFIED_NAME.test(baseName)) return { kind: 'skip', reason: 'minified', detail: `minified file name ${baseName}` };
  const language = detectLanguage(baseName);
  if (!language) return { kind: 'skip', reason: 'not-source', detail: 'no source-language extension' };
  return { kind: 'source', language, isTest: isTestPath(segments, baseName) };
}
