// The repository's own git settings decide nothing in a remote operation, the user's global ones still do. Real git
// against a bare remote on disk and a smart-HTTP server that needs credentials (git http-backend behind Basic auth,
// in a child process); each repository-side setting would touch a marker file if git ran it.
import { test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, execFileSync } from 'node:child_process';
import { chmodSync, existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runGit } from '../../../src/engines/git/worktree.ts';
import { git, gitRepo, tempDir } from '../../helpers/temp.ts';

const SERVER = join(import.meta.dirname, 'http-git-server.mjs');

interface World {
  repo: string;
  bare: string;
  dir: string;
  /** A shell script at dir/name that touches dir/name.ran, then runs `then` with the script's arguments. */
  script: (name: string, then?: string) => string;
  ran: (name: string) => boolean;
  /** The user's global config (GIT_CONFIG_GLOBAL) for the rest of the test. */
  globalConfig: (lines: string[]) => void;
}

const restoring = new WeakSet<TestContext>();

function world(t: TestContext): World {
  const dir = tempDir(t, 'bh-git-remote-');
  const bare = join(dir, 'origin.git');
  const repo = gitRepo(t, { 'a.txt': 'a\n' });
  git(repo, 'init', '-q', '--bare', '-b', 'main', bare);
  git(repo, 'remote', 'add', 'origin', bare);
  git(repo, 'push', '-q', 'origin', 'main');
  if (!restoring.has(t)) {
    restoring.add(t);
    const saved = process.env.GIT_CONFIG_GLOBAL;
    t.after(() => {
      if (saved === undefined) delete process.env.GIT_CONFIG_GLOBAL;
      else process.env.GIT_CONFIG_GLOBAL = saved;
    });
  }
  process.env.GIT_CONFIG_GLOBAL = join(dir, 'empty.gitconfig');
  writeFileSync(process.env.GIT_CONFIG_GLOBAL, '');
  return {
    repo,
    bare,
    dir,
    script: (name, then = '') => {
      const path = join(dir, name);
      writeFileSync(path, `#!/bin/sh\ntouch '${path}.ran'\n${then}\n`);
      chmodSync(path, 0o755);
      return path;
    },
    ran: (name) => existsSync(join(dir, `${name}.ran`)),
    globalConfig: (lines) => {
      process.env.GIT_CONFIG_GLOBAL = join(dir, 'global.gitconfig');
      writeFileSync(process.env.GIT_CONFIG_GLOBAL, `${lines.join('\n')}\n`);
    },
  };
}

/** The repository's .git/config sets key (plain git, as an attacker's checkout would have it). */
const setLocal = (repo: string, key: string, value: string) => git(repo, 'config', '--add', key, value);

async function httpServer(t: TestContext, root: string): Promise<string> {
  const child = spawn(process.execPath, [SERVER, root], { stdio: ['ignore', 'pipe', 'inherit'] });
  t.after(() => child.kill('SIGTERM'));
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout.once('data', (data: Buffer) => resolve(String(data).trim()));
    child.once('exit', (code) => reject(new Error(`http-git-server.mjs exited ${code}`)));
  });
  return `http://127.0.0.1:${port}/origin.git`;
}

test('upload-pack and receive-pack set by the repository never run: ls-remote, fetch and push use git\'s own, and still work', (t) => {
  const w = world(t);
  setLocal(w.repo, 'remote.origin.uploadpack', `${w.script('upload')} ; git-upload-pack`);
  setLocal(w.repo, 'remote.origin.receivepack', `${w.script('receive')} ; git-receive-pack`);
  assert.match(runGit(w.repo, ['ls-remote', '--symref', 'origin', 'HEAD']), /ref: refs\/heads\/main\tHEAD/);
  runGit(w.repo, ['fetch', '--quiet', '--no-tags', '--end-of-options', 'origin', '+refs/heads/main:refs/remotes/origin/main']);
  runGit(w.repo, ['push', '--quiet', '--no-verify', 'origin', 'HEAD:refs/heads/pushed']);
  assert.equal(git(w.bare, 'rev-parse', 'pushed'), git(w.repo, 'rev-parse', 'HEAD'));
  assert.equal(w.ran('upload'), false, 'the repository\'s uploadpack ran');
  assert.equal(w.ran('receive'), false, 'the repository\'s receivepack ran');
  // The same settings are live for plain git.
  git(w.repo, 'ls-remote', 'origin');
  assert.equal(w.ran('upload'), true);
});

