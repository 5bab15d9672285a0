// The proof rules on pytest's output (--tb=native), as the pure judge applies them: pytest's failures read from its
// FAILURES and ERRORS sections, a trace's error held to its type and function, and the words-only marker held to a
// failing `assert <condition>, <message>` — with the decoys each rule must refuse. The output is pytest's own format,
// as test/commands/repro/repro-python.test.ts gets it from real runs in the sandbox.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { judgeRun } from '../../../src/engines/repro/judge.ts';
import { pythonMarkerUseProblem } from '../../../src/engines/repro/marker-use-python.ts';
import { pytestFailures } from '../../../src/engines/repro/pytest-output.ts';
import type { BugSignature } from '../../../src/engines/repro/types.ts';

const MARKER = 'BHM-0123456789abcdef';
const TEST = 'tests/test_repro.py';
const KEY_ERROR: BugSignature = { errorType: 'KeyError', thrownIn: 'shop/cart.py', thrownInFunction: 'first_name', required: true };

function failures(...blocks: Array<{ name: string; frames: Array<[string, number, string]>; error: string }>): string {
  return [
    '============================= FAILURES =============================',
    ...blocks.flatMap((b) => [`____________ ${b.name} ____________`, 'Traceback (most recent call last):', ...b.frames.flatMap(([path, line, fn]) => [`  File "${path}", line ${line}, in ${fn}`, '    code()']), b.error]),
    '========================= short test summary info ==========================',
    `FAILED ${TEST}::${blocks[0]!.name} - ${blocks[0]!.error}`,
    `${blocks.length} failed in 0.05s`,
  ].join('\n');
}

const judge = (stdout: string, signature: BugSignature, source = 'from shop.cart import first_name\n') =>
  judgeRun({ run: { status: 'FAIL', exitCode: 1, stdout, stderr: '', durationMs: 1 } as never, signature, testPath: TEST, testSource: source, marker: MARKER, framework: 'pytest' });

test("pytest's failures: the traceback's type, message, innermost frame first; pytest and CPython frames left out", () => {
  const [f] = pytestFailures(
    failures({
      name: 'test_no_profile',
      frames: [
        [`/workspace/${TEST}`, 5, 'test_no_profile'],
        ['/workspace/shop/cart.py', 9, 'first_name'],
        ['/usr/lib/python3.11/json/decoder.py', 3, 'decode'],
      ],
      error: "KeyError: 'profile'",
    }),
  );
  assert.deepEqual(f, { title: 'test_no_profile', errorType: 'KeyError', message: "'profile'", location: `/workspace/${TEST}`, stack: `    at first_name (/workspace/shop/cart.py:9:0)\n    at test_no_profile (/workspace/${TEST}:5:0)` });
});

test('a trace signature: the KeyError from first_name proves; from the test itself, from another function, or a collection ImportError does not', () => {
  const from = (fn: string, path = '/workspace/shop/cart.py') => failures({ name: 'test_x', frames: [[`/workspace/${TEST}`, 5, 'test_x'], [path, 9, fn]], error: "KeyError: 'profile'" });
  assert.equal(judge(from('first_name'), KEY_ERROR).verdict, 'proves');
  assert.match(JSON.stringify(judge(failures({ name: 'test_x', frames: [[`/workspace/${TEST}`, 6, 'test_x']], error: "KeyError: 'profile'" }), KEY_ERROR)), /thrown by the test code/);
  assert.match(JSON.stringify(judge(from('total'), KEY_ERROR)), /was thrown from total, not from first_name/);
  assert.match(JSON.stringify(judge(from('first_name').replace('KeyError', 'TypeError'), KEY_ERROR)), /expected KeyError, got TypeError/);
  const collection = [
    '============================= ERRORS =============================',
    `__________ ERROR collecting ${TEST} __________`,
    `ImportError while importing test module '/workspace/${TEST}'.`,
    `${TEST}:1: in <module>`,
    '    from shop.cart import first_nme',
    "E   ImportError: cannot import name 'first_nme' from 'shop.cart' (/workspace/shop/cart.py)",
    '!!!!!!!!!!!!!!!!!!!! Interrupted: 1 error during collection !!!!!!!!!!!!!!!!!!!!',
  ].join('\n');
  assert.match(JSON.stringify(judge(collection, { ...KEY_ERROR, errorType: 'ImportError' })), /the test file itself failed to run: ImportError: cannot import name 'first_nme'/);
});

test('the marker: proven only in a failing assert message on real code; print, raise, pytest.fail, a constant condition or no use refused', () => {
  const read = "os.environ['BUG_HUNTER_MARKER']";
  const marked = failures({ name: 'test_total', frames: [[`/workspace/${TEST}`, 5, 'test_total']], error: `AssertionError: ${MARKER}: the first item is skipped` });
  const good = `def test_total():\n    assert total([{"price": 10}, {"price": 20}]) == 30, f"{${read}}: the first item is skipped"\n`;
  assert.equal(judge(marked, { marker: true, required: true }, good).verdict, 'proves');
  assert.equal(pythonMarkerUseProblem(`MARK = os.getenv("BUG_HUNTER_MARKER")\n\ndef test_total():\n    assert total([1]) == 2, MARK\n`), null);
  assert.match(pythonMarkerUseProblem(`def test_total():\n    print(${read})\n    assert total([1]) == 2\n`) ?? '', /prints the marker unconditionally \(print\)/);
  assert.match(pythonMarkerUseProblem(`def test_total():\n    raise AssertionError(${read})\n`) ?? '', /raises the marker itself/);
  assert.match(pythonMarkerUseProblem(`def test_total():\n    pytest.fail(${read})\n`) ?? '', /fails with the marker unconditionally \(pytest\.fail\)/);
  assert.match(pythonMarkerUseProblem(`def test_total():\n    assert 1 == 2, ${read}\n`) ?? '', /compares constants \(assert 1 == 2\)/);
  assert.match(pythonMarkerUseProblem(`def test_total():\n    assert ${read} == total([1]), "x"\n`) ?? '', /in the assertion's condition/);
  assert.match(pythonMarkerUseProblem('def test_total():\n    assert total([1]) == 2\n') ?? '', /never reads os\.environ/);
  const wrongType = failures({ name: 'test_total', frames: [[`/workspace/${TEST}`, 5, 'test_total']], error: `ValueError: ${MARKER}` });
  assert.match(JSON.stringify(judge(wrongType, { marker: true, required: true }, good)), /the marker came with a ValueError, not a failing assertion/);
});
