// The files of a bench tree as the static engine takes them, in path order: relative path, text, language. Shared by
// static-engine.mjs and parse-floor.mjs, so both measure the same files. Plain JavaScript, like them.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

function walk(dir) {
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));
}

export function treeSources(tree) {
  return walk(tree).map((abs) => ({
    path: abs.slice(tree.length + 1), content: readFileSync(abs, 'utf8'), language: /\.[mc]?ts$/.test(abs) ? 'typescript' : 'javascript', isTest: false,
  }));
}
