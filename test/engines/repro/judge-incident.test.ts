// The proof rules for bugs people report, as the pure judge applies them: a stack trace's own error (type, function,
// a stable fragment for generic types) or, for words only, the run marker printed by the failing assertion — with
// the decoys each rule must refuse.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { judgeRun, type Judgement } from '../../../src/engines/repro/judge.ts';
import { markerUseProblem } from '../../../src/engines/repro/marker-use.ts';
import type { BugSignature } from '../../../src/engines/repro/types.ts';
import type { SandboxResult } from '../../../src/engines/sandbox/types.ts';

const MARKER = 'BHM-0123456789abcdef';
const TEST = 'test/user.repro.test.js';
const NAME_FRAGMENT = "Cannot read properties of undefined (reading 'name')";

interface Failure {
  name: string;
  message: string;
  stack: string[];
  title?: string;
  location?: string;
  failureType?: string;
}

function tap(...failures: Failure[]): string {
  const blocks = failures.map((f, i) =>
    [
      `not ok ${i + 1} - ${f.title ?? 'reproduces the report'}`,
      '  ---',
      `  location: '${f.location ?? `/workspace/${TEST}:4:1`}'`,
      `  failureType: '${f.failureType ?? 'testCodeFailure'}'`,
      `  error: ${JSON.stringify(f.message)}`,
      `  name: '${f.name}'`,
      '  stack: |-',
      ...f.stack.map((l) => `    ${l}`),
      '  ...',
    ].join('\n'),
  );
  return `TAP version 13\n${blocks.join('\n')}\n1..${failures.length}\n`;
}

const run = (stdout: string, status: SandboxResult['status'] = 'FAIL', reason?: string): SandboxResult => ({
  status,
  exitCode: status === 'FAIL' ? 1 : null,
  signal: null,
  durationMs: 3,
  stdout,
  stderr: '',
  truncated: false,
  backend: 'bwrap',
  ...(reason ? { reason } : {}),
});

const reason = (j: Judgement) => ('reason' in j ? j.reason : '');

// The incident: a Node.js TypeError thrown in firstName (src/user.js).
const TRACE: BugSignature = { errorType: 'TypeError', messageFragment: NAME_FRAGMENT, thrownIn: 'src/user.js', thrownInFunction: 'firstName', required: true };
const TEST_FRAME = `TestContext.<anonymous> (file:///workspace/${TEST}:5:3)`;
const judgeTrace = (stdout: string, signature: BugSignature = TRACE, testSource = "assert.equal(firstName({}), '')") =>
  judgeRun({ run: run(stdout), signature, testPath: TEST, testSource, marker: MARKER });

test('stack trace: a TypeError with the message, thrown from firstName in src/user.js, proves the report', () => {
  const j = judgeTrace(tap({ name: 'TypeError', message: NAME_FRAGMENT, stack: ['firstName (file:///workspace/src/user.js:2:23)', TEST_FRAME, 'Test.runInAsyncScope (node:async_hooks:206:9)'] }));
  assert.equal(j.verdict, 'proves', reason(j));
});

test('stack trace: frames of Node itself and of node_modules above the function are skipped when finding who threw', () => {
  const j = judgeTrace(tap({ name: 'TypeError', message: NAME_FRAGMENT, stack: ['String.split (node:internal/x:1:1)', 'wrap (file:///workspace/node_modules/lib/index.js:3:3)', 'Object.firstName (file:///workspace/src/user.js:2:23)', TEST_FRAME] }));
  assert.equal(j.verdict, 'proves', reason(j));
});

test('stack trace decoy: the test file failing to load (an import of a missing export) is a setup error, not the bug', () => {
  const j = judgeTrace(tap({ title: `/workspace/${TEST}`, name: 'Error', message: 'test failed', failureType: 'testCodeFailure', stack: [] }));
  assert.equal(j.verdict, 'not-reproduced');
  assert.match(reason(j), /the test file itself failed to run/);
  const missing = judgeTrace(tap({ name: 'SyntaxError', message: "The requested module '../src/user.js' does not provide an export named 'firstNme'", stack: [] }));
  assert.match(reason(missing), /expected TypeError, got SyntaxError/);
});