test('an uploadpack from a file the repository includes (include.path, includeIf) never runs either', (t) => {
  const w = world(t);
  const included = join(w.dir, 'included.gitconfig');
  writeFileSync(included, `[remote "origin"]\n\tuploadpack = "${w.script('included')}; git-upload-pack"\n`);
  setLocal(w.repo, 'includeIf.gitdir:/.path', included);
  runGit(w.repo, ['fetch', '--quiet', 'origin']);
  assert.equal(w.ran('included'), false);
  git(w.repo, 'fetch', '--quiet', 'origin');
  assert.equal(w.ran('included'), true, 'plain git follows the include');
});

test('the user\'s own upload-pack (global config) stays in force beside the repository\'s', (t) => {
  const w = world(t);
  w.globalConfig(['[remote "origin"]', `\tuploadpack = "${w.script('user-upload')}; git-upload-pack"`]);
  setLocal(w.repo, 'remote.origin.uploadpack', `${w.script('upload')}; git-upload-pack`);
  runGit(w.repo, ['ls-remote', 'origin']);
  assert.equal(w.ran('user-upload'), true, 'the user\'s global uploadpack ran');
  assert.equal(w.ran('upload'), false);
});

test('a push over HTTP that needs credentials gets them from the user\'s GLOBAL credential helper; the repository\'s helper never runs', async (t) => {
  const w = world(t);
  const url = await httpServer(t, w.dir);
  w.globalConfig(['[credential]', `\thelper = "!f() { test \\"$1\\" = get && echo username=user && echo password=secret; true; }; f"`]);
  git(w.repo, 'remote', 'set-url', 'origin', url);
  setLocal(w.repo, 'credential.helper', `!${w.script('local-helper')}`);
  runGit(w.repo, ['push', '--quiet', 'origin', 'HEAD:refs/heads/over-http']);
  assert.equal(git(w.bare, 'rev-parse', 'over-http'), git(w.repo, 'rev-parse', 'HEAD'));
  assert.equal(w.ran('local-helper'), false, 'the repository\'s credential helper ran');
  // Plain git runs the repository's helper too (it stores the credential the global helper gave).
  execFileSync('git', ['push', '--quiet', 'origin', 'HEAD:refs/heads/plain'], { cwd: w.repo, env: { ...process.env, GIT_TERMINAL_PROMPT: '0' }, stdio: 'ignore' });
  assert.equal(w.ran('local-helper'), true);
});

test('core.askPass: the user\'s global one answers, the repository\'s never runs', async (t) => {
  const w = world(t);
  const url = await httpServer(t, w.dir);
  git(w.repo, 'remote', 'set-url', 'origin', url);
  setLocal(w.repo, 'core.askPass', w.script('local-askpass', 'echo nobody'));
  // With no global askpass there is nothing to ask: the push fails for want of credentials, and nothing ran.
  assert.throws(() => runGit(w.repo, ['push', '--quiet', 'origin', 'HEAD:refs/heads/x']), /git push .* failed/);
  assert.equal(w.ran('local-askpass'), false);
  const askpass = w.script('user-askpass', 'case "$1" in Username*) echo user;; *) echo secret;; esac');
  w.globalConfig(['[core]', `\taskPass = ${askpass}`]);
  runGit(w.repo, ['push', '--quiet', 'origin', 'HEAD:refs/heads/asked']);
  assert.equal(w.ran('user-askpass'), true);
  assert.equal(w.ran('local-askpass'), false);
});

test('core.sshCommand: the repository\'s never runs, the user\'s global one does', (t) => {
  const w = world(t);
  git(w.repo, 'remote', 'set-url', 'origin', 'ssh://git@127.0.0.1:1/origin.git');
  setLocal(w.repo, 'core.sshCommand', w.script('local-ssh', 'exit 1'));
  w.globalConfig(['[core]', `\tsshCommand = ${w.script('user-ssh', 'exit 1')}`]);
  assert.throws(() => runGit(w.repo, ['ls-remote', 'origin']));
  assert.equal(w.ran('local-ssh'), false, 'the repository\'s sshCommand ran');
  assert.equal(w.ran('user-ssh'), true, 'the user\'s sshCommand was not used');
});

