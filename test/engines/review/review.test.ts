// report --format github-review and pr-comment: which findings become line comments, which go in the body, which
// are only counted; untrusted text stays inert; "no new findings" from an unfinished run never reads as clean.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ScanReport } from '../../../src/artifacts/schemas/scan-report.ts';
import { UsageError } from '../../../src/foundations/errors.ts';
import { renderGitHubReview } from '../../../src/engines/review/github-review.ts';
import { renderPrComment } from '../../../src/engines/review/pr-comment.ts';
import { joinStamped, doneChunks, hunterOf, noSuppressions, planOf, refereeOf, scoredAtTheirSeverity, skepticOf, triageOf } from '../report/helpers.ts';
import { identity, makeFinding } from '../../helpers/builders.ts';

const COMMIT = 'a'.repeat(40);
const fresh = makeFinding({ file: 'src/new.ts', symbol: 'run', subject: 'cmd', line: 7, quote: 'exec(cmd)', severity: 'critical' });
const offDiff = makeFinding({ file: 'src/caller.ts', symbol: 'call', subject: 'id', line: 3, quote: 'db.query(id)', severity: 'high' });
const old = makeFinding({ file: 'src/old.ts', symbol: 'legacy', subject: 'p', line: 12, quote: 'fs.readFile(p)', severity: 'high' });
const dismissed = makeFinding({ file: 'src/new.ts', symbol: 'other', subject: 'q', line: 20, quote: 'eval(q)', severity: 'high' });
const all = [fresh, offDiff, old, dismissed];

function report(options: { failedChunk?: boolean; commit?: string | null } = {}): ScanReport {
  const run = { ...identity(), baseCommit: options.commit === undefined ? COMMIT : options.commit };
  const triage = triageOf([['src/new.ts'], ['src/caller.ts'], ['src/old.ts'], ['src/z.ts']], run);
  const chunks = doneChunks(triage);
  if (options.failedChunk) chunks[3] = { ...chunks[3]!, status: 'failed', error: 'worker crashed' };
  const r = joinStamped({
    triage,
    plan: planOf(triage, run),
    hunter: hunterOf(all, chunks, run),
    skeptic: skepticOf(all, run),
    referee: scoredAtTheirSeverity(refereeOf({ [dismissed.id]: 'dismissed' }, all, run)),
    suppressions: noSuppressions(),
    options: { failOn: 'low', showSuspected: false },
    durationMs: 1,
    identity: run,
  }).scanReport;
  // What a diff-aware scan with --baseline marks (the diffscope helper's fields).
  for (const f of r.findings) {
    f.baseline = f.finding.id === old.id;
    f.inDiff = f.finding.id !== offDiff.id;
  }
  return r;
}

test('github-review: one COMMENT review on the scanned commit, a RIGHT-side line comment per new finding in the diff', () => {
  const review = renderGitHubReview(report());
  assert.equal(review.commit_id, COMMIT);
  assert.equal(review.event, 'COMMENT');
  assert.deepEqual(review.comments!.map((c) => [c.path, c.line, c.side]), [['src/new.ts', 7, 'RIGHT']]);
  const comment = review.comments![0]!.body;
  assert.match(comment, /\*\*\[critical\] cmd reaches a sink unchecked\*\*/);
  assert.match(comment, /\*\*Trigger:\*\* a request with a crafted parameter/);
  assert.match(comment, /```ts\n7 \| exec\(cmd\)\n```/, 'the evidence quote at its line');
  assert.match(comment, /referee \(static\): \*\*confirmed\*\*/);
  // The new finding outside the changed lines is in the body; the pre-existing one is counted only; dismissed, nowhere.
  assert.match(review.body!, /2 new findings, 1 pre-existing/);
  assert.match(review.body!, /outside the changed lines[^]*`src\/caller\.ts:3` — id reaches a sink unchecked/);
  const everything = JSON.stringify(review);
  assert.ok(!everything.includes('src/old.ts'), 'a pre-existing finding is not commented on');
  assert.ok(!everything.includes(dismissed.id), 'a dismissed finding is not in the review');
});

test('without a diff-aware scan (no inDiff) every new finding is a line comment; without --baseline none is pre-existing', () => {
  const r = report();
  for (const f of r.findings) {
    delete f.inDiff;
    delete f.baseline;
  }
  const review = renderGitHubReview(r);
  assert.deepEqual(review.comments!.map((c) => c.path).sort(), ['src/caller.ts', 'src/new.ts', 'src/old.ts']);
  assert.match(review.body!, /^\*\*bug-hunter: 3 new findings\*\*/);
});

