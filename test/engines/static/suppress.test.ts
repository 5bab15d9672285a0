import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseSuppressions } from '../../../src/engines/static/suppress.ts';

test('a suppression is the first word of a comment; the same words in code or prose are not', () => {
  const lines = [
    '// bug-hunter-ignore sql-injection: the table name comes from a fixed allow-list',
    "const MARKER = /bug-hunter-ignore\\b(.*)$/;",
    "if (!text.includes('bug-hunter-ignore')) return;",
    '// Inline suppressions: `bug-hunter-ignore <rule-id>: <reason>` on the line or the line above.',
    '  /* bug-hunter-ignore redos */',
    '# bug-hunter-ignore command-injection: a fixed command',
  ];
  assert.deepEqual(
    parseSuppressions(lines).map((s) => [s.line, s.ruleId, s.reason]),
    [
      [1, 'sql-injection', 'the table name comes from a fixed allow-list'],
      [5, 'redos', ''],
      [6, 'command-injection', 'a fixed command'],
    ],
  );
});
