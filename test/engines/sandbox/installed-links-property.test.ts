// The link check of the installed dependencies (src/engines/sandbox/installed.ts) on generated trees: real folders,
// real symbolic links, changed between calls the way an install or a hostile postinstall script would (a link deep in
// node_modules repointed, a folder in the repository that a link leads through replaced by a link outside). The
// invariant, written once (assertSound): a call binds only when every link under node_modules now resolves inside the
// repository or a store — judged by an independent walk of the tree as it is at that moment — and names the stores
// it uses; when any link leads elsewhere it refuses, naming such a link. Whatever earlier calls saw decides nothing.
import assert from 'node:assert/strict';
import { lstatSync, mkdirSync, readdirSync, readlinkSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { test, type TestContext } from 'node:test';
import { prng } from '../../../scripts/kit/seeded-random.ts';
import { installedDependencies, type Installed } from '../../../src/engines/sandbox/installed.ts';
import { tempDir } from '../../helpers/temp.ts';

const SEEDS = 24;
const STEPS = 8;

const inside = (root: string, path: string) => path === root || path.startsWith(root + sep);

/** The links under `dir` that lead outside `root` and every store, and the stores links lead into: read afresh. */
function judgeTree(dir: string, root: string, stores: string[]): { escapes: string[]; used: string[] } {
  const escapes: string[] = [];
  const used = new Set<string>();
  const visit = (path: string): void => {
    const st = lstatSync(path);
    if (st.isSymbolicLink()) {
      const target = resolve(dirname(path), readlinkSync(path));
      let real = target;
      try {
        real = realpathSync(target);
      } catch {
        // Dangling: where it points.
      }
      if (inside(root, real)) return;
      const store = stores.find((s) => inside(s, real));
      if (store) used.add(store);
      else escapes.push(path);
      return;
    }
    if (st.isDirectory()) for (const name of readdirSync(path)) visit(join(path, name));
  };
  visit(dir);
  return { escapes, used: [...used].sort() };
}

/** The invariant: what a call answered against the tree as it is now. */
function assertSound(result: Installed, nodeModules: string, root: string, stores: string[], label: string): void {
  const now = judgeTree(nodeModules, root, stores);
  if (now.escapes.length > 0) {
    assert.equal(result.kind, 'refused', `${label}: bound although ${now.escapes.join(', ')} lead outside`);
    const reason = result.kind === 'refused' ? result.reason : '';
    assert.ok(now.escapes.some((e) => reason.startsWith(`${e} is a symbolic link to `)), `${label}: the refusal names an escaping link: ${reason}`);
  } else {
    assert.equal(result.kind, 'bind', `${label}: ${result.kind === 'refused' ? result.reason : result.kind}`);
    assert.deepEqual(result.kind === 'bind' ? [...result.stores].sort() : [], now.used, `${label}: the stores used`);
  }
}

interface Tree {
  repo: string;
  nodeModules: string;
  folders: string[];
  links: string[];
  /** Folders of the repository outside node_modules that links may lead through (and that may be replaced). */
  shared: string[];
  store: string;
  outside: string;
}

function generate(t: TestContext, random: () => number): Tree {
  const repo = realpathSync(tempDir(t, 'bh-links-'));
  const store = realpathSync(tempDir(t, 'bh-links-store-'));
  const outside = realpathSync(tempDir(t, 'bh-links-outside-'));
  mkdirSync(join(store, 'pkg'), { recursive: true });
  mkdirSync(join(outside, 'secret'), { recursive: true });
  const nodeModules = join(repo, 'node_modules');
  mkdirSync(nodeModules);
  const folders = [nodeModules];
  for (let i = 0, n = 3 + Math.floor(random() * 10); i < n; i += 1) {
    const parent = folders[Math.floor(random() * folders.length)]!;
    const folder = join(parent, `d${i}`);
    mkdirSync(folder);
    writeFileSync(join(folder, 'index.js'), '');
    folders.push(folder);
  }
  const shared = [0, 1].map((i) => join(repo, 'packages', `s${i}`));
  for (const folder of shared) mkdirSync(folder, { recursive: true });
  const tree: Tree = { repo, nodeModules, folders, links: [], shared, store, outside };
  for (let i = 0, n = 1 + Math.floor(random() * 6); i < n; i += 1) {
    const link = join(folders[Math.floor(random() * folders.length)]!, `l${i}`);
    symlinkSync(linkTarget(tree, link, random, 0.15), link);
    tree.links.push(link);
  }
  return tree;
}

/** A target for `link`: another folder of node_modules (relative), a shared folder, the store, or (with `escape`'s
 * chance) outside everything. */
function linkTarget(tree: Tree, link: string, random: () => number, escape: number): string {
  if (random() < escape) return random() < 0.5 ? join(tree.outside, 'secret') : '/';
  const r = random();
  if (r < 0.4) return relative(dirname(link), tree.folders[Math.floor(random() * tree.folders.length)]!) || '.';
  if (r < 0.7) return tree.shared[Math.floor(random() * tree.shared.length)]!;
  if (r < 0.85) return join(tree.store, 'pkg');
  return join(dirname(link), 'no-such-entry');
}

/** One change between calls: a link repointed (the deeper, the likelier), or a shared folder turned into a link. */
function change(tree: Tree, random: () => number): void {
  if (random() < 0.25) {
    const folder = tree.shared[Math.floor(random() * tree.shared.length)]!;
    rmSync(folder, { recursive: true, force: true });
    if (random() < 0.5) symlinkSync(join(tree.outside, 'secret'), folder);
    else mkdirSync(folder);
    return;
  }
  const byDepth = [...tree.links].sort((a, b) => b.split(sep).length - a.split(sep).length);
  const link = byDepth[Math.floor(random() * random() * byDepth.length)]!;
  rmSync(link);
  symlinkSync(linkTarget(tree, link, random, 0.4), link);
}

test(`invariant on ${SEEDS} generated trees, ${STEPS} changes each: a call binds only what now resolves inside the repository or a store`, (t) => {
  let refusals = 0;
  let binds = 0;
  for (let seed = 1; seed <= SEEDS; seed += 1) {
    const random = prng(seed);
    const tree = generate(t, random);
    for (let step = 0; step <= STEPS; step += 1) {
      if (step > 0) change(tree, random);
      const result = installedDependencies(tree.repo, ['node_modules'], [tree.store]);
      assertSound(result, tree.nodeModules, tree.repo, [tree.store], `seed ${seed}, step ${step}`);
      if (result.kind === 'refused') refusals += 1;
      else binds += 1;
    }
  }
  // Both answers were exercised, so the invariant was tested in both directions.
  assert.ok(refusals > 20 && binds > 20, `refused ${refusals}, bound ${binds}`);
});

test('the invariant catches a call that answers from an earlier tree', (t) => {
  const tree = generate(t, prng(7));
  const before = installedDependencies(tree.repo, ['node_modules'], [tree.store]);
  assertSound(before, tree.nodeModules, tree.repo, [tree.store], 'before');
  const deepest = join(tree.folders.at(-1)!, 'escape');
  symlinkSync(join(tree.outside, 'secret'), deepest);
  // An answer kept from before the change is caught; the answer now is sound.
  assert.equal(before.kind, 'bind', 'seed 7 starts with every link inside');
  assert.throws(() => assertSound(before, tree.nodeModules, tree.repo, [tree.store], 'kept'), /bound although/);
  assertSound(installedDependencies(tree.repo, ['node_modules'], [tree.store]), tree.nodeModules, tree.repo, [tree.store], 'after');
});
