// report.html in real headless Chromium: a real scan of the demo, and a run with a T1 proof, hostile names and model
// text and planted secrets. What a person sees (the verdict, a finding's evidence after a click, the proof panel, the
// diagram), the filter state kept in the URL, no request besides the page itself (and none to a beacon server the
// hostile text points at), no script but the page's own, and no serious or critical axe-core violation.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, existsSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { assertAvailable, skipWithout } from '../../../helpers/ci-skip.ts';
import { axeViolations, chromiumAvailable, closeBrowser, openFile, type OpenedPage } from '../../../helpers/browser.ts';
import { spawnCli } from '../../../helpers/cli.ts';
import { tempDir } from '../../../helpers/temp.ts';
import { MARKUP } from '../../../untrusted/hostile-strings.ts';
import { PLANTED, richRun } from './fixture.ts';

const skip = skipWithout(chromiumAvailable, 'chromium');
after(closeBrowser);

function onlyThePage(opened: OpenedPage): void {
  assert.deepEqual(opened.requests.map((r) => r.split('#')[0]), [opened.url.split('#')[0]], 'the page made no request but its own document');
  assert.deepEqual(opened.errors, [], 'no console error (a CSP refusal is one) and no page error');
  assert.deepEqual(opened.dialogs, []);
}

async function assertAccessible(opened: OpenedPage, label: string): Promise<void> {
  const violations = await axeViolations(opened.page);
  const grave = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  assert.deepEqual(grave, [], `${label}: axe-core found serious or critical violations`);
}

