// Text from the scanned code never drives the terminal, and text from a model never becomes HTML or structure
// in report.md: control characters are shown as \uXXXX, Markdown and HTML are escaped, code stays fenced.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderMarkdown } from '../../src/engines/report/markdown.ts';
import { printableDeep } from '../../src/engines/report/printable.ts';
import { spawnCli } from '../helpers/cli.ts';
import { joinStamped, doneChunks, hunterOf, noSuppressions, planOf, refereeOf, skepticOf, triageOf } from '../engines/report/helpers.ts';
import { hostileRepo } from './hostile.ts';
import { makeFinding } from '../helpers/builders.ts';

import { CLEAR, MARKUP, RED, TITLE } from './hostile-strings.ts';
// Any escape sequence or bell or carriage return that is not one of our own colour codes.
// oxlint-disable-next-line no-control-regex -- matching control characters is the point
const FOREIGN_CONTROL = /\x1b(?!\[[0-9;]*m)|\x07|\r|\x9b/;

function assertNoForeignControls(label: string, text: string): void {
  const match = FOREIGN_CONTROL.exec(text);
  assert.equal(match, null, `${label} printed a raw control character at ${match?.index}: ${JSON.stringify(text.slice(Math.max(0, (match?.index ?? 0) - 40), (match?.index ?? 0) + 40))}`);
  assert.ok(!text.includes(RED), `${label} printed the source's own colour code`);
}

test('escape sequences in a file name and in the source reach neither the terminal nor report.md', async (t) => {
  const name = `src/${CLEAR}run${TITLE}\r.js`;
  const repo = hostileRepo(t, {
    files: {
      [name]: [
        "import { exec } from 'node:child_process';",
        'export function run(req) {',
        `  exec('convert ' + req.query.name); // ${RED}${CLEAR}${TITLE}\rall good`,
        '}',
        '',
      ].join('\n'),
    },
  });
  const scan = await spawnCli(['scan', repo]);
  assert.equal(scan.code, 1, scan.stderr);
  assertNoForeignControls('scan stdout', scan.stdout);
  assertNoForeignControls('scan stderr', scan.stderr);
  assert.match(scan.stdout, /\\u001b\[2J/, 'the file name is shown with its escapes visible');

  const list = await spawnCli(['report', 'list', repo, '--color']);
  assertNoForeignControls('report list', list.stdout);
  // oxlint-disable-next-line no-control-regex -- matching control characters is the point
  assert.match(list.stdout, /\x1b\[1m/, 'our own colours are still there');
  const id = /(BH-[0-9a-f]+)/.exec(list.stdout)?.[1] ?? '';
  const show = await spawnCli(['report', 'show', id, repo, '--color']);
  assert.equal(show.code, 0, show.stderr);
  assertNoForeignControls('report show', show.stdout);
  assert.match(show.stdout, /\\u001b\]0;owned\\u0007/);

  const md = readFileSync(join(repo, '.bug-hunter', 'report.md'), 'utf8');
  // oxlint-disable-next-line no-control-regex -- matching control characters is the point
  assert.ok(!/[\x00-\x08\x0b-\x1f\x7f]/.test(md), 'report.md holds a raw control character');
  const printed = await spawnCli(['report', '--format', 'md', repo]);
  assertNoForeignControls('report --format md', printed.stdout);
});

test('a claim and reasons from a model render as literal text in report.md: no HTML, headings, links or images', () => {
  const hostile = MARKUP;
  const base = makeFinding({ file: 'src/a.ts', symbol: 'run', subject: 'cmd', line: 1, quote: 'exec(cmd)\n```\n# not a heading', severity: 'high' });
  const finding = { ...base, claim: `${hostile}\n# Injected heading\n> quoted\n- item\n1. numbered`, runtimeTrigger: hostile };
  const triage = triageOf([['src/a.ts']]);
  const referee = refereeOf({}, [finding]);
  referee.verdicts[0]!.reasoning = `${hostile}\n## Another heading`;
  const md = renderMarkdown(
    joinStamped({
      triage,
      plan: planOf(triage),
      hunter: hunterOf([finding], doneChunks(triage)),
      skeptic: skepticOf([finding]),
      referee,
      suppressions: noSuppressions(),
      options: { failOn: 'low', showSuspected: false },
      durationMs: 0,
    }).scanReport,
  );
  // Outside fenced code, every < [ ! * is escaped, and no line from the model starts a heading, quote or list.
  const prose = md.replace(/^(`{3,})[^\n]*\n[\s\S]*?\n\1$/gm, '');
  assert.doesNotMatch(prose, /(?<!\\)<(img|script)/);
  assert.doesNotMatch(prose, /(?<!\\)\[click\]|(?<!\\)!\[x\]|(?<!\\)\*\*bold/);
  assert.doesNotMatch(prose, /^#+ (Injected|Another) heading/m);
  assert.doesNotMatch(prose, /^(> quoted|- item|1\. numbered)$/m);
  assert.match(prose, /\\# Injected heading/);
  // The quote's own backtick fence cannot close the code block early: the fence is longer.
  assert.ok(md.includes('````ts\n1 | exec(cmd)\n2 | ```\n3 | # not a heading\n````'));
});

test('printableDeep escapes every string at any depth and leaves its input as it was', () => {
  const input = { clean: { a: ['x', 1, null] }, findings: [{ file: `src/${CLEAR}a.js`, tags: ['ok', `t${TITLE}`] }, { file: 'b.js' }], line: 'a\r\nb\rc' };
  const before = structuredClone(input);
  const out = printableDeep(input);
  assert.deepEqual(input, before, 'the input is not changed');
  assert.deepEqual(out, {
    clean: { a: ['x', 1, null] },
    findings: [{ file: 'src/\\u001b[2J\\u001b[Ha.js', tags: ['ok', 't\\u001b]0;owned\\u0007'] }, { file: 'b.js' }],
    line: 'a\nb\\u000dc',
  });
});
