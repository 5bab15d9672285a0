// `bug-hunter repro --fix` on a Go module: the words-only report of repro-go.test.ts reproduced, then fixed red → green
// with the module's go test suite green (real go test in the real bubblewrap sandbox). Split from repro-go.test.ts so
// its sandboxed go test runs go beside the other two tests'.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readArtifact } from '../../../src/artifacts/store.ts';
import { answer, CART, goModule, WORDS } from './go-cart.ts';

test('a words-only report on a Go module, reproduced and fixed with --fix: the go test reproduction red before, green after, the suite green', async (t) => {
  const p = await goModule(t);
  p.server.enqueue(
    answer('cart/total_repro_test.go', 'package cart\n\nimport (\n\t"os"\n\t"testing"\n)\n\nfunc TestTotalCountsEveryItem(t *testing.T) {\n\tif got := Total([]Item{{Price: 10}, {Price: 20}}); got != 30 {\n\t\tt.Fatalf("%s: the first item is skipped: got %d", os.Getenv("BUG_HUNTER_MARKER"), got)\n\t}\n}\n', 'marker'),
    { json: { edits: [{ file: 'cart/cart.go', search: '\tfor _, it := range items[1:] {', replace: '\tfor _, it := range items {' }], explanation: 'count the first item' } },
  );
  const r = await p.repro('--from', p.file('report.md', WORDS), '--fix');
  assert.equal(r.code, 0, r.stdout + r.stderr);
  const report = readArtifact(p.outDir, 'repro-report');
  assert.equal(report.fix?.status, 'fixed-proven');
  const fix = readArtifact(join(p.outDir, report.fix!.dir), 'fix-report').fixes[0]!;
  assert.match(fix.before.join('\n'), /repro BH-[0-9a-f]+: FAIL/);
  assert.match(fix.after.join('\n'), /repro BH-[0-9a-f]+: PASS[\s\S]*go test: PASS/);
  assert.equal(readFileSync(join(p.dir, 'cart/cart.go'), 'utf8'), CART, 'the user tree is untouched without --auto-commit');
});
