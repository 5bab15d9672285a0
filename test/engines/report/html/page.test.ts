// report.html as text: every section and finding is there under its stable id, hostile strings from file names, model
// text and the run id are escaped (the only scripts are the page's own, allowed by their hash), and the secrets
// planted beside a finding and in the reproduction's output are redacted.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { unpackBodies } from '../../../../src/engines/report/html/page.ts';
import { HOSTILE_FILE, HOSTILE_RUN, PLANTED, richRun } from './fixture.ts';

const hash = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

test('every finding has its section and stable id, with its evidence lines around it and the proof of the T1 one', (t) => {
  const { page, ids } = richRun(t);
  for (const id of Object.values(ids)) assert.equal(page.split(`id="${id}"`).length - 1, 1, `${id} appears once as an id`);
  for (const section of ['confirmed-h', 'manual-review-h', 'unreviewed-h', 'dismissed-h', 'threat-h', 'coverage-h']) assert.ok(page.includes(`id="${section}"`), section);
  assert.match(page, /Proof: reproduced \(T1\)/);
  assert.match(page, /injected command ran/);
  assert.match(page, /<svg [^>]*id="dfd"/);
  // Line 5 is the quote; lines 1-4 and 6-7 around it are shown too (the file has 7 lines, the last empty).
  assert.match(page, /<code>1  import \{ exec \}[^\n]*\n2  const token = &#39;\[REDACTED\]&#39;;\n/);
  assert.match(page, /<mark>5    exec\(req\.query\.cmd\);\n<\/mark>6  \}\n7  \n<\/code>/);
});

for (const inlineBodies of [200, 0]) {
test(`hostile names and text are escaped (bodies ${inlineBodies ? 'inline' : 'in a data block'}): only the page's own script and data blocks, no markup, no comment, no control character`, (t) => {
  const { page } = richRun(t, undefined, { inlineBodies });
  assert.equal(page.match(/<script/g)?.length, 3);
  assert.equal(page.match(/<\/script/gi)?.length, 3);
  assert.doesNotMatch(page, /<img|<link rel="stylesheet"|<!--/i);
  // oxlint-disable-next-line no-control-regex -- matching control characters is the point
  assert.doesNotMatch(page, /[\x00-\x08\x0b-\x1f\x7f]/);
  assert.ok(page.includes('&lt;img src=x onerror=alert(1)&gt;'), 'the file name and model text are shown as text');
  if (inlineBodies) assert.ok(page.includes('&lt;script&gt;alert(2)&lt;/script&gt;'), 'the model text is shown as text');
  const data = /<script type="application\/json" id="bh-data">([^<]*)<\/script>/.exec(page)?.[1];
  assert.ok(data, 'the data block is closed by its own </script>');
  const parsed = JSON.parse(data) as { runId: string; findings: { file: string }[] };
  assert.equal(parsed.runId, HOSTILE_RUN);
  assert.ok(parsed.findings.some((f) => f.file === HOSTILE_FILE));
  for (const secret of [...Object.values(PLANTED), 'MIIEsecretbody']) assert.ok(!page.includes(secret), `${secret} is in the page`);
  if (!inlineBodies) {
    // The packed bodies hold the same escaped markup: unpacked, they pass the same checks as the inline page.
    const packed = /<script type="text\/plain" id="bh-bodies">([A-Za-z0-9+/=]*)<\/script>/.exec(page)?.[1];
    assert.ok(packed, 'the bodies block is base64 only');
    const bodies = Object.values(unpackBodies(packed)).join('\n');
    assert.match(bodies, /figure class="evidence"/);
    assert.ok(bodies.includes('&lt;script&gt;alert(2)&lt;/script&gt;'), 'the model text is shown as text');
    assert.doesNotMatch(bodies, /<script|<img|<!--/i);
    for (const secret of [...Object.values(PLANTED), 'MIIEsecretbody']) assert.ok(!bodies.includes(secret), `${secret} is in the packed bodies`);
    assert.ok(bodies.includes('[REDACTED]'));
  }
});
}

test('the CSP allows exactly the page\'s own style and script by hash, and nothing else', (t) => {
  const { page } = richRun(t);
  const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(page)?.[1] ?? '';
  const style = /<style>([\s\S]*?)<\/style>/.exec(page)?.[1] ?? '';
  const script = /<script>([\s\S]*?)<\/script>/.exec(page)?.[1] ?? '';
  assert.ok(style && script);
  assert.equal(csp, `default-src 'none'; script-src ${hash(script)}; style-src ${hash(style)}; img-src data:; base-uri 'none'; form-action 'none'`);
  assert.doesNotMatch(page, /<[a-z][^<>]*\s(style|on[a-z]+)=/i, 'no inline style or event attribute (the CSP would refuse them)');
});

test('secrets planted beside a finding, in model text and in the reproduction output never reach the page', (t) => {
  const { page } = richRun(t);
  for (const secret of [...Object.values(PLANTED), 'MIIEsecretbody']) assert.ok(!page.includes(secret), `${secret} is in the page`);
  assert.ok(page.includes('[REDACTED]'));
});
