import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeBackends, runSandboxed, selectBackend, SandboxUnavailableError, UNSANDBOXED_FLAG } from '../../../src/engines/sandbox/index.ts';
import { probeEngine } from '../../../src/engines/sandbox/container.ts';
import { tempTree } from './helpers.ts';

test('auto picks bubblewrap when it works here', () => {
  assert.equal(selectBackend({ backend: 'auto' }).name, 'bwrap');
  const bwrap = describeBackends({ backend: 'auto' }).find((b) => b.name === 'bwrap');
  assert.deepEqual(bwrap, { name: 'bwrap', available: true });
});

test('docker and podman are used only when the engine answers; otherwise skipped with a reason', () => {
  for (const engine of ['docker', 'podman'] as const) {
    const reason = probeEngine(engine);
    const report = describeBackends({ backend: engine })[0]!;
    assert.equal(report.available, reason === null);
    if (reason !== null) {
      assert.match(report.reason ?? '', new RegExp(engine));
      assert.throws(() => selectBackend({ backend: engine }), SandboxUnavailableError);
    }
  }
});

test('the none backend refuses untrusted code unless the loud opt-out is given', async () => {
  assert.throws(() => selectBackend({ backend: 'none' }), (e: Error) => e instanceof SandboxUnavailableError && e.message.includes(UNSANDBOXED_FLAG));
  const tree = tempTree({ 'hello.mjs': 'console.log("ran", process.env.HOME !== undefined);' });
  try {
    const backend = selectBackend({ backend: 'none', allowUnsandboxed: true });
    const result = await runSandboxed(backend, { workspace: tree.dir, argv: ['node', 'hello.mjs'] });
    assert.equal(result.status, 'PASS');
    assert.equal(result.backend, 'none');
    assert.match(result.stdout, /ran true/);
  } finally {
    tree.cleanup();
  }
});

test('a command that does not exist is a FAIL outcome from inside the sandbox, not a thrown error', async () => {
  const tree = tempTree({ 'x.txt': 'x' });
  try {
    const result = await runSandboxed(selectBackend({ backend: 'bwrap' }), { workspace: tree.dir, argv: ['definitely-not-a-command-bh'] });
    assert.equal(result.status, 'FAIL');
    assert.notEqual(result.exitCode, 0);
  } finally {
    tree.cleanup();
  }
});

test('a read-only folder is shown at its inside path under bubblewrap, unwritable, and refused by the none backend', async () => {
  const tree = tempTree({ 'probe.mjs': "import fs from 'node:fs'; console.log(fs.readFileSync('/pkg/data.txt', 'utf8').trim()); try { fs.writeFileSync('/pkg/data.txt', 'x'); console.log('written'); } catch (e) { console.log(e.code); }" });
  const pkg = tempTree({ 'data.txt': 'from the host\n' });
  try {
    const result = await runSandboxed(selectBackend({ backend: 'bwrap' }), { workspace: tree.dir, argv: ['node', 'probe.mjs'], readOnly: [{ host: pkg.dir, inside: '/pkg' }] });
    assert.match(result.stdout, /^from the host\n(EROFS|EACCES)\n$/);
    const none = await runSandboxed(selectBackend({ backend: 'none', allowUnsandboxed: true }), { workspace: tree.dir, argv: ['node', 'probe.mjs'], readOnly: [{ host: pkg.dir, inside: '/pkg' }] });
    assert.deepEqual([none.status, none.reason], ['ERROR', 'read-only folders need a sandbox backend that can mount them']);
  } finally {
    tree.cleanup();
    pkg.cleanup();
  }
});
