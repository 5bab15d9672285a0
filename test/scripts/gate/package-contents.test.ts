// The package ships the product only: `npm pack --dry-run` of this checkout lists nothing of the maintainer tooling
// (tests, scripts/, the benchmark runner and cases, examples, test hooks).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { maintainerTooling, packedFiles } from '../../../scripts/gate/inventory.ts';
import { assertFreshDist } from '../../helpers/dist.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

test('maintainer tooling is recognised at any depth, and the product is not', () => {
  const tooling = ['test/a.test.ts', 'scripts/build/build.mjs', 'benchmark/cases/a/x.js', 'examples/demo-api/app.js', 'src/commands/benchmark/cli.ts', 'dist/commands/benchmark/cli.js', 'src/commands/watch/test-hooks.ts', 'dist/commands/watch/test-hooks.js.map'];
  const product = ['dist/cli/main.js', 'dist/engines/repro/go-test-output.js', 'dist/artifacts/schemas/benchmark-report.js', 'schemas/benchmark-report.schema.json', 'prompts/hunter.md', 'package.json'];
  assert.deepEqual(maintainerTooling([...tooling, ...product]), tooling);
});

test('npm pack of this checkout lists the compiled CLI and nothing of the maintainer tooling', () => {
  assertFreshDist();
  const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const files = packedFiles(out.slice(out.indexOf('['), out.lastIndexOf(']') + 1));
  assert.ok(files.includes('bin/bug-hunter.js') && files.includes('dist/cli/main.js'), 'the package holds the CLI');
  assert.deepEqual(maintainerTooling(files), []);
});
