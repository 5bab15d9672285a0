import { test } from 'node:test';
import assert from 'node:assert/strict';
import { relativeImports } from '../../../src/phases/triage/imports.ts';
import { importedLanguage, listedContext, newlyImported } from '../../../src/phases/triage/required.ts';
import { escapedName } from '../../../src/phases/triage/raw-name.ts';

test('relative imports: require, import from, bare import, dynamic import (comments inside too), re-export, template literal', () => {
  const text = [
    "const a = require('./a');",
    "import b from '../b.js';",
    "import './side';",
    "export * from './e';",
    "const c = () => import('./c');",
    "const d = () => import(/* webpackChunkName: \"d\" */ './d');",
    'const g = require(`./g`);',
    "const pkg = require('express');",
    "const idx = require('.');",
  ].join('\n');
  assert.deepEqual(relativeImports('javascript', text), ['./a', '../b.js', './side', './e', './c', './d', './g', '.']);
  assert.deepEqual(relativeImports('python', "from . import x\nrequire('./a')\n"), []);
});

test('newlyImported resolves against every listed path and names each new target once, with its first importer', () => {
  const ctx = listedContext(new Set(['index.js', 'vendor/srv.js', 'lib/srv.min.js', 'test/srv.js', 'ok.js']));
  const edges = newlyImported(
    [
      { path: 'index.js', imports: ['./vendor/srv', './lib/srv.min.js', './ok.js', './missing'] },
      { path: 'ok.js', imports: ['./vendor/srv.js', './test/srv.js'] },
    ],
    ctx,
    new Set(['index.js', 'ok.js']),
  );
  assert.deepEqual(edges, [
    { target: 'vendor/srv.js', importer: 'index.js', specifier: './vendor/srv' },
    { target: 'lib/srv.min.js', importer: 'index.js', specifier: './lib/srv.min.js' },
    { target: 'test/srv.js', importer: 'ok.js', specifier: './test/srv.js' },
  ]);
});

test('an imported file is read as JavaScript whatever its extension, except data and native addons', () => {
  assert.equal(importedLanguage('srv.ts', 'typescript'), 'typescript');
  assert.equal(importedLanguage('srv.txt', undefined), 'javascript');
  assert.equal(importedLanguage('srv', undefined), 'javascript');
  assert.equal(importedLanguage('data.json', undefined), undefined);
  assert.equal(importedLanguage('addon.node', undefined), undefined);
});

test('a raw name is shown with \\xHH for each byte that is not UTF-8', () => {
  assert.equal(escapedName(Buffer.from([0x73, 0x72, 0x76, 0xff, 0x2e, 0x6a, 0x73])), 'srv\\xFF.js');
  assert.equal(escapedName(Buffer.concat([Buffer.from('caf\u00e9-'), Buffer.from([0xe9]), Buffer.from('.js')])), 'caf\u00e9-\\xE9.js');
});

test('styles, images and other assets a bundler imports are not read as code', () => {
  for (const path of ['app.css', 'logo.svg', 'font.woff2', 'page.html', 'schema.graphql']) assert.equal(importedLanguage(path, undefined), undefined, path);
});
