// The draft pull request's body as GitHub would render it (marked, a CommonMark/GFM renderer): the review brief is a
// list, one item per remark, and a reviewer's text stays inert (no disguised link, no HTML, no ping).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { marked } from 'marked';
import { pullRequestBody } from '../../../src/commands/work/pr-body.ts';
import { panelReview } from '../../../src/commands/work/review-panel.ts';

const PROOF = { before: { outcome: 'failed', detail: 'repro failed' }, after: { outcome: 'passed', detail: 'repro passed' }, suite: { command: 'npm test', passed: 3, total: 3 } } as const;
const html = (brief: string) => marked.parse(pullRequestBody({ issue: 7, proof: PROOF, gates: [], reviewBrief: brief, attempt: 1, maxAttempts: 3 }), { async: false, gfm: true });
const review = (text: string) => text.slice(text.indexOf('<h3>Review</h3>'));

test('the review brief renders as a list, one item per remark, not as one paragraph of escaped dashes', () => {
  const brief = ['- scope-checker: no remarks', '- **failed** spec-compliance: the fix does not cover `clamp(11, 0, 10)`', '- did not run: security (no model)'].join('\n');
  const out = review(html(brief));
  assert.doesNotMatch(out, /\\-/);
  const items = [...out.matchAll(/<li>(.*?)<\/li>/gs)].map((m) => m[1]!);
  assert.equal(items.length, 3, out);
  assert.match(items[0]!, /^scope-checker: no remarks$/);
  assert.match(items[1]!, /^<strong>failed<\/strong> spec-compliance: the fix does not cover /);
  assert.match(items[2]!, /did not run: security/);
});

test("a reviewer's remark stays inert in the list: no disguised link, no HTML, no ping", () => {
  const brief = panelReview({
    finding: { finding: { file: 'a.js', startLine: 1, endLine: 1 } },
    entry: { files: [] },
    margin: 0,
    changes: [],
    proof: PROOF,
  } as unknown as Parameters<typeof panelReview>[0], [{ reviewer: 'red-team', passed: false, remarks: ['see [here](https://evil.example) <img src=x> @someone #12'] }]).brief;
  const out = review(html(brief));
  // A bare URL is autolinked as on GitHub (its text is the URL); a link disguised behind other words is not made.
  assert.doesNotMatch(out, /<a [^>]*>here<\/a>|<img/);
  assert.match(out, /<li><strong>failed<\/strong> red-team: see \[here\]/);
});
