// `node --import tsx scripts/corpora/lenses/mature.ts [--cache <dir>]`: the false-alarm rate of the static engine on
// the mature packages of benchmark/real-world/mature.json (never mature-held-out.json), fetched into the real-world
// cache, less the files triage skips as generated or minified (as a scan does unless scanned code imports them), with
// the rules of the reviewer's lenses (a consequence, or a non-security lens) counted apart from the security rules:
// reported findings per 1,000 lines, and every lens finding listed with its verdict for a person.
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { huntFile, judgeStatic, refuteStatic } from '../../../src/engines/static/index.ts';
import { getRule } from '../../../src/engines/static/rules.ts';
import { inspectContent } from '../../../src/phases/triage/content-rules.ts';
import { parseMature } from '../real-world/corpus.ts';
import { cacheDir, fetchPackage, sourceDir } from '../real-world/fetch.ts';
import { sourceFilesUnder as walk } from '../source-files.ts';

const MATURE = fileURLToPath(new URL('../../../benchmark/real-world/mature.json', import.meta.url));
const SECURITY_LENSES = new Set(['injection', 'secrets']);

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const cache = cacheDir(args.includes('--cache') ? args[args.indexOf('--cache') + 1] : undefined);
  let lines = 0;
  const reported = { lens: 0, security: 0 };
  const listed: string[] = [];
  for (const m of parseMature(readFileSync(MATURE, 'utf8'), MATURE)) {
    await fetchPackage(cache, m.package, m.version);
    const dir = sourceDir(cache, m.package, m.version);
    if (!existsSync(dir)) {
      listed.push(`unavailable ${m.package}@${m.version}`);
      continue;
    }
    for (const abs of walk(dir)) {
      const bytes = readFileSync(abs);
      // What a scan leaves out as generated or minified (a webpack bundle, a header that says so) is not read here either.
      if (inspectContent(bytes, bytes.toString('latin1')).kind === 'skip') continue;
      const content = bytes.toString('utf8');
      lines += content.split('\n').length;
      const path = relative(dir, abs).split('\\').join('/');
      const file = { path, content, language: /\.[mc]?ts$/.test(abs) ? 'typescript' : 'javascript', isTest: false };
      for (const f of huntFile(file)) {
        const rule = f.ruleId ? getRule(f.ruleId) : undefined;
        const lens = rule !== undefined && !SECURITY_LENSES.has(rule.lens);
        const verdict = judgeStatic(f, refuteStatic(f, file)).verdict;
        if (verdict === 'confirmed') reported[lens ? 'lens' : 'security']++;
        if (lens && verdict !== 'dismissed') listed.push(`${verdict.padEnd(13)} ${m.package}@${m.version}/${path}:${f.startLine} ${f.ruleId}`);
      }
    }
  }
  for (const l of listed) console.log(l);
  const per = (n: number) => ((n / lines) * 1000).toFixed(4);
  console.log(`mature packages: ${lines} lines; reported by lens rules ${reported.lens} (${per(reported.lens)} per 1,000), by security rules ${reported.security} (${per(reported.security)} per 1,000), together ${per(reported.lens + reported.security)} per 1,000`);
}

if (process.argv[1]?.endsWith('mature.ts')) await main();