test('a real scan of the demo: verdict, evidence after a click, the diagram, filters kept in the URL, accessible', { skip }, async (t) => {
  assertAvailable(chromiumAvailable, 'chromium');
  const dir = join(tempDir(t, 'bh-html-demo-'), 'demo-api');
  cpSync(new URL('../../../../examples/demo-api', import.meta.url), dir, { recursive: true, filter: (src) => !src.includes('.bug-hunter') && !src.includes('node_modules') });
  const scan = await spawnCli(['scan', dir]);
  assert.equal(scan.code, 1, scan.stderr);
  const file = join(dir, '.bug-hunter', 'report.html');
  assert.ok(existsSync(file), 'the scan wrote report.html beside report.md');

  const opened = await openFile(t, file);
  const { page } = opened;
  const verdict = await page.locator('#verdict').innerText();
  assert.match(verdict, /Not clean — exit 1: 6 confirmed findings/);

  const first = page.locator('#list-confirmed details.finding').first();
  const evidence = first.locator('figure.evidence').first();
  assert.equal(await evidence.isVisible(), false, 'evidence is folded until the finding is opened');
  await first.locator('summary').click();
  assert.equal(await evidence.isVisible(), true);
  assert.match(await evidence.innerText(), /\d+\s/);
  assert.ok((await evidence.locator('mark').count()) === 1, 'the quoted lines are marked');

  const svg = page.locator('svg#dfd');
  assert.equal(await svg.isVisible(), true, 'the data-flow diagram is drawn');
  assert.ok((await svg.locator('g.node').count()) >= 3);
  assert.match((await svg.locator('g.node.process').textContent()) ?? '', /Application/);
  const box = await svg.boundingBox();
  assert.ok(box && box.width > 300 && box.height > 80, `the diagram has a size (${JSON.stringify(box)})`);

  await page.selectOption('#f-sev', 'critical');
  const shown = page.locator('details.finding:not([hidden])');
  assert.equal(await shown.count(), 1);
  assert.match(await page.locator('#f-count').innerText(), /^1 of 8 findings shown$/);
  assert.match(page.url(), /#sev=critical$/);
  await page.selectOption('#f-sort', 'file');
  assert.match(page.url(), /#sev=critical&sort=file$/);

  // The URL restores the filter in a new page; a finding's link opens that finding.
  const again = await openFile(t, file, '#sev=high&sort=file');
  assert.equal(await again.page.locator('#f-sev').inputValue(), 'high');
  const files = await again.page.locator('#list-confirmed details.finding:not([hidden]) summary code').allInnerTexts();
  assert.ok(files.length >= 2);
  assert.deepEqual(files, [...files].sort(), 'sorted by file');
  const id = await again.page.locator('#list-confirmed details.finding').last().getAttribute('id');
  const linked = await openFile(t, file, `#${id}`);
  assert.equal(await linked.page.locator(`details[id="${id}"]`).getAttribute('open'), '');
  assert.equal(await linked.page.locator('details.finding[open]').count(), 1);

  onlyThePage(opened);
  onlyThePage(again);
  await assertAccessible(opened, 'demo report, one finding open');
});

test('a hostile run: the proof panel shows, hostile text stays text, no request reaches a beacon, no secret shows', { skip }, async (t) => {
  assertAvailable(chromiumAvailable, 'chromium');
  const hits: string[] = [];
  const server = createServer((req, res) => {
    hits.push(req.url ?? '');
    res.end('x');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.after(() => server.close());
  const beacon = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const run = richRun(t, beacon);
  const file = join(run.outDir, 'report.html');
  writeFileSync(file, run.page);

  const opened = await openFile(t, file);
  const { page } = opened;
  const t1 = page.locator(`details[id="${run.ids.t1}"]`);
  await t1.locator('summary').click();
  const proof = t1.locator('section.proof');
  assert.equal(await proof.isVisible(), true);
  const proofText = await proof.innerText();
  assert.match(proofText, /Proof: reproduced \(T1\)/);
  assert.match(proofText, /failed twice with Error: injected command ran/);
  assert.match(proofText, /test\('BH repro'/);

  const t2 = page.locator(`details[id="${run.ids.t2}"]`);
  await t2.locator('summary').click();
  const text = await t2.innerText();
  assert.ok(text.includes('<script>alert(2)</script>'), 'the model text shows as text');
  assert.ok(text.includes('<img src=x onerror=alert(1)>'));
  assert.ok(MARKUP.length > 0 && (await page.locator('main img, main script, main link').count()) === 0, 'no element came from the text');
  assert.equal(await page.evaluate(() => (globalThis as { __pwned?: number }).__pwned), undefined);
  const all = await page.locator('body').innerText();
  for (const secret of Object.values(PLANTED)) assert.ok(!all.includes(secret), `${secret} shows`);
  assert.match(await page.locator('svg#dfd').innerHTML(), /Remote client &lt;img/);

  onlyThePage(opened);
  assert.deepEqual(hits, [], 'nothing reached the beacon server');
  await assertAccessible(opened, 'hostile run, two findings open');
});

test('a large page keeps bodies in a data block: opening a finding draws its evidence and proof, still as text, still no request', { skip }, async (t) => {
  assertAvailable(chromiumAvailable, 'chromium');
  const run = richRun(t, 'http://127.0.0.1:9/beacon', { inlineBodies: 0 });
  const file = join(run.outDir, 'report.html');
  writeFileSync(file, run.page);
  assert.ok(!run.page.includes('figure class="evidence"'), 'no body is in the markup');
  const opened = await openFile(t, file, `#${run.ids.t1}`);
  const { page } = opened;
  // The packed bodies are unpacked (in the page, asynchronously) the first time a finding is opened.
  const proof = page.locator(`details[id="${run.ids.t1}"] section.proof`);
  await proof.waitFor({ state: 'visible', timeout: 10_000 });
  assert.equal(await proof.isVisible(), true, 'the linked finding is opened and drawn');
  const t2 = page.locator(`details[id="${run.ids.t2}"]`);
  await t2.locator('summary').click();
  await t2.locator('figure.evidence').waitFor({ state: 'visible', timeout: 10_000 });
  assert.equal(await t2.locator('figure.evidence').isVisible(), true);
  assert.ok((await t2.innerText()).includes('<script>alert(2)</script>'));
  assert.equal(await page.locator('main img, main script, main link').count(), 0);
  assert.equal(await page.evaluate(() => (globalThis as { __pwned?: number }).__pwned), undefined);
  onlyThePage(opened);
  await assertAccessible(opened, 'large-page mode, two findings open');
});