test('stack trace decoy: the right type and message thrown from another function, another file, or the test itself', () => {
  const elsewhere = judgeTrace(tap({ name: 'TypeError', message: NAME_FRAGMENT, stack: ['lastName (file:///workspace/src/user.js:6:23)', TEST_FRAME] }));
  assert.equal(elsewhere.verdict, 'not-reproduced');
  assert.match(reason(elsewhere), /thrown from lastName, not from firstName/);
  const otherFile = judgeTrace(tap({ name: 'TypeError', message: NAME_FRAGMENT, stack: ['firstName (file:///workspace/src/legacy/user-v1.js:2:23)', TEST_FRAME] }));
  assert.match(reason(otherFile), /was not thrown in src\/user\.js/);
  const byTest = judgeTrace(tap({ name: 'TypeError', message: NAME_FRAGMENT, stack: [TEST_FRAME] }));
  assert.match(reason(byTest), /not thrown in src\/user\.js|thrown by the test code/);
});

test('stack trace decoy: another error type, a message without the fragment, or the fragment written in the test', () => {
  assert.match(reason(judgeTrace(tap({ name: 'RangeError', message: NAME_FRAGMENT, stack: ['firstName (file:///workspace/src/user.js:2:23)'] }))), /expected TypeError, got RangeError/);
  assert.match(reason(judgeTrace(tap({ name: 'TypeError', message: "Cannot read properties of null (reading 'split')", stack: ['firstName (file:///workspace/src/user.js:2:23)'] }))), /message lacks/);
  const written = judgeTrace(tap({ name: 'TypeError', message: NAME_FRAGMENT, stack: ['firstName (file:///workspace/src/user.js:2:23)'] }), TRACE, `// expects: ${NAME_FRAGMENT}`);
  assert.match(reason(written), /written in the test itself/);
});

test('generic types (Error, TypeError, Exception, panic) need a distinctive fragment; a specific type does not', () => {
  const stack = ['firstName (file:///workspace/src/user.js:2:23)'];
  for (const errorType of ['Error', 'TypeError', 'Exception', 'panic']) {
    const j = judgeTrace(tap({ name: errorType, message: 'failed', stack }), { ...TRACE, errorType, messageFragment: 'failed' });
    assert.match(reason(j), new RegExp(`a generic ${errorType} needs a distinctive message fragment`), errorType);
  }
  const specific = judgeTrace(tap({ name: 'QuotaExceededError', message: 'quota 7 exceeded', stack }), { errorType: 'QuotaExceededError', thrownIn: 'src/user.js', thrownInFunction: 'firstName' });
  assert.equal(specific.verdict, 'proves', reason(specific));
});

test('stack trace: a failure in a test other than the injected one does not count, even with the right error', () => {
  const j = judgeTrace(tap({ title: 'old test', location: '/workspace/test/user.test.js:9:1', name: 'TypeError', message: NAME_FRAGMENT, stack: ['firstName (file:///workspace/src/user.js:2:23)'] }));
  assert.match(reason(j), /a test other than the injected one failed/);
});

// Words only: the marker must be printed by the failing assertion.
const WORDS: BugSignature = { marker: true, required: true };
const ASSERTION = (source: string, name = 'AssertionError', message = `${MARKER}: total skips the first item`) =>
  judgeRun({ run: run(tap({ name, message, stack: [TEST_FRAME] })), signature: WORDS, testPath: TEST, testSource: source, marker: MARKER });

test('words only: a failing assertion that prints the run marker proves the report', () => {
  const j = ASSERTION("assert.equal(total([{ price: 10 }, { price: 20 }]), 30, `${process.env.BUG_HUNTER_MARKER}: total skips the first item`);");
  assert.equal(j.verdict, 'proves', reason(j));
});

