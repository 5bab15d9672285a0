// Following a finding through edits when its quoted line is written twice in the file: the place whose surrounding
// code is the finding's own wins, never merely the first identical line.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { contextHash, locateQuote, quoteLines, shiftOf } from '../../../src/engines/ledger/locate.ts';

const QUOTE = 'res.redirect(res.locals.baseHref);';
const FILE = [
  "router.get('/a', (req, res) => {", // 1
  '  audit(req);',
  `  ${QUOTE}`, // 3
  '});',
  '',
  "router.post('/b', (req, res) => {", // 6
  '  save(req.body);',
  `  ${QUOTE}`, // 8
  '});',
].join('\n');

const second = { startLine: 8, endLine: 8, contextHash: contextHash(FILE, 8, 8) };
const anchor = { startLine: 8, quote: QUOTE };

test('the same line twice: the untouched file keeps each finding where it is', () => {
  assert.deepEqual(quoteLines(FILE, QUOTE), [3, 8]);
  assert.equal(locateQuote(FILE, QUOTE), 3, 'the first place, which alone once decided');
  assert.equal(shiftOf(FILE, second, anchor), 0);
  assert.equal(shiftOf(FILE, { startLine: 3, endLine: 3, contextHash: contextHash(FILE, 3, 3) }, { startLine: 3, quote: QUOTE }), 0);
});

test('lines added above both: the finding follows its own code, not the first identical line', () => {
  const moved = `// header\n// more\n${FILE}`;
  assert.equal(shiftOf(moved, second, anchor), 2);
  // Its own surroundings edited (a guard added above it): the nearest place, its own, where the hash now differs.
  const guarded = FILE.replace('  save(req.body);', '  if (!req.user) return;\n  save(req.body);');
  assert.equal(shiftOf(guarded, second, anchor), 1);
  assert.notEqual(contextHash(guarded, 9, 9), second.contextHash);
  assert.equal(shiftOf(FILE.replaceAll(QUOTE, 'res.end();'), second, anchor), null, 'gone');
});
