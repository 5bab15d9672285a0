// The pure part of the repository-config rules (src/engines/git/repo-config.ts): parsing git's -z listing, which flag names
// upload-pack/receive-pack for which remote, and which helpers are given back to the user after the reset.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { packFlag, parseConfigList, repositoryOverrides, type ConfigEntry } from '../../../src/engines/git/repo-config.ts';

const entry = (scope: string, key: string, value: string | null, origin = scope === 'local' ? 'file:.git/config' : 'file:/home/u/.gitconfig'): ConfigEntry => ({ scope, origin, key, value });

test('parseConfigList reads scope, origin, key and value; a value may hold newlines, a bare key has none', () => {
  const out = 'global\0file:/h/.gitconfig\0user.name\nA\0local\0file:.git/config\0core.bare\0local\0file:/x.cfg\0alias.x\nline one\nline two\0';
  assert.deepEqual(parseConfigList(out), [
    { scope: 'global', origin: 'file:/h/.gitconfig', key: 'user.name', value: 'A' },
    { scope: 'local', origin: 'file:.git/config', key: 'core.bare', value: null },
    { scope: 'local', origin: 'file:/x.cfg', key: 'alias.x', value: 'line one\nline two' },
  ]);
});

test('packFlag: only when the repository sets one; the user\'s own value for the named remote, else git\'s program', () => {
  const local = [entry('local', 'remote.origin.uploadpack', 'touch x'), entry('local', 'remote.origin.receivepack', 'touch y')];
  assert.equal(packFlag([], ['fetch', 'origin']), null);
  assert.equal(packFlag(local, ['fetch', '--quiet', '--end-of-options', 'origin', 'main']), '--upload-pack=git-upload-pack');
  assert.equal(packFlag(local, ['ls-remote', '--symref', 'origin', 'HEAD']), '--upload-pack=git-upload-pack');
  assert.equal(packFlag(local, ['push', '--quiet', 'origin', 'a:b']), '--receive-pack=git-receive-pack');
  assert.equal(packFlag(local, ['status']), null);
  const mine = [entry('global', 'remote.origin.uploadpack', '/opt/my-upload-pack'), ...local];
  assert.equal(packFlag(mine, ['fetch', 'origin']), '--upload-pack=/opt/my-upload-pack');
  assert.equal(packFlag(mine, ['fetch', 'other']), '--upload-pack=git-upload-pack', 'another remote gets git\'s own');
});

test('repositoryOverrides: nothing when the repository sets nothing; else a reset and the user\'s helpers in order', () => {
  const user = [entry('system', 'credential.https://a.example.helper', 'sys'), entry('global', 'credential.helper', 'store')];
  assert.deepEqual(repositoryOverrides(user), []);
  assert.deepEqual(repositoryOverrides([...user, entry('local', 'credential.helper', '!touch x')]), ['credential.helper=', 'credential.https://a.example.helper=sys', 'credential.helper=store']);
  assert.deepEqual(repositoryOverrides([entry('local', 'core.sshcommand', 'evil'), entry('local', 'core.askpass', 'evil')]), ['core.sshcommand=ssh', 'core.askpass=']);
  assert.deepEqual(repositoryOverrides([entry('global', 'core.sshcommand', 'ssh -i k'), entry('local', 'core.sshcommand', 'evil')]), ['core.sshcommand=ssh -i k']);
});
