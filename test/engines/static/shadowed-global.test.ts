import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Lang } from '@ast-grep/napi';
import { parseSource } from '../../../src/engines/static/parse.ts';
import { boundInFile } from '../../../src/engines/static/shadowed-global.ts';

// [grammar, source, whether the evaluator called in it is the file's own binding]
const CASES: Array<[string, string, boolean]> = [
  ['javascript', "import { Function as TFunction } from 'x';\nexport const f = (c) => Function('a', c);", false],
  ['javascript', "import { Function } from 'x';\nexport const f = (c) => Function('a', c);", true],
  ['javascript', "import { TFunction as Function } from 'x';\nexport const f = (c) => Function('a', c);", true],
  ['typescript', "import type { Function } from 'x';\nexport const f = (c: string) => Function('a', c);", false],
  ['typescript', "import { type Function } from 'x';\nexport const f = (c: string) => Function('a', c);", false],
  ['javascript', "const { setTimeout } = window;\nexport const f = (c) => setTimeout('x' + c, 1);", false],
  ['javascript', "var Function = global.Function;\nexport const f = (c) => Function('a', c);", false],
  ['javascript', "export const f = (c) => Function('a', c);\nexport const Function = (i) => i;", true],
  ['javascript', "function g() { const Function = (i) => i; }\nexport const f = (c) => Function('a', c);", false],
  ['javascript', "export function f(c) { return Function('a', c); }\nfunction Function() {}", true],
  ['javascript', "export function f(setTimeout, c) { return setTimeout('a' + c); }", true],
  ['javascript', "export function f(c) { return eval('(' + c + ')'); }", false],
];

test('an evaluator\'s name is the file\'s own binding only where a value of that name is declared in a scope holding the call', () => {
  for (const [lang, source, own] of CASES) {
    const root = parseSource(lang as Lang, source).root();
    const call = root.findAll({ rule: { kind: 'call_expression' } }).find((c) => /^(?:Function|setTimeout|eval)$/.test(c.field('function')?.text() ?? ''));
    assert.ok(call, source);
    assert.equal(boundInFile(call, call.field('function')!.text()), own, source);
  }
});
