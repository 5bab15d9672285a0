import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { runSandboxed } from '../../../src/engines/sandbox/index.ts';
import { bwrap, tempTree } from './helpers.ts';

test('a loopback server started outside the sandbox gets no connection', async () => {
  let connections = 0;
  const server = createServer((_req, res) => res.end('reached'));
  server.on('connection', () => (connections += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const tree = tempTree({ 'probe.mjs': `fetch('http://127.0.0.1:${port}/').then(r => r.text()).then(t => { console.log('GOT', t); }, e => { console.log('NO-CONNECTION', e.cause?.code ?? e.message); process.exit(7); });` });
  try {
    const result = await runSandboxed(bwrap(), { workspace: tree.dir, argv: ['node', 'probe.mjs'], limits: { timeoutMs: 15_000 } });
    assert.equal(result.status, 'FAIL');
    assert.equal(result.exitCode, 7);
    assert.match(result.stdout, /NO-CONNECTION ECONNREFUSED/);
    assert.equal(connections, 0);
    // Control: the same probe from the host does connect, so the test can fail.
    assert.equal(await (await fetch(`http://127.0.0.1:${port}/`)).text(), 'reached');
    assert.equal(connections, 1);
  } finally {
    server.close();
    tree.cleanup();
  }
});

test('DNS fails inside the sandbox, while loopback inside it still works', async () => {
  const tree = tempTree({
    'dns.mjs': `import { lookup } from 'node:dns/promises';
try { const a = await lookup('registry.npmjs.org'); console.log('RESOLVED', a.address); } catch (e) { console.log('DNS-FAILED', e.code); }`,
    'loop.mjs': `import { createServer } from 'node:http';
const s = createServer((q, r) => r.end('inside-ok')).listen(0, '127.0.0.1', async () => {
  console.log(await (await fetch('http://127.0.0.1:' + s.address().port)).text()); s.close(); });`,
  });
  try {
    const dns = await runSandboxed(bwrap(), { workspace: tree.dir, argv: ['node', 'dns.mjs'], limits: { timeoutMs: 15_000 } });
    assert.match(dns.stdout, /DNS-FAILED (EAI_AGAIN|ENOTFOUND|ECONNREFUSED)/);
    assert.doesNotMatch(dns.stdout, /RESOLVED/);
    const loop = await runSandboxed(bwrap(), { workspace: tree.dir, argv: ['node', 'loop.mjs'], limits: { timeoutMs: 15_000 } });
    assert.equal(loop.status, 'PASS');
    assert.match(loop.stdout, /inside-ok/);
  } finally {
    tree.cleanup();
  }
});
