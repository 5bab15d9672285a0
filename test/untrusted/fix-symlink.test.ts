// `repro --fix` on a repository whose HEAD stores lib/price.js as a symbolic link to an absolute path outside it:
// the fixer's edit of lib/price.js is refused, naming the link, and the file outside stays exactly as it was.
// The real CLI, real git, the real bubblewrap sandbox; the tester and fixer answers are scripted on the fake server.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { readArtifact } from '../../src/artifacts/store.ts';
import { git, tempDir, writeFiles } from '../helpers/temp.ts';
import { reproProject } from '../commands/repro/repro-project.ts';

const PRICE = 'export function total(items) {\n  let sum = 0;\n  for (let i = 1; i < items.length; i++) sum += items[i].price;\n  return sum;\n}\n';
const HEADER = "import { test } from 'node:test';\nimport assert from 'node:assert/strict';\nimport { total } from '../lib/price.js';\n";
const SUITE = `${HEADER}test('empty', () => assert.equal(total([]), 0));\n`;
const REPRO = `${HEADER}test('total counts every item', () => { assert.equal(total([{ price: 10 }, { price: 20 }]), 30, \`\${process.env.BUG_HUNTER_MARKER}: the first item is skipped\`); });\n`;
const LOOP = '  for (let i = 1; i < items.length; i++) sum += items[i].price;';
const FIXED = '  for (let i = 0; i < items.length; i++) sum += items[i].price;';

test('repro --fix: an edit of a file HEAD stores as a symlink to an absolute path outside is refused naming it; the outside file is unchanged', async (t) => {
  const outside = join(tempDir(t, 'bh-outside-'), 'price.js');
  writeFiles(join(outside, '..'), { 'price.js': PRICE });
  const p = await reproProject(t, { 'package.json': JSON.stringify({ name: 'price', type: 'module', scripts: { test: 'node --test test/' } }), 'test/price.test.js': SUITE }, 'bh-symlink-fix-');
  mkdirSync(join(p.dir, 'lib'), { recursive: true });
  symlinkSync(outside, join(p.dir, 'lib', 'price.js'));
  git(p.dir, 'add', '-A');
  git(p.dir, 'commit', '-q', '-m', 'price through a link');
  assert.equal(git(p.dir, 'ls-tree', 'HEAD', 'lib/price.js').split(' ')[0], '120000', 'HEAD stores a symlink');
  // The working tree holds a plain file (a typechange git shows), so the report is located and reproduced there;
  // the fixer's worktree is checked out from HEAD, where the path is the link.
  rmSync(join(p.dir, 'lib', 'price.js'));
  writeFiles(p.dir, { 'lib/price.js': PRICE });
  p.server.enqueue(
    { json: { path: 'test/total.repro.test.js', content: REPRO, signature: { kind: 'marker', errorType: '', messageFragment: '' } } },
    ...Array.from({ length: 3 }, () => ({ json: { edits: [{ file: 'lib/price.js', search: LOOP, replace: FIXED }], explanation: 'start at the first item' } })),
  );
  const r = await p.repro('--from', p.file('report.md', '# Total is wrong\n\n`total()` in lib/price.js skips the first item.\n'), '--fix');
  assert.equal(readFileSync(outside, 'utf8'), PRICE, 'the file outside the repository was written through the link');
  const report = readArtifact(p.outDir, 'repro-report');
  assert.equal(report.verdict, 'reproduced', `${report.reason} ${r.stderr}`);
  assert.equal(report.fix?.status, 'rolled-back');
  const fix = readArtifact(join(p.outDir, report.fix!.dir), 'fix-report').fixes[0]!;
  assert.ok(fix.attempts.length > 0);
  for (const attempt of fix.attempts) {
    assert.equal(attempt.outcome, 'rejected', attempt.reason);
    assert.match(attempt.reason, /lib\/price\.js is a symbolic link/);
  }
  assert.equal(fix.patch, '');
});
