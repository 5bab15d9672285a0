// Issue #12 item 3: enums are `as const` tuples feeding TypeBox, so a wrong literal fails tsc. The fixture in
// must-not-compile/ marks each wrong value; the TypeScript compiler must report an error on exactly those lines.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const FIXTURE = fileURLToPath(new URL('./must-not-compile/wrong-literals.ts', import.meta.url));
const TSCONFIG = fileURLToPath(new URL('../../tsconfig.json', import.meta.url));

/** 1-based lines tsc reports an error on, compiled with the project's own compiler options. */
function errorLines(file: string): number[] {
  const config = ts.readConfigFile(TSCONFIG, (path) => ts.sys.readFile(path));
  const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, dirname(TSCONFIG));
  const program = ts.createProgram([file], options);
  return ts
    .getPreEmitDiagnostics(program)
    .filter((d) => d.category === ts.DiagnosticCategory.Error)
    .map((d) => {
      assert.equal(d.file?.fileName, file, `an error outside the fixture: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
      return d.file!.getLineAndCharacterOfPosition(d.start ?? 0).line + 1;
    });
}

test('tsc rejects every wrong enum literal in the fixture, and only those', () => {
  const marked = readFileSync(FIXTURE, 'utf8')
    .split('\n')
    .flatMap((line, i) => (line.endsWith('// wrong') ? [i + 1] : []));
  assert.ok(marked.length >= 10, 'the fixture marks its wrong lines');
  assert.deepEqual([...new Set(errorLines(FIXTURE))].sort((a, b) => a - b), marked);
});
