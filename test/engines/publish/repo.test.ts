// The repository to publish to, from a remote URL of any usual form; anything else is refused, not guessed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { UsageError } from '../../../src/foundations/errors.ts';
import { parseRemoteUrl, parseRepoFlag } from '../../../src/engines/publish/repo.ts';

test('https, ssh and scp-like remotes give host and owner/name; credentials are dropped', () => {
  const cases: [string, string, string][] = [
    ['https://github.com/acme/widgets.git', 'github.com', 'acme/widgets'],
    ['https://github.com/acme/widgets', 'github.com', 'acme/widgets'],
    ['https://x-access-token:secret@github.com/acme/widgets.git', 'github.com', 'acme/widgets'],
    ['git@github.com:acme/widgets.git', 'github.com', 'acme/widgets'],
    ['github.com:acme/widgets', 'github.com', 'acme/widgets'],
    ['ssh://git@github.com:22/acme/widgets.git', 'github.com', 'acme/widgets'],
    ['git://GitHub.com/acme/my.widgets.git/', 'github.com', 'acme/my.widgets'],
  ];
  for (const [url, host, slug] of cases) {
    const parsed = parseRemoteUrl(url);
    assert.ok(parsed, url);
    assert.equal(parsed.host, host, url);
    assert.equal(`${parsed.repo.owner}/${parsed.repo.name}`, slug, url);
    assert.ok(!JSON.stringify(parsed).includes('secret'));
  }
});

test('local paths, deeper paths and odd names are not repositories', () => {
  for (const url of ['/srv/git/widgets.git', '../widgets', 'file:///srv/acme/widgets.git', 'https://gitlab.com/group/sub/widgets.git', 'https://github.com/acme', 'git@github.com:acme/../x.git', 'https://github.com/acme/wid gets']) {
    assert.equal(parseRemoteUrl(url), null, url);
  }
});

test('--repo takes exactly owner/name', () => {
  assert.deepEqual(parseRepoFlag('acme/widgets'), { owner: 'acme', name: 'widgets' });
  for (const bad of ['acme', 'acme/widgets/x', '/widgets', 'acme/', 'ac me/widgets', 'acme/..']) assert.throws(() => parseRepoFlag(bad), UsageError, bad);
});
