// "Read what runs": node scripts without an extension and build folders a package entry points into are
// scanned; other build output, other shebangs and minified bundles stay skipped with their reason.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runTriage } from '../../../src/phases/triage/index.ts';
import { servedOutputDirs, shebangLanguage } from '../../../src/phases/triage/runs.ts';
import { tempDir, writeFiles } from '../../helpers/temp.ts';
import { phaseContext } from './context.ts';

const SCRIPT = "#!/usr/bin/env node\nconst cp = require('child_process');\ncp.exec('ps ' + process.argv[2]);\n";
const CODE = 'module.exports = function (a) {\n  return a + 1;\n};\n';

test('node shebangs name JavaScript or TypeScript; other interpreters and plain text do not', () => {
  assert.equal(shebangLanguage('#!/usr/bin/env node\nx'), 'javascript');
  assert.equal(shebangLanguage('#!/usr/local/bin/node --harmony\n'), 'javascript');
  assert.equal(shebangLanguage('#!/usr/bin/env -S node --no-warnings\n'), 'javascript');
  assert.equal(shebangLanguage('#!/usr/bin/env ts-node\n'), 'typescript');
  assert.equal(shebangLanguage('#!/usr/bin/env python3\n'), undefined);
  assert.equal(shebangLanguage('#!/bin/sh\nexec node "$0"\n'), undefined);
  assert.equal(shebangLanguage('#!/usr/bin/env nodemon-like\n'), undefined);
  assert.equal(shebangLanguage('node is great\n'), undefined);
});

test('a build folder counts as code only when an entry points into it and it has no source twin', () => {
  const listed = new Set(['build/index.js', 'dist/cli.js', 'src/cli.ts', 'lib/x.js']);
  const served = servedOutputDirs(['build/index.js', 'dist/cli.js', 'lib/x.js', 'build/missing.js'], listed);
  assert.deepEqual([...served.keys()], ['build/']);
  assert.match(served.get('build/') ?? '', /package entry build\/index\.js/);
});

test('triage scans an extensionless node bin and the dist folder main points into; the rest stays skipped', async (t) => {
  const dir = tempDir(t);
  writeFiles(dir, {
    'package.json': JSON.stringify({ name: 'pkg', main: 'dist/index.js', bin: { pkg: 'bin/pkg' } }),
    'bin/pkg': SCRIPT,
    'bin/setup': '#!/bin/sh\necho hi\n',
    'LICENSE': 'MIT License\n',
    'dist/index.js': CODE,
    'dist/lib/helper.js': CODE,
    'dist/index.min.js': CODE,
    'build/other.js': CODE,
    'node_modules/dep/package.json': JSON.stringify({ main: 'build/x.js' }),
    'vendor/dep/package.json': JSON.stringify({ main: 'build/other.js' }),
  });
  const { body } = await runTriage(phaseContext(dir));
  assert.deepEqual(body.files.map((f) => `${f.path}:${f.language}`).sort(), ['bin/pkg:javascript', 'dist/index.js:javascript', 'dist/lib/helper.js:javascript']);
  const why = Object.fromEntries(body.skipped.map((s) => [s.path, s.reason]));
  assert.equal(why['bin/setup'], 'not-source');
  assert.equal(why['LICENSE'], 'not-source');
  assert.equal(why['dist/index.min.js'], 'minified');
  assert.equal(why['build/other.js'], 'generated');
});
