// `bug-hunter repro` on a Go module (a git repository): real `go test` runs (twice) in the real bubblewrap sandbox,
// the tester on the fake OpenAI-compatible server (the real SDK), the real CLI entry. A panic trace is proven only by
// a test that gets the same panic from Cheapest; a test that does not build and a test that panics by itself are
// refused. A words-only report is proven by the marker in a guarded t.Fatalf; a constant condition and a t.Log of the
// marker are refused. (With --fix: repro-go-fix.test.ts.) The module and the answers: go-cart.ts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readArtifact } from '../../../src/artifacts/store.ts';
import { answer, goModule, TRACE, WORDS } from './go-cart.ts';

test('a Go panic trace: a test that does not build and a test that panics by itself are refused; the panic from Cheapest, run twice by go test, is proven', async (t) => {
  const p = await goModule(t);
  const head = 'package cart\n\nimport "testing"\n\n';
  p.server.enqueue(
    answer('cart/cheapest_repro_test.go', `${head}func TestCheapestOfNone(t *testing.T) {\n\tCheapst(nil)\n}\n`, 'error'),
    answer('cart/cheapest_repro2_test.go', `${head}func TestCheapestOfNone(t *testing.T) {\n\tvar items []Item\n\t_ = items[0]\n\tCheapest(items)\n}\n`, 'error'),
    answer('cart/cheapest_repro3_test.go', `${head}func TestCheapestOfNone(t *testing.T) {\n\tif got := Cheapest(nil); got.Price != 0 {\n\t\tt.Fatalf("got %v", got)\n\t}\n}\n`, 'error'),
  );
  const r = await p.repro('--stack-trace', p.file('trace.txt', TRACE));
  assert.equal(r.code, 0, r.stdout + r.stderr);
  const report = readArtifact(p.outDir, 'repro-report');
  assert.equal(report.verdict, 'reproduced', report.reason);
  assert.deepEqual([report.trace?.runtime, report.framework, report.location?.file, report.location?.symbol], ['go', 'go test', 'cart/cart.go', 'Cheapest']);
  assert.deepEqual(report.signature, { kind: 'error', errorType: 'panic', messageFragment: 'runtime error: index out of range [', thrownIn: 'cart/cart.go', thrownInFunction: 'Cheapest' });
  assert.deepEqual(report.attempts.map((a) => a.outcome), ['not-reproduced', 'not-reproduced', 'reproduced']);
  assert.match(report.attempts[0]!.reason, /the test file itself failed to run: build failed: [\s\S]*undefined: Cheapst/);
  assert.match(report.attempts[1]!.reason, /the panic was thrown by the test code/);
  assert.match(report.attempts[2]!.output, /panic: runtime error: index out of range \[0\] with length 0/);
  assert.equal(report.finding?.origin, 'stack-trace');
  // The proof re-runs only the injected test, uncached, in its package.
  const dir = join(p.outDir, report.repro!.dir);
  assert.ok(existsSync(join(dir, 'cheapest_repro3_test.go')));
  assert.match(readFileSync(join(dir, 'run.sh'), 'utf8'), /'go' 'test' '-run' '\^\(TestCheapestOfNone\)\$' '-count=1' '\.\/cart'/);
  // The tester was told how go test runs it, and attempt 2 saw attempt 1's compile error.
  assert.match(JSON.stringify(p.server.requests[0]!.body), /go test -run/);
  assert.match(JSON.stringify(p.server.requests[1]!.body), /previous-attempt-output[\s\S]*undefined: Cheapst/);
});

test('a words-only report on a Go module: a constant condition and a t.Log of the marker are refused, the marker in a t.Fatalf guarded by Total is proven', async (t) => {
  const p = await goModule(t);
  const head = 'package cart\n\nimport (\n\t"os"\n\t"testing"\n)\n\n';
  p.server.enqueue(
    answer('cart/total_repro_test.go', `${head}func TestTotal(t *testing.T) {\n\tTotal([]Item{{Price: 10}, {Price: 20}})\n\tif true {\n\t\tt.Fatalf("%s: total is wrong", os.Getenv("BUG_HUNTER_MARKER"))\n\t}\n}\n`, 'marker'),
    answer('cart/total_repro2_test.go', `${head}func TestTotal(t *testing.T) {\n\tt.Log(os.Getenv("BUG_HUNTER_MARKER"))\n\tif Total([]Item{{Price: 10}, {Price: 20}}) != 30 {\n\t\tt.Fatal("total is wrong")\n\t}\n}\n`, 'marker'),
    answer('cart/total_repro3_test.go', `${head}func TestTotalCountsEveryItem(t *testing.T) {\n\tmarker := os.Getenv("BUG_HUNTER_MARKER")\n\tif got := Total([]Item{{Price: 10}, {Price: 20}}); got != 30 {\n\t\tt.Errorf("%s: the first item is skipped: got %d", marker, got)\n\t}\n}\n`, 'marker'),
  );
  const r = await p.repro('--from', p.file('report.md', WORDS));
  assert.equal(r.code, 0, r.stdout + r.stderr);
  const report = readArtifact(p.outDir, 'repro-report');
  assert.equal(report.verdict, 'reproduced', report.reason);
  assert.deepEqual(report.signature, { kind: 'marker' });
  assert.deepEqual(report.attempts.map((a) => a.outcome), ['not-reproduced', 'not-reproduced', 'reproduced']);
  assert.match(report.attempts[0]!.reason, /the assertion's condition is a constant \(if true\)/);
  assert.match(report.attempts[1]!.reason, /the test prints the marker unconditionally \(t\.Log\)/);
  assert.match(report.attempts[2]!.output, /total_repro3_test\.go:\d+: BHM-[0-9a-f]{16}: the first item is skipped: got 20/);
  assert.match(JSON.stringify(p.server.requests[0]!.body), /t.Fatalf/);
});
