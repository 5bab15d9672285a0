// work-report.html: the fix queue's summary page. As text: hostile issue titles, branch names, reasons, model remarks
// and suite output stay text, secrets are redacted, a non-http pull request URL is no link, and the CSP allows only the
// page's hashed stylesheet. In headless Chromium, from a real `work` run (real git with a bare origin, the GitHub
// stand-in, the fix proven in bubblewrap): what a person sees (what needs them, each issue's outcome and proof), no
// request when opened (every request refused and counted), and no serious or critical axe-core violation.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { validate } from '../../../src/artifacts/validate.ts';
import { WorkReport } from '../../../src/artifacts/schemas/work-report.ts';
import { startHalt } from '../../../src/commands/work/halt.ts';
import { renderWorkHtml } from '../../../src/commands/work/report-html.ts';
import { workReportOf } from '../../../src/commands/work/report.ts';
import { axeViolations, chromiumAvailable, closeBrowser, openFile } from '../../helpers/browser.ts';
import { identity, ZERO_RUN } from '../../helpers/builders.ts';
import { assertAvailable, skipWithout } from '../../helpers/ci-skip.ts';
import { MARKUP, CLEAR } from '../../untrusted/hostile-strings.ts';
import { GOOD } from '../../engines/fix/helpers.ts';
import { queueWorld } from './queue-setup.ts';

const skip = skipWithout(chromiumAvailable, 'chromium');
after(closeBrowser);

const SECRET = { github: `ghp_${'W8'.repeat(18)}`, aws: 'AKIAWWQQ8888XXXX4321' };
const CLOSER = '</script><script>window.__pwned=1</script><!--';
const hash = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

function hostileReport(): WorkReport {
  const run = { ...identity({ ...ZERO_RUN, repoRoot: '/repo', baseCommit: 'a'.repeat(40) }), runId: `run ${CLOSER}` };
  return workReportOf({
    run,
    repository: 'acme/widgets',
    apiUrl: 'http://127.0.0.1:1',
    dryRun: false,
    baseBranch: `main${MARKUP}`,
    status: 'complete',
    halt: startHalt(),
    refused: [{ number: 9, why: `closed ${CLOSER}` }],
    promotion: { promote: [4], waiting: [{ number: 5, on: [4] }], unknown: [], cycles: [] },
    issues: [
      {
        issue: 7,
        title: `clamp ${MARKUP} ${CLOSER}`,
        outcome: 'pr-opened',
        reason: `fixed; the fixer said ${CLEAR}${MARKUP} with ${SECRET.github}`,
        fingerprint: '0123456789abcdef',
        findingId: 'BH-1',
        branch: `bug-hunter/gh-7-<img src=x>`,
        baseCommit: 'a'.repeat(40),
        commit: 'b'.repeat(40),
        attempts: [{ outcome: 'passed', reason: `commit message: ${CLOSER}` }],
        proof: { before: { outcome: 'failed', detail: 'Error: lo returned' }, after: { outcome: 'passed', detail: 'ok' }, suite: { command: 'node --test', passed: 12, total: 12 } },
        gates: [{ gate: 'files', passed: true, figure: 1, limit: 15, detail: `1 file <b>changed</b>` }],
        suiteRuns: [{ when: 'attempt 1', lines: ['repro BH-1: passed'], output: `token=${SECRET.aws}\n-----BEGIN RSA PRIVATE KEY-----\nMIIEworkkeybody\n-----END RSA PRIVATE KEY-----\n${CLOSER}` }],
        review: { passed: true, reviewers: [{ reviewer: 'spec-compliance', passed: true, remarks: [`looks fine ${MARKUP}`] }], notRun: [], brief: '' },
        pullRequest: { number: 3, url: 'javascript:alert(document.domain)' },
        selfReview: { outcome: 'needs-human', why: `remark ${MARKUP}`, remarks: [{ tag: 'needs_human', file: 'src/<x>.js', line: 2, remark: `check ${CLOSER}` }], rounds: 0, commented: true },
        pushed: true,
        labelled: ['auto-pr-ready'],
        commented: true,
      },
      { issue: 8, title: 'gated one', outcome: 'gated', failure: 'gate', reason: 'too many files', fingerprint: null, findingId: null, branch: null, baseCommit: null, commit: null, attempts: [], proof: null, gates: [{ gate: 'files', passed: false, figure: 20, limit: 15, detail: '20 files' }], review: null, pullRequest: null, pushed: false, labelled: ['auto-failed'], commented: true },
    ],
  });
}

