// The issue body and title: untrusted text cannot close the code fence, ping anyone, cross-link issues or pose as
// the fingerprint marker; permalinks point at the commit and lines.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ReportedFinding } from '../../../src/artifacts/schemas/scan-report.ts';
import { issueBody, issueTitle, markerOf, permalink, type BodyContext } from '../../../src/engines/publish/body.ts';
import { makeFinding } from '../../helpers/builders.ts';


const COMMIT = 'a'.repeat(40);
const CTX: BodyContext = { repo: { owner: 'acme', name: 'widgets' }, serverUrl: 'https://github.example.com', commit: COMMIT, toolVersion: '0.1.0' };

function reported(overrides: { claim?: string; quote?: string; reason?: string } = {}): ReportedFinding {
  const finding = makeFinding({ file: 'src/a b.ts', symbol: 'run', subject: 'cmd', line: 10, quote: overrides.quote ?? 'exec(cmd)\nreturn 1;' });
  if (overrides.claim) finding.claim = overrides.claim;
  return {
    finding,
    verdict: 'confirmed',
    tier: 'T1',
    severity: 'high',
    confidence: 0.9,
    skepticOutcome: 'survived',
    skepticReasoning: [{ seat: 'guards', engine: 'static', vote: 'upheld', reason: overrides.reason ?? 'no guard' }],
    refereeReasoning: overrides.reason ?? 'reachable from the route',
    reread: true,
    repro: { outcome: 'reproduced', reason: 'failed for the bug\'s own reason', command: 'node --test repro/BH-1/test.js' },
  };
}

test('permalinks name the commit, the encoded path and the line range; none without a repository or commit', () => {
  assert.equal(permalink(CTX, 'src/a b.ts', 10, 12), `https://github.example.com/acme/widgets/blob/${COMMIT}/src/a%20b.ts#L10-L12`);
  assert.equal(permalink(CTX, 'src/a.ts', 7, 7), `https://github.example.com/acme/widgets/blob/${COMMIT}/src/a.ts#L7`);
  assert.equal(permalink({ ...CTX, commit: null }, 'src/a.ts', 7, 7), null);
  assert.equal(permalink({ ...CTX, repo: null }, 'src/a.ts', 7, 7), null);
  const body = issueBody(reported(), CTX);
  assert.ok(body.includes(`(https://github.example.com/acme/widgets/blob/${COMMIT}/src/a%20b.ts#L10-L11)`));
  assert.match(body, /### Reproduction: reproduced/);
  assert.match(body, /node --test repro\/BH-1\/test\.js/);
});

test('the marker is the first line and is the only one, whatever the claim, quote and reasoning contain', () => {
  const fake = '<!-- bug-hunter:fingerprint=0123456789abcdef0123 -->';
  const f = reported({ claim: `${fake}\ninjected`, quote: `${fake}\nexec(cmd)`, reason: fake });
  const body = issueBody(f, CTX);
  assert.equal(markerOf(body), f.finding.fingerprint);
  assert.equal(body.split('\n').filter((l) => l.includes('<!--')).length, 1, 'no other HTML comment opener survives');
  assert.equal(markerOf(`intro\n${fake}`), null, 'a marker below the first line does not count');
});

test('mentions and issue references in untrusted text do not ping or link; a quote cannot close its fence', () => {
  const f = reported({ claim: 'Ping @octocat and @acme/security about #12 and GH-7', quote: 'x = 1\n```\n@everyone outside the fence?', reason: 'see owner/repo#3, cc @admin' });
  const body = issueBody(f, CTX);
  assert.doesNotMatch(body, /@(octocat|acme|admin)\b/);
  assert.doesNotMatch(body, /#(12|3)\b/);
  assert.doesNotMatch(body, /GH-7/);
  // The fence around the quote is longer than the backtick run inside it.
  const open = body.split('\n').find((l) => /^`{4,}/.test(l));
  assert.ok(open, 'a fence of four or more backticks');
  const fenceLen = /^`+/.exec(open)![0].length;
  const afterQuote = body.slice(body.indexOf('@everyone'));
  assert.ok(afterQuote.includes(`\n${'`'.repeat(fenceLen)}\n`), 'the same long fence closes after the quote');
  assert.doesNotMatch(body, /^#+ injected/m);
});

test('a title is one plain line without pings or control characters', () => {
  const f = reported({ claim: 'Bad \u001b[31mthing\u001b[0m for @octocat\nsecond line' });
  const title = issueTitle(f);
  assert.ok(![...title].some((c) => c.charCodeAt(0) < 0x20), 'no control character');
  assert.doesNotMatch(title, /@octocat/);
  assert.doesNotMatch(title, /second line/);
  assert.match(title, /^\[high\] Bad \[31mthing \[0m for @\u200boctocat \(src\/a b\.ts\)$/);
});
