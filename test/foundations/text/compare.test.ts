import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compareText } from '../../../src/foundations/text/compare.ts';

const PATHS = ['src/Index.js', 'src/id.js', 'src/ä.js', 'src/z.js', 'src/_x.js', 'src/-y.js', 'src/b.js', 'src/B.js', 'src/ı.js', 'src/İ.js'];

test('text sorts by code unit: upper case before lower, ä after z, punctuation by its code', () => {
  assert.deepEqual([...PATHS].sort(compareText), ['src/-y.js', 'src/B.js', 'src/Index.js', 'src/_x.js', 'src/b.js', 'src/id.js', 'src/z.js', 'src/ä.js', 'src/İ.js', 'src/ı.js']);
  assert.equal(compareText('a', 'a'), 0);
  assert.ok(compareText('a', 'b') < 0 && compareText('b', 'a') > 0);
});

test('the order is the same whatever the locale of the process (localeCompare moved ä and İ with LANG)', () => {
  // The function itself, as this process runs it, in a process of each locale.
  const program = `const compareText = ${compareText.toString()};\nconsole.log(JSON.stringify(${JSON.stringify(PATHS)}.sort(compareText)));`;
  const orders = ['C', 'sv_SE.UTF-8', 'tr_TR.UTF-8'].map((locale) => {
    const run = spawnSync(process.execPath, ['-e', program], { env: { ...process.env, LANG: locale, LC_ALL: locale }, encoding: 'utf8' });
    assert.equal(run.status, 0, run.stderr);
    return run.stdout.trim();
  });
  assert.deepEqual(orders, [orders[0], orders[0], orders[0]]);
  // The control: localeCompare itself does move them, so the test can tell.
  const locale = (l: string) => spawnSync(process.execPath, ['-e', `console.log(JSON.stringify(${JSON.stringify(PATHS)}.sort((a, b) => a.localeCompare(b))))`], { env: { ...process.env, LANG: l, LC_ALL: l }, encoding: 'utf8' }).stdout;
  assert.notEqual(locale('sv_SE.UTF-8'), locale('C'));
});

test('no code under src/ sorts by locale: no .localeCompare( call anywhere but in compare.ts\'s comment', () => {
  const src = fileURLToPath(new URL('../../../src/', import.meta.url));
  const files = (readdirSync(src, { recursive: true }) as string[]).filter((f) => f.endsWith('.ts') && f !== join('foundations', 'text', 'compare.ts'));
  assert.ok(files.length > 100, 'the source files were found');
  assert.deepEqual(files.filter((f) => readFileSync(join(src, f), 'utf8').includes('.localeCompare(')), []);
});
