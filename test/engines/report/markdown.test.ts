import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { JoinInputs } from '../../../src/engines/report/join.ts';
import { renderMarkdown } from '../../../src/engines/report/markdown.ts';
import { renderList, renderShow } from '../../../src/engines/report/terminal.ts';
import { joinStamped, doneChunks, hunterOf, noSuppressions, planOf, refereeOf, scoredAtTheirSeverity, skepticOf, triageOf, verificationOf, reproductionsOf } from './helpers.ts';
import { makeFinding } from '../../helpers/builders.ts';

const a = makeFinding({ file: 'src/a.ts', symbol: 'run', subject: 'cmd', line: 3, quote: 'exec(`ls ${cmd}`)\nreturn ```x```', severity: 'high' });
const triage = triageOf([['src/a.ts'], ['src/b.ts']]);

function report(overrides: Partial<JoinInputs>) {
  return joinStamped({
    triage,
    plan: planOf(triage),
    hunter: hunterOf([], doneChunks(triage)),
    skeptic: skepticOf([]),
    referee: refereeOf({}, []),
    suppressions: noSuppressions(),
    options: { failOn: 'low', showSuspected: false },
    durationMs: 0,
    ...overrides,
  }).scanReport;
}

const CLEAN = /Result: clean/;

test('a clean run says clean, and only then', () => {
  const md = renderMarkdown(report({}));
  assert.match(md, CLEAN);
  assert.match(md, /Every in-scope file \(2\) was scanned/);
});

test('never clean while a finding is unreviewed', () => {
  const md = renderMarkdown(report({ hunter: hunterOf([a], doneChunks(triage)), skeptic: skepticOf([a]), referee: refereeOf({ [a.id]: 'unreviewed' }, [a]) }));
  assert.doesNotMatch(md, CLEAN);
  assert.match(md, /Result: NOT CLEAN\*\* — 1 finding not reviewed/);
  assert.match(md, /## Unreviewed findings/);
});

test('never clean while a chunk failed, and the uncovered files are listed with why', () => {
  const chunks = doneChunks(triage);
  chunks[1] = { ...chunks[1]!, status: 'failed', error: 'hash changed' };
  const md = renderMarkdown(report({ hunter: hunterOf([], chunks) }));
  assert.doesNotMatch(md, CLEAN);
  assert.match(md, /1 chunk failed/);
  assert.match(md, /\| src\/b\.ts \| failed \| chunk-002 failed: hash changed \|/);
});

test('never clean while a chunk never ran', () => {
  const md = renderMarkdown(report({ plan: planOf(triage, undefined, ['chunk-001']), hunter: hunterOf([], doneChunks(triage).slice(0, 1)) }));
  assert.doesNotMatch(md, CLEAN);
  assert.match(md, /1 of 2 in-scope files not covered/);
  assert.match(md, /\| src\/b\.ts \| unreviewed \|/);
});

test('the summary table comes first, then confirmed findings with excerpt, reasoning and the T1 repro command', () => {
  const md = renderMarkdown(report({ hunter: hunterOf([a], doneChunks(triage)), skeptic: skepticOf([a]), referee: scoredAtTheirSeverity(refereeOf({}, [a])), verification: verificationOf([a.id]), reproductions: reproductionsOf([a.id]) }));
  const table = md.indexOf('| Run status |');
  const findings = md.indexOf('## Confirmed findings');
  assert.ok(table > 0 && table < findings, 'summary table before the findings');
  assert.match(md, /### High \(1\)/);
  assert.match(md, new RegExp(`#### ${a.id} — cmd reaches a sink unchecked`));
  assert.match(md, /T1 reproduced/);
  assert.ok(md.includes(`**Reproduce:** \`node --test repro/${a.id}/repro.test.js\``));
  // The quote holds a run of three backticks: the fence must be longer so it cannot close early.
  assert.ok(md.includes('````ts\n3 | exec(`ls ${cmd}`)\n4 | return ```x```\n````'));
  assert.match(md, /skeptic guards \(static\): \*\*upheld\*\* — no guard on the path/);
  assert.match(md, /referee \(static, re-read the source\): \*\*confirmed\*\* — input flows to the sink/);
});

test('suppressed findings appear only in their own section', () => {
  const suppressions = { ...noSuppressions(), entries: [{ fingerprint: a.fingerprint, reason: 'only in tests', by: 'Ann', at: '2025-01-02T00:00:00.000Z' }] };
  const md = renderMarkdown(report({ hunter: hunterOf([a], doneChunks(triage)), skeptic: skepticOf([a]), referee: refereeOf({}, [a]), suppressions }));
  assert.match(md, CLEAN);
  assert.doesNotMatch(md, /#### BH-/);
  assert.match(md, /## Suppressed \(1\)/);
  assert.match(md, /suppressed by a dismissal on this machine .* by Ann on 2025-01-02: "only in tests"/);
  assert.match(md, /Result: clean.*1 finding suppressed/);
});

test('a secret planted beside a finding, quoted in its evidence and repeated in its claim, reaches neither report.md nor report show', () => {
  const token = `ghp_${'Q7'.repeat(18)}`;
  const aws = 'AKIAQQZZ7777XXXX5678';
  const quote = [`const token = '${token}';`, '-----BEGIN RSA PRIVATE KEY-----', 'MIIEplantedkeybody', '-----END RSA PRIVATE KEY-----', `exec(cmd + '${aws}')`].join('\n');
  const leaky = { ...makeFinding({ file: 'src/a.ts', symbol: 'run', subject: 'cmd', line: 3, quote, severity: 'high' }) };
  leaky.claim = `${leaky.claim} (the token ${token} sits beside it)`;
  const r = report({ hunter: hunterOf([leaky], doneChunks(triage)), skeptic: skepticOf([leaky]), referee: scoredAtTheirSeverity(refereeOf({}, [leaky])), verification: verificationOf([leaky.id]) });
  assert.ok(JSON.stringify(r).includes(token), 'the stored report holds the secret (the test plants it)');
  const md = renderMarkdown(r);
  const shown = renderShow(r.findings[0]!, { colour: false });
  const list = renderList(r, { colour: false, showSuspected: true });
  for (const [name, text] of [['report.md', md], ['report show', shown], ['report list', list]] as const) {
    for (const secret of [token, aws, 'MIIEplantedkeybody']) assert.ok(!text.includes(secret), `${secret} is in ${name}`);
  }
  assert.match(md, /\[REDACTED\]/);
  assert.match(shown, /\[REDACTED\]/);
  // The quote keeps its line count: the marked lines still match the file's numbering.
  assert.match(md, /7 \| exec\(cmd \+ '\[REDACTED\]'\)/);
});
