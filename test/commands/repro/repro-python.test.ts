// `bug-hunter repro` on a Python project (a git repository): real pytest runs (python3 -m pytest, twice) in the real bubblewrap sandbox,
// the tester on the fake OpenAI-compatible server (the real SDK), the real CLI entry. A KeyError traceback is proven
// only by a test that gets the KeyError from first_name; a collection ImportError and a self-raised KeyError are
// refused. A words-only report is proven by the marker in a failing assert's message; `assert False, marker` is not;
// with --fix the proven report is fixed red → green with the project's pytest suite green.
import { test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readArtifact } from '../../../src/artifacts/store.ts';
import { reproProject } from './repro-project.ts';

const CART = `def total(items):
    s = 0
    for item in items[1:]:
        s += item["price"]
    return s


def first_name(user):
    return user["profile"]["name"].split(" ")[0]
`;
const TRACEBACK = `Traceback (most recent call last):
  File "/srv/shop/app/views.py", line 12, in profile
    name = first_name(user)
  File "/srv/shop/shop/cart.py", line 9, in first_name
    return user["profile"]["name"].split(" ")[0]
KeyError: 'profile'
`;
const WORDS = '# Cart total is wrong\n\n`total()` skips the first item: the total of items priced 10 and 20 comes out as 20, not 30.\n';

const answer = (path: string, content: string, kind: 'error' | 'marker') => ({
  json: { path, content, signature: kind === 'marker' ? { kind, errorType: '', messageFragment: '' } : { kind, errorType: 'KeyError', messageFragment: "'profile'" } },
});

function pythonProject(t: TestContext) {
  return reproProject(t, { 'pyproject.toml': '[project]\nname = "shop"\n', 'shop/__init__.py': '', 'shop/cart.py': CART, 'tests/test_cart.py': 'from shop.cart import total\n\n\ndef test_empty():\n    assert total([]) == 0\n' }, 'bh-repro-py-side-');
}

test('a Python KeyError traceback: a collection ImportError and a KeyError raised by the test are refused; the KeyError from first_name, run twice by pytest, is proven', async (t) => {
  const p = await pythonProject(t);
  p.server.enqueue(
    answer('tests/test_first_name_repro.py', 'from shop.cart import first_nme\n\n\ndef test_no_profile():\n    first_nme({})\n', 'error'),
    answer('tests/test_first_name_repro2.py', 'from shop.cart import first_name\n\n\ndef test_no_profile():\n    user = {}\n    return user["profile"]\n', 'error'),
    answer('tests/test_first_name_repro3.py', 'from shop.cart import first_name\n\n\ndef test_user_without_a_profile():\n    assert first_name({}) == ""\n', 'error'),
  );
  const r = await p.repro('--stack-trace', p.file('trace.txt', TRACEBACK));
  assert.equal(r.code, 0, r.stdout + r.stderr);
  const report = readArtifact(p.outDir, 'repro-report');
  assert.equal(report.verdict, 'reproduced', report.reason);
  assert.deepEqual([report.trace?.runtime, report.framework, report.location?.file, report.location?.symbol], ['python', 'pytest', 'shop/cart.py', 'first_name']);
  assert.deepEqual(report.signature, { kind: 'error', errorType: 'KeyError', thrownIn: 'shop/cart.py', thrownInFunction: 'first_name' });
  assert.deepEqual(report.attempts.map((a) => a.outcome), ['not-reproduced', 'not-reproduced', 'reproduced']);
  assert.match(report.attempts[0]!.reason, /the test file itself failed to run: ImportError: cannot import name 'first_nme'/);
  assert.match(report.attempts[1]!.reason, /the KeyError was thrown by the test code|not thrown in shop\/cart\.py/);
  assert.match(report.attempts[2]!.output, /KeyError: 'profile'/);
  assert.equal(report.finding?.origin, 'stack-trace');
  // The proof re-runs with pytest from the repository root.
  const dir = join(p.outDir, report.repro!.dir);
  assert.ok(existsSync(join(dir, 'test_first_name_repro3.py')));
  assert.match(readFileSync(join(dir, 'run.sh'), 'utf8'), /'python3' '-m' 'pytest'/);
  // The tester was told how pytest runs it, and attempt 2 saw attempt 1's collection error.
  assert.match(JSON.stringify(p.server.requests[0]!.body), /python3 -m pytest --tb=native/);
  assert.match(JSON.stringify(p.server.requests[1]!.body), /previous-attempt-output[\s\S]*cannot import name 'first_nme'/);
});

test('a words-only report on a Python project: `assert False, marker` is refused, the marker in a failing assert on total() is proven', async (t) => {
  const p = await pythonProject(t);
  const head = 'import os\n\nfrom shop.cart import total\n\n\n';
  p.server.enqueue(
    answer('tests/test_total_repro.py', `${head}def test_total():\n    total([])\n    assert False, f"{os.environ['BUG_HUNTER_MARKER']}: total is wrong"\n`, 'marker'),
    answer('tests/test_total_repro2.py', `${head}def test_total_counts_every_item():\n    assert total([{"price": 10}, {"price": 20}]) == 30, f"{os.environ['BUG_HUNTER_MARKER']}: the first item is skipped"\n`, 'marker'),
  );
  const r = await p.repro('--from', p.file('report.md', WORDS));
  assert.equal(r.code, 0, r.stdout + r.stderr);
  const report = readArtifact(p.outDir, 'repro-report');
  assert.equal(report.verdict, 'reproduced', report.reason);
  assert.deepEqual(report.signature, { kind: 'marker' });
  assert.match(report.attempts[0]!.reason, /the assertion compares constants \(assert False\)/);
  assert.equal(report.attempts[1]!.outcome, 'reproduced');
  assert.match(JSON.stringify(p.server.requests[0]!.body), /os.environ\[\\"BUG_HUNTER_MARKER\\"\] in that assertion's message/);
});

test('a words-only report on a Python project, reproduced and fixed with --fix: the pytest reproduction red before, green after, the suite green', async (t) => {
  const p = await pythonProject(t);
  p.server.enqueue(
    answer('tests/test_total_repro.py', `import os\n\nfrom shop.cart import total\n\n\ndef test_total_counts_every_item():\n    assert total([{"price": 10}, {"price": 20}]) == 30, f"{os.environ['BUG_HUNTER_MARKER']}: the first item is skipped"\n`, 'marker'),
    { json: { edits: [{ file: 'shop/cart.py', search: '    for item in items[1:]:', replace: '    for item in items:' }], explanation: 'count the first item' } },
  );
  const r = await p.repro('--from', p.file('report.md', WORDS), '--fix');
  assert.equal(r.code, 0, r.stdout + r.stderr);
  const report = readArtifact(p.outDir, 'repro-report');
  assert.equal(report.fix?.status, 'fixed-proven');
  const fix = readArtifact(join(p.outDir, report.fix!.dir), 'fix-report').fixes[0]!;
  assert.match(fix.before.join('\n'), /repro BH-[0-9a-f]+: FAIL[\s\S]*pytest: PASS/);
  assert.match(fix.after.join('\n'), /repro BH-[0-9a-f]+: PASS[\s\S]*pytest: PASS/);
  assert.equal(readFileSync(join(p.dir, 'shop/cart.py'), 'utf8'), CART, 'the user tree is untouched without --auto-commit');
});
