// The proof rules on `go test` output, as the pure judge applies them: failures read from '--- FAIL' blocks and the
// panic's goroutine trace (Debian's /usr/lib/go-1.19 runtime and the panic() frame left out), a build failure as a
// test that never ran, a panic held to its function and message, and the words-only marker held to a t.Fatalf/
// t.Errorf guarded by a real condition — with the decoys each rule must refuse. The outputs are go test's own
// format, as test/commands/repro/repro-go.test.ts gets them from real runs in the sandbox.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseGoTrace } from '../../../src/engines/stack-trace/go.ts';
import { goTestNames, testCommand } from '../../../src/engines/repro/framework.ts';
import { goTestFailures } from '../../../src/engines/repro/go-test-output.ts';
import { judgeRun } from '../../../src/engines/repro/judge.ts';
import { goMarkerUseProblem } from '../../../src/engines/repro/marker-use-go.ts';
import type { BugSignature } from '../../../src/engines/repro/types.ts';

const MARKER = 'BHM-0123456789abcdef';
const TEST = 'cart/cheapest_repro_test.go';
const PANIC: BugSignature = { errorType: 'panic', messageFragment: 'runtime error: index out of range [', thrownIn: 'cart/cart.go', thrownInFunction: 'Cheapest', required: true };

const panicked = (inner: string[]) => [
  '--- FAIL: TestCheapestOfNone (0.00s)',
  'panic: runtime error: index out of range [0] with length 0 [recovered]',
  '\tpanic: runtime error: index out of range [0] with length 0',
  '',
  'goroutine 6 [running]:',
  'testing.tRunner.func1.2({0x518a00, 0xc00001a018})',
  '\t/usr/lib/go-1.19/src/testing/testing.go:1396 +0x24e',
  'panic({0x518a00, 0xc00001a018})',
  '\t/usr/lib/go-1.19/src/runtime/panic.go:884 +0x212',
  ...inner,
  'testing.tRunner(0xc000007860, 0x52f2e8)',
  '\t/usr/lib/go-1.19/src/testing/testing.go:1446 +0x10b',
  'created by testing.(*T).Run',
  '\t/usr/lib/go-1.19/src/testing/testing.go:1493 +0x35f',
  'FAIL\texample.com/shop/cart\t0.007s',
  'FAIL',
].join('\n');
const FROM_CHEAPEST = panicked(['example.com/shop/cart.Cheapest(...)', '\t/work/cart/cart.go:19', 'example.com/shop/cart.TestCheapestOfNone(0x0?)', `\t/work/${TEST}:6 +0x18`]);
const FROM_TEST = panicked(['example.com/shop/cart.TestCheapestOfNone(0x0?)', `\t/work/${TEST}:7 +0x18`]);
const BUILD_FAILED = `# example.com/shop/cart [example.com/shop/cart.test]\n${TEST}:6:2: undefined: Cheapst\nFAIL\texample.com/shop/cart [build failed]\nFAIL\n`;

const judge = (stdout: string, signature: BugSignature, source = 'package cart\n') =>
  judgeRun({ run: { status: 'FAIL', exitCode: 1, stdout, stderr: '', durationMs: 1 } as never, signature, testPath: TEST, testSource: source, marker: MARKER, framework: 'go test' });

test("Debian's /usr/lib/go-1.19 runtime and the panic() frame are runtime frames; the target's frames are not", () => {
  const trace = parseGoTrace(FROM_CHEAPEST)!;
  assert.deepEqual(trace.frames.map((f) => [f.function, f.runtime]), [['tRunner.func1.2', true], ['panic', true], ['Cheapest', false], ['TestCheapestOfNone', false], ['tRunner', true]]);
});

test('go test output: a panic is the failing test, innermost target frame first; a build failure never ran', () => {
  const [f, ...rest] = goTestFailures(FROM_CHEAPEST, TEST);
  assert.equal(rest.length, 0);
  assert.deepEqual([f!.title, f!.errorType, f!.message, f!.location], ['TestCheapestOfNone', 'panic', 'runtime error: index out of range [0] with length 0', `/work/${TEST}`]);
  assert.match(f!.stack, /^ {4}at Cheapest \(\/work\/cart\/cart\.go:19:0\)\n {4}at TestCheapestOfNone/);
  const [b] = goTestFailures(BUILD_FAILED, TEST);
  assert.equal(b!.didNotRun, true);
  assert.match(b!.message, /^build failed: .*undefined: Cheapst/);
  const reported = goTestFailures(`--- FAIL: TestTotal (0.00s)\n    total_repro_test.go:12: ${MARKER}: got 20\nFAIL\nFAIL\texample.com/shop/cart\t0.004s\n`, 'cart/total_repro_test.go');
  assert.deepEqual(reported, [{ title: 'TestTotal', errorType: null, message: `${MARKER}: got 20`, location: 'cart/total_repro_test.go', stack: '' }]);
});

