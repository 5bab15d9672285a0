// Read-only sources the sandbox uid cannot reach are copied where it can (src/engines/sandbox/identity.ts). The Go seed never
// changes, so its copy is made once per process and shared by every run: readable by all, writable by none but its
// owner, removed when the process exits. Anything else is still copied afresh for each run.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stageReadOnly } from '../../../src/engines/sandbox/identity.ts';
import { copyWorkspace } from '../../../src/engines/sandbox/workspace.ts';
import { assertFreshDist } from '../../helpers/dist.ts';
import { tempDir } from '../../helpers/temp.ts';

const asRoot = process.getuid?.() === 0;
const SKIP = asRoot ? false : 'only root stages copies (it runs the sandbox as a uid of its own)';

/** A source under a folder only its owner may enter, holding files anyone could write. */
function unreachableSource(t: Parameters<typeof tempDir>[0]): string {
  const dir = tempDir(t);
  chmodSync(dir, 0o700);
  const source = join(dir, 'seed');
  mkdirSync(join(source, 'ab'), { recursive: true });
  writeFileSync(join(source, 'ab', 'entry-a'), 'compiled');
  writeFileSync(join(source, 'README'), 'seed');
  execFileSync('chmod', ['-R', 'a+w', source]);
  return source;
}

function modesUnder(path: string): number[] {
  const st = lstatSync(path);
  return [st.mode & 0o7777, ...(st.isDirectory() ? readdirSync(path).flatMap((name) => modesUnder(join(path, name))) : [])];
}

test('an unchanging source is copied once and shared by every run: readable by all, writable by no one else', { skip: SKIP }, (t) => {
  const source = unreachableSource(t);
  const id = { uid: 250_001, gid: 250_001 };
  const runs = [copyWorkspace(tempDir(t)), copyWorkspace(tempDir(t))];
  t.after(() => runs.forEach((copy) => copy.remove()));
  const [first, second] = runs.map((copy) => stageReadOnly([{ host: source, inside: '/go-seed-cache', unchanging: true }], copy, id, false)[0]!);
  assert.equal(first!.host, second!.host, 'the second run binds the same copy');
  assert.notEqual(first!.host, source);
  assert.equal(first!.inside, '/go-seed-cache');
  assert.equal(readFileSync(join(first!.host, 'ab', 'entry-a'), 'utf8'), 'compiled');
  for (const mode of modesUnder(first!.host)) {
    assert.equal(mode & 0o022, 0, `no group or other write bit (mode ${mode.toString(8)})`);
    assert.equal(mode & 0o004, 0o004, `readable by others (mode ${mode.toString(8)})`);
  }
  assert.equal(lstatSync(join(first!.host, '..')).mode & 0o777, 0o755, 'its folder can be entered by any uid');
});

test('a shared copy removed under the process (a temp-folder cleaner) is made again, and what was left of it goes', { skip: SKIP }, (t) => {
  const source = unreachableSource(t);
  const copy = copyWorkspace(tempDir(t));
  t.after(() => copy.remove());
  const bind = { host: source, inside: '/go-seed-cache', unchanging: true };
  const first = stageReadOnly([bind], copy, { uid: 250_004, gid: 250_004 }, false)[0]!.host;
  rmSync(first, { recursive: true });
  const again = stageReadOnly([bind], copy, { uid: 250_004, gid: 250_004 }, false)[0]!.host;
  assert.notEqual(again, first);
  assert.equal(readFileSync(join(again, 'README'), 'utf8'), 'seed');
  assert.equal(existsSync(join(first, '..')), false, 'the old copy\'s folder was removed');
});

test('a source that may change is copied afresh beside each run, as before', { skip: SKIP }, (t) => {
  const source = unreachableSource(t);
  const runs = [copyWorkspace(tempDir(t)), copyWorkspace(tempDir(t))];
  t.after(() => runs.forEach((copy) => copy.remove()));
  const staged = runs.map((copy) => stageReadOnly([{ host: source, inside: '/deps' }], copy, { uid: 250_002, gid: 250_002 }, false)[0]!.host);
  assert.notEqual(staged[0], staged[1]);
  assert.deepEqual(staged, runs.map((copy) => join(copy.dir, '..', 'ro-0')));
});

test('the shared copy goes when the process exits', { skip: SKIP }, (t) => {
  assertFreshDist();
  const source = unreachableSource(t);
  const dist = (path: string) => fileURLToPath(new URL(`../../../dist/engines/sandbox/${path}`, import.meta.url));
  const script = `
    const { stageReadOnly } = await import(${JSON.stringify(dist('identity.js'))});
    const { copyWorkspace } = await import(${JSON.stringify(dist('workspace.js'))});
    const copy = copyWorkspace(${JSON.stringify(tempDir(t))});
    const [bind] = stageReadOnly([{ host: ${JSON.stringify(source)}, inside: '/s', unchanging: true }], copy, { uid: 250_003, gid: 250_003 }, false);
    copy.remove();
    console.log(bind.host);`;
  const staged = execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }).trim();
  assert.match(staged, /bh-sandbox-\d+(?:\.\d+\.\d+)?-ro/);
  assert.equal(existsSync(staged), false, `${staged} was removed at exit`);
});
