// Stack traces exactly as Node.js, Python and Go print them → error type, message and frames (innermost first),
// and frames mapped onto the target's files with node_modules, site-packages and runtime frames left out.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { innermostTargetFrame, mapFrames } from '../../../src/commands/repro/frames.ts';
import { parseStackTrace } from '../../../src/engines/stack-trace/parse.ts';
import type { StackTrace } from '../../../src/engines/stack-trace/types.ts';

const NODE_UNCAUGHT = `/srv/app/src/user.js:8
  return user.profile.name.split(' ')[0];
                      ^

TypeError: Cannot read properties of undefined (reading 'name')
    at firstName (/srv/app/src/user.js:8:23)
    at Object.handler (/srv/app/src/routes.js:22:12)
    at Layer.handle [as handle_request] (/srv/app/node_modules/express/lib/router/layer.js:95:5)
    at new Session (file:///srv/app/src/session.mjs:4:9)
    at process.processTicksAndRejections (node:internal/process/task_queues:95:5)
    at async Promise.all (index 0)

Node.js v20.11.1`;

const NODE_LOGGED = `2026-12-01T10:22:31.114Z ERROR request failed Error [ERR_INVALID_ARG_TYPE]: The "path" argument must be of type string. Received undefined
    at new NodeError (node:internal/errors:405:5)
    at validateString (node:internal/validators:162:11)
    at Object.join (node:path:1175:7)
    at loadTemplate (/home/deploy/site/lib/templates.js:31:22)
    at /home/deploy/site/lib/render.js:12:5`;

const NODE_MULTILINE = `ValidationError: order 4411 is invalid
  - quantity must be positive
    at checkOrder (C:\\work\\shop\\src\\orders\\check.ts:17:11)
    at Object.<anonymous> (C:\\work\\shop\\src\\index.ts:3:1)`;

const PYTHON = `Traceback (most recent call last):
  File "/srv/app/app/main.py", line 12, in <module>
    main()
  File "/srv/app/app/main.py", line 9, in main
    print(total(load()))
          ^^^^^^^^^^^^^
  File "/srv/app/app/cart.py", line 5, in total
    return sum(item["price"] for item in items[1:])
  File "/usr/lib/python3.11/json/__init__.py", line 346, in loads
    return _default_decoder.decode(s)
  File "/srv/app/.venv/lib/python3.11/site-packages/requests/models.py", line 971, in json
    raise RequestsJSONDecodeError(e.msg, e.doc, e.pos)
requests.exceptions.JSONDecodeError: Expecting value: line 1 column 1 (char 0)`;

const PYTHON_CHAINED = `Traceback (most recent call last):
  File "/opt/svc/store/db.py", line 40, in get
    return self.rows[key]
KeyError: 'sku-17'

During handling of the above exception, another exception occurred:

Traceback (most recent call last):
  File "/opt/svc/store/api.py", line 8, in lookup
    return db.get(key)
  File "/opt/svc/store/db.py", line 42, in get
    raise LookupError(f"no such item: {key}")
LookupError: no such item: sku-17`;

const GO = `panic: runtime error: invalid memory address or nil pointer dereference
[signal SIGSEGV: segmentation violation code=0x1 addr=0x0 pc=0x47f1a3]

goroutine 1 [running]:
example.com/shop/cart.(*Cart).Total(0x0)
	/home/dev/shop/cart/cart.go:14 +0x23
example.com/shop/vendor/github.com/acme/money.Sum({0xc000012345, 0x2, 0x2})
	/home/dev/shop/vendor/github.com/acme/money/sum.go:9 +0x51
main.main()
	/home/dev/shop/main.go:9 +0x1d
exit status 2`;

const GO_INDEX = `panic: runtime error: index out of range [5] with length 3

goroutine 7 [running]:
testing.tRunner.func1.2({0x5a1e20, 0xc0000a6018})
	/usr/local/go/src/testing/testing.go:1631 +0x24a
panic({0x5a1e20?, 0xc0000a6018?})
	/usr/local/go/src/runtime/panic.go:770 +0x132
example.com/shop/cart.pick(...)
	/home/dev/shop/cart/pick.go:6
example.com/shop/cart.(*Cart).Item.func1(0x3)
	/home/dev/shop/cart/cart.go:30 +0x1d`;

function parsed(text: string): StackTrace {
  const result = parseStackTrace(text);
  assert.ok(result.ok, result.ok ? '' : result.problem);
  return result.trace;
}

const fnAndLine = (t: StackTrace) => t.frames.map((f) => [f.function, f.line, f.runtime]);

test('an uncaught Node.js TypeError: type, message, frames innermost first, runtime frames marked', () => {
  const t = parsed(NODE_UNCAUGHT);
  assert.equal(t.runtime, 'node');
  assert.equal(t.errorType, 'TypeError');
  assert.equal(t.message, "Cannot read properties of undefined (reading 'name')");
  assert.deepEqual(fnAndLine(t), [
    ['firstName', 8, false],
    ['handler', 22, false],
    ['Layer.handle', 95, false],
    ['Session', 4, false],
    ['process.processTicksAndRejections', 95, true],
  ]);
  assert.equal(t.frames[3]!.path, '/srv/app/src/session.mjs', 'file:// is stripped');
  assert.equal(t.frames[0]!.column, 23);
});

