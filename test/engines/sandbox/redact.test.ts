import { test } from 'node:test';
import assert from 'node:assert/strict';
import { redact, REDACTED, runSandboxed, secretValuesFrom } from '../../../src/engines/sandbox/index.ts';
import { bwrap, tempTree } from './helpers.ts';

const KEY = ['-----BEGIN RSA PRIVATE KEY-----', 'MIIEowIBAAKCAQEAx1', 'abcdef', '-----END RSA PRIVATE KEY-----'].join('\n');

test('known token shapes are redacted, ordinary text is kept', () => {
  const text = [
    'aws AKIAIOSFODNN7EXAMPLE here',
    'openai sk-proj-abcdefghijklmnop1234',
    'gh ghp_0123456789abcdefghijABCDEFGHIJ',
    'auth: Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U',
    KEY,
    'plain words and a path /usr/bin/node stay',
  ].join('\n');
  const out = redact(text);
  for (const secret of ['AKIAIOSFODNN7EXAMPLE', 'sk-proj-abcdefghijklmnop1234', 'ghp_0123456789abcdefghijABCDEFGHIJ', 'eyJhbGciOiJIUzI1NiJ9', 'MIIEowIBAAKCAQEAx1']) {
    assert.ok(!out.includes(secret), `${secret} survived`);
  }
  assert.match(out, /plain words and a path \/usr\/bin\/node stay/);
  assert.ok(out.split(REDACTED).length - 1 >= 5);
});

test('host values under secret-looking names are collected; harmless ones are not', () => {
  const values = secretValuesFrom({ MY_API_TOKEN: 'tok-123456789', DB_PASSWORD: 'hunter2hunter2', PATH: '/usr/bin:/bin', HOME: '/root', SHORT_TOKEN: 'abc' });
  assert.deepEqual(values.sort(), ['hunter2hunter2', 'tok-123456789']);
});

test('a secret printed by the sandboxed test is redacted in the stored output', async () => {
  const hostSecret = 'host-secret-value-8841';
  process.env.BH_REDACT_TEST_SECRET = hostSecret;
  // The tree knows the host value (e.g. committed by mistake) and prints it, plus a token-shaped string.
  const tree = tempTree({ 'leak.mjs': `console.log('value ${hostSecret}'); console.error('token ghp_0123456789abcdefghijABCDEFGHIJ');` });
  try {
    const result = await runSandboxed(bwrap(), { workspace: tree.dir, argv: ['node', 'leak.mjs'] });
    assert.equal(result.status, 'PASS');
    assert.equal(result.stdout.trim(), `value ${REDACTED}`);
    assert.equal(result.stderr.trim(), `token ${REDACTED}`);
  } finally {
    delete process.env.BH_REDACT_TEST_SECRET;
    tree.cleanup();
  }
});
