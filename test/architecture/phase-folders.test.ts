// A folder per phase (issue #40 item 3): every folder of src/phases/ holds `index.ts` (the declaration, a thin shell)
// and `core.ts` (the phase's decisions), core.ts is pure — neither it nor any module it imports at run time, within
// src/, imports `node:` or an I/O library, or takes an I/O argument (a phase context, a model client) — and
// test/phases/<name>/ holds at least three tests. Nothing outside a phase folder imports a file of it, except the
// registry, which imports its index.ts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));
const TEST = fileURLToPath(new URL('../', import.meta.url));

// PENDING: phase folders not yet split into index.ts + a pure core.ts with their tests (none today). A name here
// that already passes fails the last test below, so the set only shrinks.
const PENDING = new Set<string>([]);

/** Packages that read or write the world (files, processes, network, databases): never in a pure core. */
const IO_PACKAGES = new Set([
  'fs', 'fs/promises', 'child_process', 'os', 'net', 'http', 'https', 'worker_threads', 'process', 'readline', 'dgram', 'dns', 'tls',
  'execa', 'globby', 'better-sqlite3', 'proper-lockfile', 'zx', 'openai', '@anthropic-ai/sdk', '@octokit/rest',
  '@octokit/plugin-retry', '@octokit/plugin-throttling',
]);
/**
 * The only `node:` names a pure module may import, each a computation that reads and writes nothing: path strings
 * in POSIX form (`posix`, never the platform's `resolve`, which reads the working folder), a hash of bytes, a UTF-8
 * check of bytes. Any other name from these modules, or any other `node:` module, is I/O.
 */
const PURE_BUILTINS: Readonly<Record<string, readonly string[]>> = {
  'node:path': ['posix'],
  'node:crypto': ['createHash', 'hash'],
  'node:buffer': ['isUtf8'],
};
/** Types of an I/O argument: a core is given data, not a way to reach the world. */
const IO_ARGUMENT_TYPES = ['PhaseContext', 'ModelClient'];

const phases = readdirSync(`${SRC}phases`, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort();

/** What a module imports at run time (`import type` and `export type … from` are erased): its specifiers. */
function runtimeImports(file: string): { specifiers: string[]; typeNames: string[]; builtinNames: Map<string, string[]> } {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const specifiers: string[] = [];
  const typeNames: string[] = [];
  const builtinNames = new Map<string, string[]>();
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const names = clause?.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings.elements.map((e) => e.name.text) : [];
      typeNames.push(...names);
      const wholeModule = !clause || clause.name !== undefined || (clause.namedBindings !== undefined && !ts.isNamedImports(clause.namedBindings));
      if (!clause?.isTypeOnly) {
        specifiers.push(node.moduleSpecifier.text);
        builtinNames.set(node.moduleSpecifier.text, [...(builtinNames.get(node.moduleSpecifier.text) ?? []), ...(wholeModule ? ['*'] : names)]);
      }
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      if (!node.isTypeOnly) specifiers.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && (node.expression.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(node.expression) && node.expression.text === 'require'))) {
      const [arg] = node.arguments;
      if (arg && ts.isStringLiteral(arg)) specifiers.push(arg.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { specifiers, typeNames, builtinNames };
}

/** Why a module, or one it imports at run time within src/, is not pure: one line per offence, with the path to it. */
function impurities(entry: string): string[] {
  const found: string[] = [];
  const seen = new Set<string>();
  const walk = (path: string, via: string[]): void => {
    if (seen.has(path)) return;
    seen.add(path);
    const chain = [...via, path].join(' → ');
    const { specifiers, typeNames, builtinNames } = runtimeImports(`${SRC}${path}`);
    for (const name of typeNames.filter((n) => IO_ARGUMENT_TYPES.includes(n))) found.push(`${chain} takes an I/O argument (${name})`);
    for (const specifier of specifiers) {
      if (specifier.startsWith('node:')) {
        const pure = PURE_BUILTINS[specifier] ?? [];
        const names = builtinNames.get(specifier) ?? ['*'];
        if (!names.every((n) => pure.includes(n))) found.push(`${chain} imports '${specifier}' (${names.filter((n) => !pure.includes(n)).join(', ')})`);
      } else if (IO_PACKAGES.has(specifier)) found.push(`${chain} imports '${specifier}'`);
      else if (specifier.startsWith('.')) walk(posix.normalize(posix.join(posix.dirname(path), specifier)), [...via, path]);
    }
  };
  walk(entry, []);
  return found;
}

/** `test(` calls in the test files of test/phases/<name>/. */
function testCount(name: string): number {
  const dir = `${TEST}phases/${name}`;
  if (!existsSync(dir)) return 0;
  return readdirSync(dir).filter((f) => f.endsWith('.test.ts')).reduce((n, f) => n + (readFileSync(`${dir}/${f}`, 'utf8').match(/(^|[^.\w])test\(/g) ?? []).length, 0);
}

function problems(name: string): string[] {
  const out: string[] = [];
  if (!existsSync(`${SRC}phases/${name}/index.ts`)) out.push(`src/phases/${name}/index.ts is missing`);
  if (!existsSync(`${SRC}phases/${name}/core.ts`)) out.push(`src/phases/${name}/core.ts is missing`);
  else out.push(...impurities(`phases/${name}/core.ts`).map((why) => `not pure: ${why}`));
  const tests = testCount(name);
  if (tests < 3) out.push(`test/phases/${name}/ holds ${tests} test(s); a phase needs at least 3`);
  return out;
}

test('every phase folder has index.ts, a pure core.ts and at least three tests in test/phases/<name>/', () => {
  const found = phases.filter((name) => !PENDING.has(name)).flatMap((name) => problems(name).map((p) => `${name}: ${p}`));
  assert.deepEqual(found, [], found.join('\n'));
});

// Nothing outside a phase folder imports a file of it but the registry: imports.test.ts judges that (layers.ts), with
// its list of pending imports.

test('the purity check names a node: import reached through a relative import, and an I/O argument', () => {
  // phases/threat/index.ts imports node:path itself and reaches the model client type; a pure core does neither.
  const why = impurities('phases/threat/index.ts');
  assert.ok(why.some((w) => w === "phases/threat/index.ts → engines/report/threat-model-files.ts imports 'node:path' (join)"), why.join('\n'));
  assert.ok(why.some((w) => w.includes('takes an I/O argument (ModelClient)')), why.join('\n'));
  assert.ok(impurities('foundations/text/compare.ts').length === 0);
});

test('PENDING names only phase folders that do not pass yet', () => {
  const done = [...PENDING].filter((name) => phases.includes(name) && problems(name).length === 0);
  const gone = [...PENDING].filter((name) => !phases.includes(name));
  assert.deepEqual([...done, ...gone], [], 'remove these from PENDING in test/architecture/phase-folders.test.ts');
});