test('settings git cannot take back on its command line refuse remote operations, naming the key and the file', (t) => {
  for (const [key, value] of [
    ['url.ORIGIN.insteadOf', 'origin-alias:'],
    ['url.ORIGIN.pushInsteadOf', 'origin-alias:'],
    ['core.gitProxy', 'PROXY'],
    ['remote.origin.vcs', 'evil'],
    ['remote.origin.proxy', 'http://127.0.0.1:1'],
    ['http.proxy', 'http://127.0.0.1:1'],
    ['http.https://example.com/.proxy', 'http://127.0.0.1:1'],
    ['http.sslVerify', 'false'],
    ['http.curloptResolve', 'example.com:443:127.0.0.1'],
  ] as const) {
    const w = world(t);
    setLocal(w.repo, key.replace('ORIGIN', w.bare), value.replace('PROXY', w.script('proxy')));
    for (const args of [['ls-remote', 'origin'], ['fetch', 'origin'], ['push', 'origin', 'HEAD:refs/heads/x']]) {
      assert.throws(() => runGit(w.repo, args), (error: Error) => {
        assert.match(error.message, /remote operations refused: the repository's own git config sets/);
        assert.ok(error.message.toLowerCase().includes(`${key.split('.')[0]}.`), error.message);
        assert.match(error.message, /\.git\/config/);
        return true;
      }, `${key}: ${args.join(' ')}`);
    }
    assert.equal(w.ran('proxy'), false);
    assert.equal(git(w.bare, 'branch', '--list', 'x'), '', `${key}: nothing was pushed`);
  }
});

test('a url.insteadOf in an included file is refused naming that file; the user\'s global insteadOf still works', (t) => {
  const w = world(t);
  const included = join(w.dir, 'redirect.gitconfig');
  writeFileSync(included, `[url "${w.bare}"]\n\tinsteadOf = elsewhere:\n`);
  setLocal(w.repo, 'include.path', included);
  assert.throws(() => runGit(w.repo, ['fetch', 'origin']), (error: Error) => error.message.includes(`url.${w.bare}.insteadof (${included})`));
  git(w.repo, 'config', '--unset', 'include.path');
  w.globalConfig([`[url "${w.bare}"]`, '\tinsteadOf = mine:']);
  assert.match(runGit(w.repo, ['ls-remote', 'mine:']), /refs\/heads\/main/);
});

test('core.gitProxy of the repository is not run for a git:// remote (first match wins, so -c could not replace it)', (t) => {
  const w = world(t);
  // Only the refusal keeps it from running: plain git does run it.
  setLocal(w.repo, 'core.gitProxy', w.script('git-proxy', 'exit 1'));
  git(w.repo, 'remote', 'set-url', 'origin', 'git://127.0.0.1:1/origin.git');
  assert.throws(() => runGit(w.repo, ['ls-remote', 'origin']), /core\.gitproxy/);
  assert.equal(w.ran('git-proxy'), false);
  assert.throws(() => git(w.repo, 'ls-remote', 'origin'));
  assert.equal(w.ran('git-proxy'), true, 'plain git runs it');
});

test('a partial clone fetches missing objects by itself: with an upload-pack of the repository\'s own, every git command is refused and nothing runs', (t) => {
  const w = world(t);
  git(w.bare, 'config', 'uploadpack.allowFilter', 'true');
  const part = join(w.dir, 'part');
  git(w.dir, 'clone', '-q', '--filter=blob:none', '--no-checkout', `file://${w.bare}`, part);
  setLocal(part, 'remote.origin.uploadpack', `${w.script('lazy')}; git-upload-pack`);
  assert.throws(() => runGit(part, ['show', 'HEAD:a.txt']), /git refused in this partial clone .*remote\.origin\.uploadpack \(\.git\/config\)/);
  assert.equal(w.ran('lazy'), false, 'the lazy fetch ran the repository\'s upload-pack');
  assert.equal(git(part, 'show', 'HEAD:a.txt'), 'a\n', 'plain git fetches the missing blob');
  assert.equal(w.ran('lazy'), true, 'through the repository\'s upload-pack');
});