test('a Node.js error logged after a prefix, with an error code, and anonymous frames', () => {
  const t = parsed(NODE_LOGGED);
  assert.equal(t.errorType, 'Error');
  assert.equal(t.message, 'The "path" argument must be of type string. Received undefined');
  assert.deepEqual(fnAndLine(t), [
    ['NodeError', 405, true],
    ['validateString', 162, true],
    ['join', 1175, true],
    ['loadTemplate', 31, false],
    [null, 12, false],
  ]);
});

test('a custom Node.js error with a message over two lines and Windows paths', () => {
  const t = parsed(NODE_MULTILINE);
  assert.equal(t.errorType, 'ValidationError');
  assert.equal(t.message, 'order 4411 is invalid\n  - quantity must be positive');
  assert.deepEqual(fnAndLine(t), [['checkOrder', 17, false], [null, 3, false]]);
  assert.equal(t.frames[0]!.path, 'C:\\work\\shop\\src\\orders\\check.ts');
});

test('a Python traceback: the last line is the error (module prefix dropped), frames reversed, stdlib marked', () => {
  const t = parsed(PYTHON);
  assert.equal(t.runtime, 'python');
  assert.equal(t.errorType, 'JSONDecodeError');
  assert.equal(t.message, 'Expecting value: line 1 column 1 (char 0)');
  assert.deepEqual(fnAndLine(t), [
    ['json', 971, false],
    ['loads', 346, true],
    ['total', 5, false],
    ['main', 9, false],
    [null, 12, false],
  ]);
});

test('chained Python exceptions: the traceback that was raised last is the incident', () => {
  const t = parsed(PYTHON_CHAINED);
  assert.equal(t.errorType, 'LookupError');
  assert.equal(t.message, 'no such item: sku-17');
  assert.deepEqual(fnAndLine(t), [['get', 42, false], ['lookup', 8, false]]);
});

test('a Go nil-pointer panic: kind panic, the runtime error as message, short function names', () => {
  const t = parsed(GO);
  assert.equal(t.runtime, 'go');
  assert.equal(t.errorType, 'panic');
  assert.equal(t.message, 'runtime error: invalid memory address or nil pointer dereference');
  assert.deepEqual(fnAndLine(t), [['Cart.Total', 14, false], ['Sum', 9, false], ['main', 9, false]]);
});

test('a Go index panic inside a test: testing and runtime frames marked, inlined frames without an offset kept', () => {
  const t = parsed(GO_INDEX);
  assert.equal(t.message, 'runtime error: index out of range [5] with length 3');
  assert.deepEqual(fnAndLine(t), [
    ['tRunner.func1.2', 1631, true],
    ['panic', 770, true],
    ['pick', 6, false],
    ['Cart.Item.func1', 30, false],
  ]);
});

test('text that is no trace, or a trace whose error line is missing, is refused with the reason', () => {
  const none = parseStackTrace('The checkout page shows NaN when the cart is empty.');
  assert.equal(none.ok, false);
  assert.match(none.ok ? '' : none.problem, /no Node\.js .* Python .* or Go .* trace was found/);
  const headless = parseStackTrace('Traceback (most recent call last):\n  File "/a/b.py", line 3, in f\n    x()\n');
  assert.equal(headless.ok, false);
  assert.match(headless.ok ? '' : headless.problem, /Python traceback but its error line/);
});

test('frames map onto the target by the longest path suffix; node_modules, site-packages, vendor and runtime frames do not', () => {
  const files = ['src/user.js', 'src/routes.js', 'src/session.mjs', 'user.js', 'lib/templates.js', 'node_modules/express/lib/router/layer.js'];
  const node = mapFrames(parsed(NODE_UNCAUGHT), files);
  assert.deepEqual(node.map((f) => [f.kind, f.file]), [
    ['target', 'src/user.js'],
    ['target', 'src/routes.js'],
    ['dependency', undefined],
    ['target', 'src/session.mjs'],
    ['runtime', undefined],
  ]);
  assert.equal(innermostTargetFrame(mapFrames(parsed(NODE_LOGGED), files))?.file, 'lib/templates.js');
  assert.equal(mapFrames(parsed(NODE_LOGGED), files)[4]!.kind, 'outside', 'render.js is not a file of the target');

  const py = mapFrames(parsed(PYTHON), ['app/main.py', 'app/cart.py']);
  assert.deepEqual(py.map((f) => [f.kind, f.file]), [['dependency', undefined], ['runtime', undefined], ['target', 'app/cart.py'], ['target', 'app/main.py'], ['target', 'app/main.py']]);

  const go = mapFrames(parsed(GO), ['cart/cart.go', 'main.go', 'vendor/github.com/acme/money/sum.go']);
  assert.deepEqual(go.map((f) => [f.kind, f.file]), [['target', 'cart/cart.go'], ['dependency', undefined], ['target', 'main.go']]);

  const windows = mapFrames(parsed(NODE_MULTILINE), ['src/orders/check.ts', 'src/index.ts']);
  assert.deepEqual(windows.map((f) => f.file), ['src/orders/check.ts', 'src/index.ts']);
});
