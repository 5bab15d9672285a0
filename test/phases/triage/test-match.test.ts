import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sourceStem, testedStem, testedStems } from '../../../src/phases/triage/test-match.ts';

test('test file names map back to the name they cover', () => {
  const cases: Record<string, string> = {
    'src/__tests__/user-store.test.ts': 'user-store',
    'test/user-store.spec.js': 'user-store',
    'tests/test_parser.py': 'parser',
    'pkg/parser_test.go': 'parser',
    'src/test/java/ParserTest.java': 'parser',
    'spec/parser_spec.rb': 'parser',
    'test/parser.ts': 'parser',
  };
  for (const [path, stem] of Object.entries(cases)) assert.equal(testedStem(path), stem, path);
});

test('a source file has a test when a test names it', () => {
  const stems = testedStems(['test/parser.test.ts', 'tests/test_cli.py']);
  assert.equal(stems.has(sourceStem('src/parser.ts')), true);
  assert.equal(stems.has(sourceStem('tool/cli.py')), true);
  assert.equal(stems.has(sourceStem('src/lexer.ts')), false);
});
