import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { indexSource } from '../../../src/engines/code-index/index-file.ts';

// Recon indexes without call sites; every import and export must be what the full index finds.
const PACKAGES = ['execa@9.6.1/node_modules/execa', 'bl@4.1.0/node_modules/bl', 'fast-glob@3.3.3/node_modules/fast-glob/out'].map((p) =>
  fileURLToPath(new URL(`../../../node_modules/.pnpm/${p}`, import.meta.url)));

function jsFiles(dir: string): string[] {
  return readdirSync(dir).sort().flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? (n === 'node_modules' ? [] : jsFiles(p)) : /\.[mc]?js$/.test(n) ? [p] : [];
  });
}

const TRICKY = `
import a from './a.js';
const b = require('./b'), { c, d: e } = require("./c");
this.require('./this-require'); x.y.require('./member-tail'); foo.require('./with-object'); (require)('./paren');
import('./dynamic').then(() => {}); require(name); new require('./new');
export { c } from './re-export.js';
export function f() { return g(require('./inner')); }
`;

test('an index without call sites has the same imports and exports as the full index', () => {
  const files = [['tricky.js', TRICKY] as const, ...PACKAGES.flatMap(jsFiles).map((p) => [p, readFileSync(p, 'utf8')] as const)];
  assert.ok(files.length > 100, `${files.length} files`);
  let imports = 0;
  for (const [path, content] of files) {
    const full = indexSource(path, 'javascript', content).file;
    const lean = indexSource(path, 'javascript', content, { calls: false }).file;
    assert.deepEqual(lean, { ...full, calls: [] }, path);
    imports += full.imports.length;
  }
  assert.ok(imports > 100, `${imports} imports compared`);
  const tricky = indexSource('tricky.js', 'javascript', TRICKY, { calls: false }).file;
  assert.deepEqual(tricky.imports.map((i) => i.specifier), ['./a.js', './b', './c', './this-require', './member-tail', './dynamic', './re-export.js', './inner']);
});
