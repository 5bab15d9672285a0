// The sandbox's environment is what docs/sandbox.md says it is: in the real bubblewrap sandbox, `env` shows exactly the
// documented variables and no host variable (a unique one set in this process), and a script npm runs sees those plus
// only npm's own.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { sandboxEnv } from '../../../src/engines/sandbox/env.ts';
import { runSandboxed } from '../../../src/engines/sandbox/index.ts';
import { bwrap, tempTree } from './helpers.ts';

const SANDBOX_DOC = readFileSync(new URL('../../../docs/sandbox.md', import.meta.url), 'utf8');

/** docs/sandbox.md's environment paragraph: the documented variables, and the names it says npm adds. */
function documented(): { names: string[]; npm: string[] } {
  const part = /No host variable gets through: a sandboxed process sees exactly ([\s\S]*?), plus what a\s+run sets on purpose[\s\S]*?npm, when it runs a script, adds its own\s+\(([^)]*)\)/.exec(SANDBOX_DOC);
  assert.ok(part, 'docs/sandbox.md lists the sandbox environment');
  const names = (text: string) => [...text.matchAll(/`([A-Za-z_][A-Za-z0-9_*]*)`/g)].map((m) => m[1]!);
  return { names: names(part[1]!.replace(/\(`src\/engines\/sandbox\/env\.ts`\)/, '')).sort(), npm: names(part[2]!) };
}

const variables = (stdout: string) => [...new Set(stdout.split('\n').filter((l) => /^[A-Za-z_][A-Za-z0-9_]*=/.test(l)).map((l) => l.slice(0, l.indexOf('='))))].sort();

test('docs/sandbox.md lists every variable the sandbox sets (and PWD, which bubblewrap sets)', () => {
  assert.deepEqual(documented().names, [...Object.keys(sandboxEnv()), 'PWD'].sort());
});

test('no host variable reaches a sandboxed process: `env` shows exactly the documented variables; under npm, only npm\'s own are added', async (t) => {
  const name = `BH_HOST_ONLY_${randomBytes(6).toString('hex').toUpperCase()}`;
  const value = `host-secret-${randomBytes(8).toString('hex')}`;
  process.env[name] = value;
  const tree = tempTree({ 'package.json': JSON.stringify({ name: 'env-probe', version: '1.0.0', scripts: { show: 'env' } }) });
  t.after(() => {
    delete process.env[name];
    tree.cleanup();
  });
  const { names, npm } = documented();

  const plain = await runSandboxed(bwrap(), { workspace: tree.dir, argv: ['env'] });
  assert.equal(plain.status, 'PASS', plain.stderr);
  assert.ok(!plain.stdout.includes(value) && !plain.stdout.includes(name), 'the host variable is absent');
  assert.deepEqual(variables(plain.stdout), names);

  const underNpm = await runSandboxed(bwrap(), { workspace: tree.dir, argv: ['npm', 'run', '--silent', 'show'] });
  assert.equal(underNpm.status, 'PASS', underNpm.stderr);
  assert.ok(!underNpm.stdout.includes(value) && !underNpm.stdout.includes(name), 'the host variable is absent under npm too');
  const seen = variables(underNpm.stdout);
  for (const n of names) assert.ok(seen.includes(n), `${n} is still set under npm`);
  const npmOwn = (n: string) => npm.some((p) => (p.endsWith('*') ? n.startsWith(p.slice(0, -1)) : n === p));
  assert.deepEqual(seen.filter((n) => !names.includes(n) && !npmOwn(n)), [], 'npm adds only its own');
  assert.ok(seen.some((n) => !names.includes(n)), 'npm did add variables of its own (the test sees them)');
});
