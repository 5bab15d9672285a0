// What leaves the machine — SARIF for code scanning, JUnit for CI, the pull-request comment and the GitHub review —
// carries no secret quoted in a finding's evidence or claim, as report.md and report.html already do not.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderSarif } from '../../../src/engines/report/sarif.ts';
import { renderJunit } from '../../../src/engines/report/junit.ts';
import { renderPrComment } from '../../../src/engines/review/pr-comment.ts';
import { renderGitHubReview } from '../../../src/engines/review/github-review.ts';
import { joinStamped, doneChunks, hunterOf, noSuppressions, planOf, refereeOf, scoredAtTheirSeverity, skepticOf, triageOf, verificationOf } from './helpers.ts';
import { makeFinding } from '../../helpers/builders.ts';

const token = `ghp_${'R8'.repeat(18)}`;
const aws = 'AKIAQQZZ8888YYYY1234';
const keyBody = 'MIIEplantedkeybodyTwo';

function leakyReport() {
  const triage = triageOf([['src/a.ts']]);
  const quote = [`const token = '${token}';`, '-----BEGIN RSA PRIVATE KEY-----', keyBody, '-----END RSA PRIVATE KEY-----', `exec(cmd + '${aws}')`].join('\n');
  const leaky = { ...makeFinding({ file: 'src/a.ts', symbol: 'run', subject: 'cmd', line: 3, quote, severity: 'high' }) };
  leaky.claim = `${leaky.claim} (the token ${token} sits beside it)`;
  const { scanReport } = joinStamped({
    triage,
    plan: planOf(triage),
    hunter: hunterOf([leaky], doneChunks(triage)),
    skeptic: skepticOf([leaky]),
    referee: scoredAtTheirSeverity(refereeOf({}, [leaky])),
    verification: verificationOf([leaky.id]),
    suppressions: noSuppressions(),
    options: { failOn: 'low', showSuspected: false },
    durationMs: 0,
  });
  // The review is anchored on the commit the scan ran on.
  return { ...scanReport, run: { ...scanReport.run, baseCommit: 'a'.repeat(40) } };
}

test('SARIF, JUnit, the PR comment and the GitHub review redact a secret planted in evidence and claim', () => {
  const r = leakyReport();
  assert.ok(JSON.stringify(r).includes(token), 'the stored report holds the secret (the test plants it)');
  const outputs = {
    sarif: JSON.stringify(renderSarif(r)),
    junit: renderJunit(r),
    'pr comment': renderPrComment(r),
    'github review': JSON.stringify(renderGitHubReview(r)),
  };
  for (const [name, text] of Object.entries(outputs)) {
    for (const secret of [token, aws, keyBody]) assert.ok(!text.includes(secret), `${secret} is in the ${name}`);
  }
  assert.match(outputs.sarif, /\[REDACTED\]/);
  assert.match(outputs.junit, /\[REDACTED\]/);
});

test('redaction keeps SARIF locations and fingerprints: the same lines and partial fingerprints as without a secret', () => {
  const r = leakyReport();
  const sarif = renderSarif(r) as { runs: { results: { locations: { physicalLocation: { region: { startLine: number; endLine?: number } } }[]; partialFingerprints: Record<string, string> }[] }[] };
  const result = sarif.runs[0]!.results[0]!;
  const finding = r.findings[0]!.finding;
  assert.equal(result.locations[0]!.physicalLocation.region.startLine, finding.startLine);
  assert.deepEqual(Object.values(result.partialFingerprints), [finding.fingerprint]);
});
