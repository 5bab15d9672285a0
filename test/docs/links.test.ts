// Every relative link in README.md, docs/*.md and benchmark/RESULTS.md leads to a file of the repository, and every #anchor to a heading of
// the page it names: a moved or renamed document breaks the test, naming the page, line and link.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { anchorsOf, brokenLinks, linksOf, slugOf } from './links.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Pages generated from the code by their own scripts (the CLI table, the rule metadata, the rank map). README.md links
 * them before every branch that writes them is merged; once they exist their links and anchors are checked like any.
 */
const GENERATED = new Set(['docs/cli.md', 'docs/rules.md', 'docs/architecture.md']);

const exists = (path: string) => existsSync(join(ROOT, path)) || GENERATED.has(path);
const read = (path: string) => (existsSync(join(ROOT, path)) ? readFileSync(join(ROOT, path), 'utf8') : null);

function projectPages(): Map<string, string> {
  const pages = new Map<string, string>(['README.md', 'benchmark/RESULTS.md'].map((page) => [page, readFileSync(join(ROOT, page), 'utf8')]));
  for (const name of readdirSync(join(ROOT, 'docs')).filter((n) => n.endsWith('.md')).sort()) pages.set(`docs/${name}`, readFileSync(join(ROOT, 'docs', name), 'utf8'));
  return pages;
}

test('every relative link in README.md, docs/*.md and benchmark/RESULTS.md leads to a file, and every anchor to a heading', () => {
  const pages = projectPages();
  const links = [...pages].flatMap(([page, text]) => linksOf(page, text));
  assert.ok(links.length > 50, `README.md and docs/ hold ${links.length} links`);
  const broken = brokenLinks(pages, exists, read).map((b) => `${b.page}:${b.line}: (${b.target}) ${b.why}`);
  assert.deepEqual(broken, []);
});

test('a broken link is named with its page and line: a missing file, a missing heading, a link out of the repository', () => {
  const pages = new Map([
    ['README.md', '# Title\n\nSee [the guide](docs/guide.md#setup) and [gone](docs/gone.md).\n'],
    ['docs/guide.md', '# Guide\n\n## Set-up\n\n[up](../README.md#title) [bad](../README.md#nope) [out](../../etc/passwd)\n'],
  ]);
  const files = new Set(['README.md', 'docs/guide.md']);
  const broken = brokenLinks(pages, (p) => files.has(p), (p) => pages.get(p) ?? null).map((b) => `${b.page}:${b.line} ${b.target}: ${b.why}`);
  assert.deepEqual(broken, [
    'README.md:3 docs/guide.md#setup: docs/guide.md has no heading #setup',
    'README.md:3 docs/gone.md: docs/gone.md does not exist',
    'docs/guide.md:5 ../README.md#nope: README.md has no heading #nope',
    'docs/guide.md:5 ../../etc/passwd: points outside the repository',
  ]);
});

test('links inside code are not links, and URLs and mail addresses are not checked', () => {
  const text = 'a `[x](nowhere.md)` b\n```sh\n[y](nowhere.md)\n```\n[web](https://example.com/x.md) [mail](mailto:a@b.c) [z](real.md)\n';
  assert.deepEqual(linksOf('README.md', text).map((l) => l.target), ['https://example.com/x.md', 'mailto:a@b.c', 'real.md']);
  assert.deepEqual(brokenLinks(new Map([['README.md', text]]), (p) => p === 'real.md', () => null), []);
});

test('anchors follow GitHub: code marks and punctuation dropped, a repeated heading numbered', () => {
  assert.equal(slugOf('Reproducing reported bugs: `bug-hunter repro`'), 'reproducing-reported-bugs-bug-hunter-repro');
  assert.equal(slugOf('Static rules: one file each, their cases, their precision'), 'static-rules-one-file-each-their-cases-their-precision');
  assert.deepEqual([...anchorsOf('# A\n## Notes\n```\n# not a heading\n```\n## Notes\n')], ['a', 'notes', 'notes-1']);
});