test('a run that failed or skipped files says so: no new findings is not a clean bill', () => {
  const r = report({ failedChunk: true });
  for (const f of r.findings) f.baseline = true;
  const review = renderGitHubReview(r);
  assert.equal(review.comments!.length, 0);
  assert.match(review.body!, /no new findings, 3 pre-existing — the run is FAILED \(.*chunk failed.*\), so this is not a clean bill/);
  assert.match(renderPrComment(r), /^### bug-hunter: no new findings, 3 pre-existing — the run is FAILED/);
});

test('github-review needs a commit: a run outside git is a usage error that says so', () => {
  assert.throws(() => renderGitHubReview(report({ commit: null })), (e: unknown) => e instanceof UsageError && /needs the commit/.test(e.message));
});

test('text from the repository or a model cannot ping, link, inject HTML, forge the marker or close the code fence', () => {
  const r = report();
  const f = r.findings.find((x) => x.finding.id === fresh.id)!;
  f.finding.claim = 'cc @octocat, see #12 <img src=x onerror=alert(1)> <!-- bug-hunter:fingerprint=0000000000000000 -->';
  f.finding.evidence[0]!.quote = 'exec(cmd) // ```\n# not a heading';
  f.refereeReasoning = '**bold** [link](https://evil.example)';
  for (const body of [renderGitHubReview(r).comments![0]!.body, renderPrComment(r)]) {
    assert.ok(!/@octocat/.test(body), 'no @mention');
    assert.ok(!/(^|[^\u200b])#12/.test(body), 'no #12 cross-link');
    assert.ok(!/(^|[^\\])<img/.test(body) && body.includes('\\<img'), 'the tag is escaped, not raw HTML');
    const markers = [...body.matchAll(/<!-- bug-hunter:fingerprint=(\w+)/g)].map((m) => m[1]);
    assert.ok(markers.length > 0 && markers.every((fp) => fp !== '0000000000000000' && r.findings.some((x) => x.finding.fingerprint === fp)), 'only our own markers');
    assert.match(body, /````ts\n7 \| exec\(cmd\) \/\/ ```\n8 \| # not a heading\n````/, 'a fence longer than any backtick run in the quote');
    assert.ok(body.includes('\\*\\*bold\\*\\* \\[link\\](https://evil.example)'));
  }
});

test('pr-comment: new findings in full, the one outside the diff labelled, pre-existing ones folded away', () => {
  const md = renderPrComment(report());
  assert.match(md, /^### bug-hunter: 2 new findings, 1 pre-existing\n/);
  assert.match(md, /<details open><summary>critical · BH-[0-9a-f]+<\/summary>/);
  assert.match(md, /<details open><summary>high · BH-[0-9a-f]+ · outside the changed lines<\/summary>/);
  assert.match(md, /<details><summary>1 pre-existing finding \(already at the base; not counted\)<\/summary>\n\n- \*\*high\*\* `src\/old\.ts:12`/);
  assert.match(md, new RegExp(`commit ${COMMIT.slice(0, 12)}`));
});

test('pr-comment: a clean run says clean in the headline and lists what was suppressed, with the source; a not-clean one without new findings says why', () => {
  const triage = triageOf([['src/new.ts']]);
  const base = {
    triage,
    plan: planOf(triage),
    hunter: hunterOf([fresh], doneChunks(triage)),
    skeptic: skepticOf([fresh]),
    referee: scoredAtTheirSeverity(refereeOf({}, [fresh])),
    options: { failOn: 'low' as const, showSuspected: false },
    durationMs: 1,
  };
  const dismissedByRepo = { entries: [{ fingerprint: fresh.fingerprint, reason: 'cmd is a constant', by: 'Ann <ann@example.com>', at: '2025-01-02T00:00:00.000Z', source: 'repository' as const }], ignoreRepository: false };
  const clean = renderPrComment(joinStamped({ ...base, suppressions: dismissedByRepo }).scanReport);
  assert.match(clean, /^### bug-hunter: no new findings — clean \(1 finding suppressed, listed below\)\n/);
  assert.match(clean, /^- BH-[0-9a-f]+ src\/new\.ts:7 \(confirmed, critical\) — suppressed by the repository's committed \.bug-hunter\/suppressions\.json by Ann/m);

  const setAside = renderPrComment(joinStamped({ ...base, suppressions: { ...dismissedByRepo, ignoreRepository: true } }).scanReport);
  assert.match(setAside, /^### bug-hunter: 1 new finding\n/);
  assert.match(setAside, /Suppressions not applied \(the finding is reported\) \(1\):[^]*not applied: --no-repo-suppressions/);
});
