// pnpm bench:watch — continuous mode's cost per commit: a small git repository (--files N source files), the
// watcher's baseline, then --commits N small commits (one file changed each) processed by one `bug-hunter watch
// --once --no-sweep` through the compiled CLI (process start included). Prints seconds per commit.
// Usage: node --import tsx scripts/bench/watch.ts [--commits 10] [--files 40] [--keep]
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { arg, loadNote, timeCommand } from './kit/measure.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const commits = arg('--commits', 10);
const files = arg('--files', 40);
const keep = process.argv.includes('--keep');

const repo = mkdtempSync(join(tmpdir(), 'bh-bench-watch-'));
const git = (...args: string[]) => execFileSync('git', args, { cwd: repo, stdio: ['ignore', 'pipe', 'pipe'] });
const source = (i: number, v: number) => `import { f${(i + 1) % files} } from './f${(i + 1) % files}.js';\nexport function f${i}(x) {\n  return x > ${v} ? f${(i + 1) % files}(x - 1) : x;\n}\n`;
const watch = () => timeCommand([process.execPath, join(root, 'bin/bug-hunter.js'), 'watch', '--once', repo, '--no-sweep', '--quiet', '--json'], { env: { ...process.env, CI: '1' } });

try {
  git('init', '-q', '-b', 'main');
  git('config', 'user.email', 'bench@example.com');
  git('config', 'user.name', 'Bench');
  mkdirSync(join(repo, 'src'));
  writeFileSync(join(repo, 'package.json'), '{"name":"bench-watch","type":"module"}\n');
  writeFileSync(join(repo, '.gitignore'), '.bug-hunter/\n');
  for (let i = 0; i < files; i += 1) writeFileSync(join(repo, 'src', `f${i}.js`), source(i, 0));
  git('add', '-A');
  git('commit', '-q', '-m', 'initial');
  const baseline = watch();
  if (baseline.status !== 0) throw new Error(`baseline exited ${baseline.status}: ${baseline.stderr.slice(-1500)}`);
  for (let c = 1; c <= commits; c += 1) {
    writeFileSync(join(repo, 'src', `f${c % files}.js`), source(c % files, c));
    git('commit', '-q', '-am', `commit ${c}`);
  }
  const run = watch();
  if (run.status !== 0) throw new Error(`watch exited ${run.status}: ${run.stderr.slice(-1500)}`);
  const processed = (JSON.parse(run.stdout) as { processed: unknown[] }).processed.length;
  if (processed !== commits) throw new Error(`processed ${processed} of ${commits} commits`);
  console.log(`bench:watch — ${files} files, baseline ${baseline.seconds.toFixed(2)} s; ${commits} commits with --once in ${run.seconds.toFixed(2)} s`);
  console.log(`seconds per commit: ${(run.seconds / commits).toFixed(3)} (${loadNote()})`);
} finally {
  if (keep) console.log(`kept ${repo}`);
  else rmSync(repo, { recursive: true, force: true });
}
