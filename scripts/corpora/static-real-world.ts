// Runs the static engine (hunter → skeptic → referee, default options) over every package in a
// node_modules folder and prints, per package, lines scanned and the findings it would report.
// Usage: node --import tsx scripts/corpora/static-real-world.ts <dir-with-node_modules> [--json] [--suspected]
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { huntFile, judgeStatic, refuteStatic } from '../../src/engines/static/index.ts';
import { sourceFilesUnder as walk } from './source-files.ts';

function packages(modules: string): string[] {
  return readdirSync(modules).sort().flatMap((name) => {
    if (name.startsWith('.')) return [];
    const p = join(modules, name);
    return name.startsWith('@') ? readdirSync(p).sort().map((n) => join(p, n)) : [p];
  });
}

const dir = process.argv[2];
if (!dir) {
  console.error('Usage: static-real-world.ts <folder containing node_modules>');
  process.exit(2);
}
const modules = existsSync(join(dir, 'node_modules')) ? join(dir, 'node_modules') : dir;
const showSuspected = process.argv.includes('--suspected');
const rows: Array<{ pkg: string; lines: number; reported: number; suspected: number; findings: string[] }> = [];
let totalLines = 0;
let totalReported = 0;
for (const pkgDir of packages(modules)) {
  const manifest = join(pkgDir, 'package.json');
  if (!existsSync(manifest)) continue;
  const { name, version } = JSON.parse(readFileSync(manifest, 'utf8')) as { name: string; version: string };
  let lines = 0;
  let suspected = 0;
  const findings: string[] = [];
  for (const abs of walk(pkgDir)) {
    const content = readFileSync(abs, 'utf8');
    lines += content.split('\n').length;
    const path = relative(pkgDir, abs).split('\\').join('/');
    const file = { path, content, language: /\.[mc]?ts$/.test(abs) ? 'typescript' : 'javascript', isTest: false };
    for (const f of huntFile(file)) {
      const j = judgeStatic(f, refuteStatic(f, file));
      if (j.verdict === 'confirmed') findings.push(`${path}:${f.startLine} ${f.ruleId} — ${f.claim.slice(f.claim.indexOf('. ') + 2, 300)}`);
      else if (j.verdict === 'manual-review') {
        suspected++;
        if (showSuspected) findings.push(`(T3) ${path}:${f.startLine} ${f.ruleId} — ${f.claim.slice(0, 200)}`);
      }
    }
  }
  const reported = findings.filter((f) => !f.startsWith('(T3)')).length;
  totalLines += lines;
  totalReported += reported;
  rows.push({ pkg: `${name}@${version}`, lines, reported, suspected, findings });
}
if (process.argv.includes('--json')) {
  console.log(JSON.stringify({ rows, totalLines, totalReported }, null, 2));
} else {
  for (const r of rows) {
    console.log(`${r.pkg.padEnd(36)} lines=${String(r.lines).padStart(7)} reported=${r.reported} suspected=${r.suspected}`);
    for (const f of r.findings) console.log(`    ${f}`);
  }
  console.log(`TOTAL packages=${rows.length} lines=${totalLines} reported=${totalReported} per-1000-lines=${((totalReported / totalLines) * 1000).toFixed(3)}`);
}
