// The help renderer: a flag row is its name, placeholder and description, wrapped under the description column; flags
// sharing a description share a row; a label longer than the column stands on its own line.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { omit, renderUsage, sectionRows, withDescription, wrap } from '../../../src/commands/kit/usage.ts';

test('usage: synopsis lines, prose, titled flag rows with placeholders and short names, then the closing prose', () => {
  const text = renderUsage({
    synopsis: ['bug-hunter demo [target]', 'bug-hunter demo show <id>'],
    about: 'Does the demo.',
    sections: [{ title: 'Flags:', words: { 'show <id>': 'one item' }, flags: { out: { type: 'string', arg: '<dir>', description: 'where it goes' }, quiet: { type: 'boolean', short: 'q', description: 'say less' } } }],
    after: 'Exit codes: 0 done.',
  });
  assert.equal(
    text,
    ['Usage: bug-hunter demo [target]', '       bug-hunter demo show <id>', '', 'Does the demo.', '', 'Flags:', '  show <id>    one item', '  --out <dir>  where it goes', '  -q, --quiet  say less', '', 'Exit codes: 0 done.'].join('\n'),
  );
});

test('usage: a long description wraps under its column, a long label stands alone, one description shared is one row', () => {
  const long = 'word '.repeat(40).trim();
  const flags = {
    short: { type: 'boolean', description: long },
    'a-flag-name-much-longer-than-the-column': { type: 'boolean', description: 'alone' },
    ...withDescription({ color: { type: 'boolean', description: '' }, 'no-color': { type: 'boolean', description: '' } }, 'colour on or off'),
  } as const;
  const lines = renderUsage({ synopsis: ['x'], sections: [{ flags }] }).split('\n').slice(2);
  assert.ok(lines.every((l) => l.length <= 118), lines.join('\n'));
  assert.match(lines[0]!, /^ {2}--short {19}word word/);
  assert.match(lines[1]!, /^ {28}word/);
  assert.ok(lines.includes('  --a-flag-name-much-longer-than-the-column'));
  assert.ok(lines.includes(`${' '.repeat(28)}alone`));
  assert.deepEqual(sectionRows({ flags }).at(-1), ['--color, --no-color', 'colour on or off']);
  assert.deepEqual(wrap('aa bb cc', 5), ['aa bb', 'cc']);
  assert.deepEqual(Object.keys(omit(flags, ['short', 'color'])), ['a-flag-name-much-longer-than-the-column', 'no-color']);
});