test('words only decoys: marker printed unconditionally, thrown, failed on purpose, or on an assertion of constants', () => {
  const cases: Array<[string, RegExp, string?]> = [
    ['console.log(process.env.BUG_HUNTER_MARKER);\nassert.equal(total(items), 30, `${process.env.BUG_HUNTER_MARKER}: wrong`);', /prints the marker unconditionally \(console\.log\)/],
    ["assert.fail(`${process.env.BUG_HUNTER_MARKER}: total is wrong`);", /fails with the marker unconditionally \(assert\.fail\)/],
    ["assert.equal(1, 2, process.env.BUG_HUNTER_MARKER);", /compares constants/],
    ["assert.ok(false, process.env.BUG_HUNTER_MARKER);", /compares constants/],
    ["const tag = process.env.BUG_HUNTER_MARKER;\nprocess.stdout.write(tag);\nassert.equal(total(items), 30, tag);", /prints the marker unconditionally \(process\.stdout\.write\)/],
  ];
  for (const [source, expected] of cases) {
    const j = ASSERTION(source);
    assert.equal(j.verdict, 'not-reproduced', source);
    assert.match(reason(j), expected, source);
  }
  const thrown = ASSERTION('throw new Error(process.env.BUG_HUNTER_MARKER);', 'Error');
  assert.match(reason(thrown), /the marker came with a Error, not a failing assertion/);
  const printedElsewhere = ASSERTION("console.log(process.env.BUG_HUNTER_MARKER); assert.ok(total([]) === 1);", 'AssertionError', 'The expression evaluated to a falsy value');
  assert.match(reason(printedElsewhere), /did not print the run marker/);
});

test('words only: a timeout, a dependency install that failed, or a sandbox error is unknown, never proof', () => {
  const judge = (r: SandboxResult) => judgeRun({ run: r, signature: WORDS, testPath: TEST, testSource: 'x', marker: MARKER });
  assert.deepEqual(judge(run('', 'TIMEOUT')), { verdict: 'unknown', reason: 'unknown: timeout' });
  assert.deepEqual(judge(run('', 'ERROR', 'dependencies: host dependency cache for npm not found at /x')), { verdict: 'unknown', reason: 'unknown: install failed' });
  assert.equal(judge(run('', 'ERROR', 'aborted by the caller')).verdict, 'unknown');
  assert.equal(judge(run('TAP version 13\n1..0\n')).verdict, 'not-reproduced', 'a FAIL with no failing test reported is no proof');
});

test('marker use read from the test source: real assertion messages pass, every way of printing it regardless does not', () => {
  const ok = [
    'assert.equal(total(items), 30, `${process.env.BUG_HUNTER_MARKER}: skips the first`);',
    "assert.strictEqual(30, total(items), process.env['BUG_HUNTER_MARKER']);",
    'const marker = process.env.BUG_HUNTER_MARKER;\nassert.deepEqual(parse(x), { a: 1 }, `${marker} parse drops a`);',
    'const { BUG_HUNTER_MARKER: m } = process.env;\nt.assert.equal(total(items), 30, m);',
    '// console.log(process.env.BUG_HUNTER_MARKER) would be wrong\nassert.ok(isValid(input), String(process.env.BUG_HUNTER_MARKER));',
  ];
  for (const source of ok) assert.equal(markerUseProblem(source), null, source);
  const refused: Array<[string, RegExp]> = [
    ['assert.equal(total(items), 30);', /never reads process\.env\.BUG_HUNTER_MARKER/],
    ['console.error(`marker: ${process.env.BUG_HUNTER_MARKER}`); assert.equal(total(items), 30, process.env.BUG_HUNTER_MARKER);', /console\.error/],
    ['t.diagnostic(process.env.BUG_HUNTER_MARKER);', /t\.diagnostic/],
    ["throw process.env.BUG_HUNTER_MARKER;", /throws the marker itself/],
    ["if (total(items) !== 30) throw new RangeError(process.env.BUG_HUNTER_MARKER);", /RangeError the test creates itself/],
    ["const m = process.env.BUG_HUNTER_MARKER; const msg = m + ' wrong';", /outside a failing assertion's message/],
    ["assert.strictEqual('a', 'b', process.env.BUG_HUNTER_MARKER);", /compares constants/],
    ['assert(false, process.env.BUG_HUNTER_MARKER);', /compares constants/],
  ];
  for (const [source, expected] of refused) assert.match(markerUseProblem(source) ?? 'accepted', expected, source);
});
