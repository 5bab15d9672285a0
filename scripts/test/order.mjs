// The order the suite starts its test files in. Node's runner starts files in the order given, a few at a time, so a
// long file started last bounds the suite's wall time on its own while the other slots sit idle: the files named in
// test/slow-files.txt (slowest first) start first, the rest follow in their usual order. Plain JavaScript on
// purpose: it runs from scripts/test/run-tests.mjs, before any loader.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const SLOW_FILES = join('test', 'slow-files.txt');

/** The repository-relative test files listed in `root`'s test/slow-files.txt, slowest first (comments and blanks skipped). */
export function readSlowFiles(root) {
  const path = join(root, SLOW_FILES);
  if (!existsSync(path)) return [];
  return readFileSync(path, 'utf8').split('\n').map((line) => line.trim()).filter((line) => line !== '' && !line.startsWith('#'));
}

/** `files` with the slow ones first, in the list's order; the others keep theirs. `name` maps a file to its list entry. */
export function slowestFirst(files, slow, name = (file) => file) {
  const rank = new Map(slow.map((entry, index) => [entry, index]));
  const listed = files.filter((file) => rank.has(name(file))).sort((a, b) => rank.get(name(a)) - rank.get(name(b)));
  return [...listed, ...files.filter((file) => !rank.has(name(file)))];
}
