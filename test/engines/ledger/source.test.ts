import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sourceReader } from '../../../src/engines/ledger/source.ts';
import { recheckFindings } from '../../../src/engines/integrity/recheck.ts';
import { sha256 } from '../../../src/foundations/hashing/hash.ts';

import { tempDir, writeFiles } from '../../helpers/temp.ts';
import { makeFinding } from '../../helpers/builders.ts';

test("the ledger's reader takes the files the report's re-check just read from it, and reads the others itself", (t) => {
  const root = tempDir(t);
  const content = "const a = 1;\nexec('ls ' + req.query.dir);\n";
  writeFiles(root, { 'src/a.js': content, 'src/old.js': 'old\n' });
  const finding = makeFinding({ file: 'src/a.js', line: 2, symbol: 'run', subject: 'req.query.dir', quote: "exec('ls ' + req.query.dir);" });
  const checked = new Map<string, string>();
  assert.equal(recheckFindings(root, [finding], new Map([['src/a.js', sha256(content)]]), checked), null);
  assert.deepEqual([...checked], [['src/a.js', content]]);

  const read = sourceReader(root, new Map([...checked, ['src/only-in-memory.js', 'x\n']]));
  assert.deepEqual(read('src/a.js'), { status: 'present', content });
  // Given by the caller: not looked for on disk.
  assert.deepEqual(read('src/only-in-memory.js'), { status: 'present', content: 'x\n' });
  assert.deepEqual(read('src/old.js'), { status: 'present', content: 'old\n' });
  assert.deepEqual(read('src/gone.js'), { status: 'gone' });
});
