// As root the sandbox runs as a uid of its own, which must walk to its throw-away copy in the temporary folder. A
// temporary folder only root may enter is named in a clear "sandbox unavailable" error before bubblewrap starts
// (bubblewrap said only "Permission denied"), and the copy is removed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, readdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { runSandboxed } from '../../../src/engines/sandbox/index.ts';
import { firstClosedFolder } from '../../../src/engines/sandbox/identity.ts';
import { SandboxUnavailableError } from '../../../src/engines/sandbox/types.ts';
import { tempDir } from '../../helpers/temp.ts';
import { bwrap, tempTree } from './helpers.ts';

test('firstClosedFolder names the first folder on the way that others cannot enter, the folder itself included', (t) => {
  const dir = tempDir(t);
  chmodSync(dir, 0o755);
  mkdirSync(join(dir, 'open', 'closed', 'deeper'), { recursive: true });
  chmodSync(join(dir, 'open'), 0o711);
  chmodSync(join(dir, 'open', 'closed'), 0o700);
  assert.equal(firstClosedFolder(join(dir, 'open')), null, 'search permission is enough; reading is not needed');
  assert.equal(firstClosedFolder(join(dir, 'open', 'closed', 'deeper')), join(dir, 'open', 'closed'));
  assert.equal(firstClosedFolder(join(dir, 'open', 'closed')), join(dir, 'open', 'closed'));
  assert.equal(firstClosedFolder(join(dir, 'missing')), join(dir, 'missing'), 'a folder that is not there cannot be entered');
  symlinkSync(join(dir, 'open', 'closed', 'deeper'), join(dir, 'link'));
  assert.equal(firstClosedFolder(join(dir, 'link')), join(dir, 'open', 'closed'), 'the way to where a symbolic link leads counts');
});

test('as root, a temporary folder the sandbox uid cannot enter: sandbox unavailable, naming it, and no copy left', { skip: process.getuid?.() === 0 ? false : 'only root runs the sandbox as another uid' }, async (t) => {
  const work = tempTree({ 'a.txt': 'a' });
  t.after(work.cleanup);
  const closed = tempDir(t);
  chmodSync(closed, 0o700);
  const saved = process.env.TMPDIR;
  process.env.TMPDIR = closed;
  t.after(() => (saved === undefined ? delete process.env.TMPDIR : (process.env.TMPDIR = saved)));
  await assert.rejects(runSandboxed(bwrap(), { workspace: work.dir, argv: ['true'] }), (error: unknown) => {
    assert.ok(error instanceof SandboxUnavailableError, String(error));
    assert.match(error.message, new RegExp(`cannot enter ${closed} on the way to the temporary folder ${closed}: .*chmod o\\+x.*TMPDIR`));
    return true;
  });
  assert.deepEqual(readdirSync(closed), [], 'the throw-away copy was removed');
});