test('a panic is proven only from the incident function with its message; a self-panic, a build failure or another message are refused', () => {
  assert.equal(judge(FROM_CHEAPEST, PANIC).verdict, 'proves');
  assert.match((judge(FROM_TEST, PANIC) as { reason: string }).reason, /the panic was thrown by the test code/);
  assert.match((judge(BUILD_FAILED, PANIC) as { reason: string }).reason, /the test file itself failed to run: build failed/);
  assert.match((judge(FROM_CHEAPEST.replaceAll('index out of range [0] with length 0', 'invalid memory address or nil pointer dereference'), PANIC) as { reason: string }).reason, /message lacks 'runtime error: index out of range \['/);
});

test('the words-only marker: only inside a t.Fatalf/t.Errorf guarded by a real condition', () => {
  const body = (lines: string) => `package cart\n\nimport (\n\t"os"\n\t"testing"\n)\n\nfunc TestTotal(t *testing.T) {\n${lines}\n}\n`;
  const guarded = body('\tmarker := os.Getenv("BUG_HUNTER_MARKER")\n\tif got := Total(nil); got != 30 {\n\t\tt.Errorf("%s: got %d", marker, got)\n\t}');
  assert.equal(goMarkerUseProblem(guarded), null);
  assert.equal(goMarkerUseProblem(body('\tif Total(nil) != 30 {\n\t\tt.Fatalf("%s: { wrong", os.Getenv("BUG_HUNTER_MARKER"))\n\t}')), null);
  assert.match(goMarkerUseProblem(body('\tif true {\n\t\tt.Fatalf("%s", os.Getenv("BUG_HUNTER_MARKER"))\n\t}'))!, /condition is a constant \(if true\)/);
  assert.match(goMarkerUseProblem(body('\tif 1 == 1 {\n\t\tt.Fatalf("%s", os.Getenv("BUG_HUNTER_MARKER"))\n\t}'))!, /condition is a constant \(if 1 == 1\)/);
  assert.match(goMarkerUseProblem(body('\tt.Fatalf("%s", os.Getenv("BUG_HUNTER_MARKER"))'))!, /does not sit directly in an `if <condition> \{` block/);
  assert.match(goMarkerUseProblem(body('\tm := os.Getenv("BUG_HUNTER_MARKER")\n\tfmt.Println(m)\n\tif Total(nil) != 30 {\n\t\tt.Fatal("wrong")\n\t}'))!, /prints the marker unconditionally \(fmt\.Println\)/);
  assert.match(goMarkerUseProblem(body('\tt.Log(os.Getenv("BUG_HUNTER_MARKER"))'))!, /prints the marker unconditionally \(t\.Log\)/);
  assert.match(goMarkerUseProblem(body('\tpanic(os.Getenv("BUG_HUNTER_MARKER"))'))!, /fails with the marker unconditionally \(panic\)/);
  assert.match(goMarkerUseProblem(body('\tif os.Getenv("BUG_HUNTER_MARKER") != "" {\n\t\tt.Fatal("x")\n\t}'))!, /outside a failing assertion's message/);
  assert.match(goMarkerUseProblem(body('\tif Total(nil) != 30 {\n\t\tt.Fatal("wrong")\n\t}'))!, /never reads os\.Getenv/);
  // The judge applies it: the marker printed by the guarded Errorf proves; the same output from an unguarded one does not.
  const out = `--- FAIL: TestTotal (0.00s)\n    cheapest_repro_test.go:11: ${MARKER}: got 0\nFAIL\n`;
  assert.equal(judge(out, { marker: true, required: true }, guarded).verdict, 'proves');
  assert.match((judge(out, { marker: true, required: true }, body('\tt.Errorf("%s: got 0", os.Getenv("BUG_HUNTER_MARKER"))')) as { reason: string }).reason, /does not sit directly/);
});

test('go test runs only the injected file\'s tests, uncached, in its package', () => {
  const source = 'package cart\n\nimport "testing"\n\nfunc TestA(t *testing.T) {}\nfunc TestB_2(tt *testing.T) {}\nfunc Testlower(t *testing.T) {}\nfunc helper(t *testing.T) {}\n';
  assert.deepEqual(goTestNames(source), ['TestA', 'TestB_2']);
  assert.deepEqual(testCommand('/nowhere', 'go test', 'cart/x_test.go', source), { argv: ['go', 'test', '-run', '^(TestA|TestB_2)$', '-count=1', './cart'] });
  assert.deepEqual(testCommand('/nowhere', 'go test', 'x_test.go', source), { argv: ['go', 'test', '-run', '^(TestA|TestB_2)$', '-count=1', '.'] });
  assert.ok('unsupported' in testCommand('/nowhere', 'go test', 'cart/x_test.go', 'package cart\n'));
});
