// The floor of any engine built on this parser: one thread parses every file of the tree with the checkout's
// ast-grep (tree-sitter), the grammar picked as the static engine picks it, and does nothing else. Prints one JSON
// line: the files parsed and the CPU seconds. Plain JavaScript, like static-engine.mjs beside it.
// Usage: node scripts/bench/parse-floor.mjs <dist dir> <tree>
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { treeSources } from './tree-sources.mjs';

const [dist, tree] = process.argv.slice(2);
const { langFor } = await import(pathToFileURL(join(dist, 'engines/static/parse.js')).href);
const { parse } = await import('@ast-grep/napi');

const files = treeSources(tree);
const cpu = process.cpuUsage();
let parsed = 0;
for (const file of files) {
  const lang = langFor(file);
  if (lang === null) continue;
  // The root is read so the parse is not a dead value.
  if (parse(lang, file.content).root().kind()) parsed++;
}
const used = process.cpuUsage(cpu);
console.log(JSON.stringify({ files: files.length, parsed, cpuSeconds: (used.user + used.system) / 1e6 }));
