// The lines around each evidence quote (evidenceContext): each file is read and redacted once for the whole page, so a
// private-key block whose BEGIN line lies above the shown window is still redacted inside it, and two quotes in one
// file share the one read.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONTEXT_LINES, evidenceContext } from '../../../../src/engines/report/html/inputs.ts';
import { finding, identity, reported, scanReport } from '../../../helpers/builders.ts';
import { tempDir } from '../../../helpers/temp.ts';

const KEY_BODY = Array.from({ length: 10 }, (_, i) => `MIIEkeyline${i}AAAAB3NzaC1yc2EAAAADAQABAAABAQ`);

test('a private-key block that starts above the shown lines is redacted inside them; quotes in one file share its lines', (t) => {
  const root = tempDir(t, 'bh-html-ctx-');
  mkdirSync(join(root, 'src'));
  // Lines 1-12: the key block (BEGIN on line 1, END on line 12); line 14 and line 20 are quoted.
  const lines = ['-----BEGIN RSA PRIVATE KEY-----', ...KEY_BODY, '-----END RSA PRIVATE KEY-----', '', 'exec(cmd);', '', '', '', '', '', 'eval(code);', ''];
  writeFileSync(join(root, 'src/a.js'), lines.join('\n'));
  const at = (id: string, line: number, quote: string) => reported(finding(id, { file: 'src/a.js', startLine: line, endLine: line, evidence: [{ file: 'src/a.js', startLine: line, endLine: line, quote }] }));
  const report = scanReport(identity({ repoRoot: root }), [at('BH-1', 14, 'exec(cmd);'), at('BH-2', 20, 'eval(code);')]);
  const context = evidenceContext(root, report);
  const first = context.get('src/a.js:14:14')!;
  assert.equal(first.first, 14 - CONTEXT_LINES, 'the window starts inside the key block');
  assert.ok(first.matches);
  const shown = first.lines.join('\n');
  assert.doesNotMatch(shown, /MIIEkeyline/, `key lines shown: ${shown}`);
  assert.equal(first.lines.length, 2 * CONTEXT_LINES + 1, 'the line count is kept');
  assert.equal(first.lines[0], '[REDACTED]');
  assert.equal(first.lines[CONTEXT_LINES], 'exec(cmd);');
  const second = context.get('src/a.js:20:20')!;
  assert.ok(second.matches);
  assert.equal(second.lines[CONTEXT_LINES], 'eval(code);');
});
