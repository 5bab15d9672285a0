// pnpm check:package — what a user gets: `npm pack` (which builds dist/ through `prepare`), `pnpm add -D <tarball>`
// into a fresh temporary project, then its bin: `bug-hunter --help` and `pnpm bug-hunter --loop` on a planted bug.
// Needs only the npm registry (or a warm pnpm store). Exit 1 with the failing step's output.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'bh-check-package-'));

function step(name: string, cmd: string, args: string[], cwd: string, okCodes = [0]): string {
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, env: { ...process.env, CI: '1', FORCE_COLOR: '0' } });
  const output = `${r.stdout ?? ''}${r.stderr ?? ''}`;
  if (r.error || !okCodes.includes(r.status ?? -1)) {
    throw new Error(`${name}: ${cmd} ${args.join(' ')} exited ${r.status}${r.error ? ` (${r.error.message})` : ''}\n${output.slice(-3000)}`);
  }
  return output;
}

try {
  const packs = join(work, 'pack');
  mkdirSync(packs);
  step('npm pack', 'npm', ['pack', '--silent', '--pack-destination', packs], root);
  const tarball = join(packs, readdirSync(packs).find((f) => f.endsWith('.tgz'))!);
  const project = join(work, 'project');
  mkdirSync(join(project, 'src'), { recursive: true });
  writeFileSync(join(project, 'package.json'), `${JSON.stringify({ name: 'bh-consumer', version: '1.0.0', private: true, type: 'module' }, null, 2)}\n`);
  writeFileSync(join(project, 'src', 'server.js'), [
    "import { exec } from 'node:child_process';",
    "export function ping(req, res) {",
    "  exec('ping -c 1 ' + req.query.host, (err, out) => res.send(out));",
    '}',
    '',
  ].join('\n'));
  step('pnpm add', 'pnpm', ['add', '-D', '--prefer-offline', tarball], project);
  const help = step('bin --help', join(project, 'node_modules', '.bin', 'bug-hunter'), ['--help'], project);
  if (!help.includes('Usage: bug-hunter')) throw new Error(`bin --help printed no usage:\n${help}`);
  // Exit 1: the planted command injection is confirmed.
  const scan = step('pnpm bug-hunter --loop', 'pnpm', ['bug-hunter', '--loop'], project, [1]);
  if (!/src\/server\.js:3/.test(scan)) throw new Error(`the scan did not report src/server.js:3:\n${scan}`);
  console.log(`package ok: ${tarball.split('/').pop()} installs into a fresh project; bin --help and pnpm bug-hunter --loop work (planted bug reported)`);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
} finally {
  rmSync(work, { recursive: true, force: true });
}
