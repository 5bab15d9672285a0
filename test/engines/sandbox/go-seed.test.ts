// The Go build-cache seed (src/engines/sandbox/go-seed.ts): a go test in the real bubblewrap sandbox finds the standard
// library's build and vet results in its GOCACHE, copied from a seed built once on the host from a module of our own;
// the sandboxed command cannot write the seed, and nothing it does reaches it.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { chmodSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { runSandboxed } from '../../../src/engines/sandbox/index.ts';
import { GO_SEED_INSIDE, goSeedCache } from '../../../src/engines/sandbox/go-seed.ts';
import { bwrap, hashTree, tempTree } from './helpers.ts';

const MODULE = {
  'go.mod': 'module example.com/shop\n\ngo 1.19\n',
  'cart/cart.go': 'package cart\n\nimport "fmt"\n\nfunc Label(price int) string { return fmt.Sprintf("%d EUR", price) }\n',
  'cart/cart_test.go': 'package cart\n\nimport "testing"\n\nfunc TestLabel(t *testing.T) {\n\tif Label(3) != "3 EUR" {\n\t\tt.Fatal(Label(3))\n\t}\n}\n',
};

// One seed folder for the file (the seed is built once per folder), which the sandbox uid can reach, so the runs bind
// the seed itself (as root, an unreachable one would be copied first).
const seeds = tempTree({});
after(seeds.cleanup);
chmodSync(seeds.dir, 0o755);
const root = join(seeds.dir, 'go-build');

test('go test in the sandbox uses the seed: only the module\'s own package is vetted, the standard library comes from the cache', async (t) => {
  const module = tempTree(MODULE);
  t.after(module.cleanup);
  // -x lists every action go runs; each package it vets gets a vet.cfg. Without the seed, the standard library's
  // packages are vetted (and, since Go 1.20, compiled) again in every sandbox.
  const run = await runSandboxed(bwrap(), { workspace: module.dir, argv: ['go', 'test', '-x', '-count=1', './cart'], goSeedRoot: root, limits: { timeoutMs: 120_000 } });
  assert.equal(run.status, 'PASS', run.stderr);
  assert.equal(readdirSync(root).length, 1, 'one seed, for the one toolchain');
  const vetted = run.stderr.match(/vet\.cfg << 'EOF'/g) ?? [];
  assert.equal(vetted.length, 1, `only example.com/shop/cart is vetted:\n${run.stderr.slice(0, 4000)}`);
  const compiled = [...run.stderr.matchAll(/compile\b.* -p (\S+)/g)].map((m) => m[1]);
  assert.deepEqual(compiled.filter((pkg) => pkg !== 'main' && !pkg!.startsWith('example.com/')), [], 'no standard package is compiled');
});

test('the sandboxed command cannot write the seed: creating, deleting and changing its files fail, its own GOCACHE copy is its to change', async (t) => {
  const module = tempTree(MODULE);
  t.after(module.cleanup);
  const seed = await goSeedCache(root);
  assert.ok(seed, 'the seed is built');
  // Writable by anyone on the host, so only the read-only view protects it (as root, the sandbox's uid owns nothing).
  execFileSync('chmod', ['-R', 'a+w', seed]);
  const before = hashTree(seed);
  const attack = [
    `touch ${GO_SEED_INSIDE}/planted && echo PLANTED`,
    `rm -rf ${GO_SEED_INSIDE}/* 2>/dev/null; ls ${GO_SEED_INSIDE} | wc -l | sed 's/^/SEED-ENTRIES /'`,
    `for f in ${GO_SEED_INSIDE}/*/*; do echo poisoned > "$f" 2>/dev/null && echo CHANGED && break; done`,
    'echo poisoned > "$GOCACHE/planted" && echo OWN-COPY-WRITABLE',
    'go test -count=1 ./cart',
  ].join('; ');
  const run = await runSandboxed(bwrap(), { workspace: module.dir, argv: ['sh', '-c', attack], goSeedRoot: root, limits: { timeoutMs: 120_000 } });
  assert.equal(run.status, 'PASS', run.stdout + run.stderr);
  assert.doesNotMatch(run.stdout, /PLANTED|CHANGED/);
  assert.doesNotMatch(run.stdout, /SEED-ENTRIES 0\b/);
  assert.match(run.stdout, /OWN-COPY-WRITABLE/);
  assert.match(run.stdout, /ok\s+example\.com\/shop\/cart/);
  assert.equal(hashTree(seed), before, 'the seed is unchanged');
  assert.deepEqual(readdirSync(root), [seed.slice(root.length + 1)], 'nothing else appeared beside it');
});