test('work-report.html as text: hostile titles, branches, reasons, remarks and output stay text; secrets redacted; no script; only the hashed stylesheet', () => {
  const report = hostileReport();
  const valid = validate(WorkReport, report);
  assert.ok(valid.ok, JSON.stringify(valid));
  const page = renderWorkHtml(report);
  assert.doesNotMatch(page, /<script|<img|<b>|<!--|<a href="(?!#)/i, "no markup from the text, and no link but the page's own anchors");
  // oxlint-disable-next-line no-control-regex -- matching control characters is the point
  assert.doesNotMatch(page, /[\x00-\x08\x0b-\x1f\x7f]/);
  for (const secret of [...Object.values(SECRET), 'MIIEworkkeybody']) assert.ok(!page.includes(secret), `${secret} is in the page`);
  assert.ok(page.includes('[REDACTED]'));
  assert.ok(page.includes('&lt;/script&gt;&lt;script&gt;window.__pwned=1&lt;/script&gt;&lt;!--'), 'the closer shows as text');
  assert.ok(page.includes('bug-hunter/gh-7-&lt;img src=x&gt;'));
  const style = /<style>([\s\S]*?)<\/style>/.exec(page)?.[1] ?? '';
  const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(page)?.[1];
  assert.equal(csp, `default-src 'none'; style-src ${hash(style)}; img-src data:; base-uri 'none'; form-action 'none'`);
  assert.doesNotMatch(page, /<[a-z][^<>]*\s(style|on[a-z]+)=/i, 'no inline style or event attribute');
  // What needs a person: the draft to review (with the self-review's word) and the gated issue, each linked to its part.
  const people = /<section aria-labelledby="people-h">([\s\S]*?)<\/section>/.exec(page)?.[1] ?? '';
  assert.match(people, /Needs a person \(2\)/);
  assert.match(people, /<a href="#issue-7">#7<\/a>.*review draft pull request #3 before merging \(self-review: needs-human/);
  assert.match(people, /<a href="#issue-8">#8<\/a>.*stays open, auto-failed: too many files/);
  assert.match(page, /id="issue-7"/);
  assert.match(page, /The suite: 12 of 12 passing/);
  assert.match(page, /<td>#3<\/td>/, 'a pull request URL that is not http(s) is shown, not linked');
});

test('a real `work` run writes work-report.html beside work-report.md: in Chromium it shows what needs a person and the proof, makes no request and is accessible', { skip }, async (t) => {
  assertAvailable(chromiumAvailable, 'chromium');
  const w = await queueWorld(t, [GOOD]);
  const issue = w.queueIssue({ title: `clamp returns lo ${CLOSER}` });
  const r = await w.work();
  assert.equal(r.code, 0, r.stderr + r.stdout);
  assert.ok(existsSync(join(w.outDir, 'work-report.md')));
  const file = join(w.outDir, 'work-report.html');
  const text = readFileSync(file, 'utf8');
  assert.doesNotMatch(text, /<script/i);

  const opened = await openFile(t, file);
  const { page } = opened;
  assert.match(await page.locator('#verdict').innerText(), /^1 issue needs a person\. Status complete — 1 issue: 1 pr-opened\./);
  const people = await page.locator('section[aria-labelledby="people-h"] li').allInnerTexts();
  assert.equal(people.length, 1);
  assert.ok(people[0]!.toLowerCase().includes(`#${issue.number} pr-opened clamp returns lo ${CLOSER}: review draft pull request #`.toLowerCase()), people[0]);
  const article = page.locator(`#issue-${issue.number}`);
  const seen = await article.innerText();
  assert.ok(seen.includes(`#${issue.number} clamp returns lo ${CLOSER}`), 'the hostile title shows as text');
  assert.match(seen, /Before the fix: failed/);
  assert.match(seen, /After the fix: passed/);
  assert.match(seen, /The suite: (\d+) of \1 passing/);
  assert.match(seen, /red-green\s+passed/);
  assert.match((await article.locator('a[rel="noreferrer"]').getAttribute('href')) ?? '', /^https:\/\/github\.com\/acme\/widgets\/pull\/\d+$/, 'the draft pull request is linked (following it is the person\'s choice; opening the page fetches nothing)');
  assert.equal(await page.locator('main script, main img').count(), 0);
  assert.equal(await page.evaluate(() => (globalThis as { __pwned?: number }).__pwned), undefined);
  // Following the link to the issue's part stays on the page.
  await page.locator(`section[aria-labelledby="people-h"] a[href="#issue-${issue.number}"]`).click();
  assert.match(page.url(), new RegExp(`#issue-${issue.number}$`));

  assert.deepEqual(opened.requests.map((u) => u.split('#')[0]), [opened.url.split('#')[0]], 'the page made no request but its own document');
  assert.deepEqual(opened.errors, [], 'no console error (a CSP refusal is one) and no page error');
  const grave = (await axeViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
  assert.deepEqual(grave, [], 'axe-core found serious or critical violations');
});
