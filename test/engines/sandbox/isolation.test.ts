import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { runSandboxed } from '../../../src/engines/sandbox/index.ts';
import { bwrap, hashTree, tempTree } from './helpers.ts';

test('a canary secret in the parent environment is invisible inside', async () => {
  const canary = `canary-${randomBytes(8).toString('hex')}`;
  process.env.BH_CANARY_API_TOKEN = canary;
  const tree = tempTree({ 'env.mjs': 'console.log(JSON.stringify(process.env));' });
  try {
    const result = await runSandboxed(bwrap(), { workspace: tree.dir, argv: ['node', 'env.mjs'] });
    assert.equal(result.status, 'PASS');
    const env = JSON.parse(result.stdout) as Record<string, string>;
    assert.equal(env.BH_CANARY_API_TOKEN, undefined);
    assert.ok(!result.stdout.includes(canary));
    assert.deepEqual(Object.keys(env).filter((k) => !/^(PATH|HOME|LANG|TMPDIR|PWD|CI|NO_COLOR|FORCE_COLOR|npm_config_.*|YARN_.*|PNPM_HOME|PIP_.*|PYTHON.*|GO.*|CARGO_.*)$/.test(k)), []);
  } finally {
    delete process.env.BH_CANARY_API_TOKEN;
    tree.cleanup();
  }
});

test('writes outside the workspace fail and /tmp inside is not the host /tmp', async () => {
  const marker = `bh-escape-${randomBytes(6).toString('hex')}`;
  const tree = tempTree({
    'write.sh': `for p in /etc/${marker} /usr/${marker} /${marker} /opt/${marker} /home/${marker} /root/${marker}; do
  if echo x > "$p" 2>/dev/null; then echo "WROTE $p"; else echo "DENIED $p"; fi; done
echo x > /tmp/${marker} && echo "TMP-INSIDE-OK"
echo x > /workspace/inside.txt && echo "WORKSPACE-OK"`,
  });
  try {
    const result = await runSandboxed(bwrap(), { workspace: tree.dir, argv: ['sh', 'write.sh'] });
    assert.equal(result.status, 'PASS');
    assert.doesNotMatch(result.stdout, /WROTE/);
    assert.equal((result.stdout.match(/DENIED/g) ?? []).length, 6);
    assert.match(result.stdout, /TMP-INSIDE-OK/);
    assert.match(result.stdout, /WORKSPACE-OK/);
    for (const dir of ['/etc', '/usr', '/', '/opt', '/tmp']) assert.equal(existsSync(join(dir, marker)), false, `${dir}/${marker} appeared on the host`);
    assert.equal(existsSync(join(tree.dir, 'inside.txt')), false, 'the workspace write reached the original tree');
  } finally {
    tree.cleanup();
  }
});

test('the original tree is byte-identical after a run that rewrites, deletes and creates files', async () => {
  const tree = tempTree({
    'src/a.js': 'export const a = 1;\n',
    'src/b.js': 'export const b = 2;\n',
    'node_modules/dep/index.js': 'module.exports = 42;\n',
    'package.json': '{"name":"t","version":"1.0.0"}\n',
    'vandal.sh': 'echo changed > src/a.js; rm src/b.js; mkdir -p new && echo x > new/file; chmod 000 package.json; echo hacked > node_modules/dep/index.js 2>/dev/null || echo "NODE_MODULES-READ-ONLY"; ls /workspace/node_modules/dep',
  });
  mkdirSync(join(tree.dir, 'empty'));
  writeFileSync(join(tree.dir, '.git'), 'gitdir: elsewhere\n');
  const before = hashTree(tree.dir);
  try {
    const result = await runSandboxed(bwrap(), { workspace: tree.dir, argv: ['sh', 'vandal.sh'] });
    assert.equal(result.status, 'PASS');
    assert.match(result.stdout, /NODE_MODULES-READ-ONLY/);
    assert.match(result.stdout, /index\.js/);
    assert.equal(hashTree(tree.dir), before);
  } finally {
    tree.cleanup();
  }
});
