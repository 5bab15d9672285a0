// The publish tests' world: a scanned target (two confirmed findings, a GitHub origin) and the GitHub stand-in on
// 127.0.0.1 with hand-filed issues around, the token in the environment for the test's length; the CLI in-process.
import type { TestContext } from 'node:test';
import { execFileSync } from 'node:child_process';
import { main } from '../../../src/cli/main.ts';
import { markerOf } from '../../../src/engines/publish/body.ts';
import { startGitHubStandIn, type GitHubStandIn } from '../../helpers/github-stand-in.ts';

import { capture, makeTarget, removeTarget, runReport } from '../report/run-phase.ts';
import { makeFinding } from '../../helpers/builders.ts';

export const TOKEN = 'ghp_standInSecretToken0123456789abcdef';
export const A_QUOTE = 'return exec(`ls ${cmd}`);';
const B_QUOTE = 'return readFile(`/data/${name}`);';
export const findingA = makeFinding({ file: 'src/app.ts', symbol: 'run', subject: 'cmd', line: 2, quote: A_QUOTE, severity: 'critical' });
export const findingB = makeFinding({ file: 'src/files.ts', symbol: 'load', subject: 'name', line: 2, quote: B_QUOTE, category: 'path-traversal', severity: 'medium' });
const SOURCES = {
  'src/app.ts': ['export function run(cmd: string) {', `  ${A_QUOTE}`, '}', ''].join('\n'),
  'src/files.ts': ['export function load(name: string) {', `  ${B_QUOTE}`, '}', ''].join('\n'),
};

export interface Setup {
  target: string;
  server: GitHubStandIn;
  head: string;
}

export async function setup(t: TestContext, env: Record<string, string | undefined> = {}, findings = [findingA, findingB]): Promise<Setup> {
  const target = makeTarget(SOURCES);
  t.after(() => removeTarget(target));
  execFileSync('git', ['-C', target, 'add', '-A']);
  execFileSync('git', ['-C', target, 'commit', '-q', '-m', 'initial']);
  execFileSync('git', ['-C', target, 'remote', 'add', 'origin', 'git@github.com:acme/widgets.git']);
  const head = execFileSync('git', ['-C', target, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
  await runReport(target, 'run-1', ['src/app.ts', 'src/files.ts'], findings, {}, { baseCommit: head });
  const server = await startGitHubStandIn({ token: TOKEN, maxPerPage: 2 });
  t.after(() => server.close());
  // Issues under the same label without a first-line marker (one has it further down), and a pull request: three pages at two.
  for (const n of [1, 2, 3, 4]) server.addIssue({ title: `hand-filed ${n}`, labels: ['bug-hunter'], body: n === 4 ? `no marker on the first line\n<!-- bug-hunter:fingerprint=${findingA.fingerprint} -->` : 'no marker here' });
  server.addIssue({ title: 'a pull request', labels: ['bug-hunter'], pull_request: true, body: '' });
  server.addIssue({ title: 'other', labels: ['enhancement'] });
  withEnv(t, { GITHUB_TOKEN: TOKEN, GH_TOKEN: undefined, GITHUB_API_URL: server.url, GITHUB_SERVER_URL: undefined, BUG_HUNTER_GITHUB_WRITE_PACE_MS: '0', ...env });
  return { target, server, head };
}

function withEnv(t: TestContext, vars: Record<string, string | undefined>): void {
  const saved = Object.fromEntries(Object.keys(vars).map((k) => [k, process.env[k]]));
  const apply = (values: Record<string, string | undefined>) => {
    for (const [k, v] of Object.entries(values)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  };
  apply(vars);
  t.after(() => apply(saved));
}

export async function cli(target: string, ...argv: string[]) {
  const io = capture(target);
  const code = await main(argv, io);
  return { code, out: io.out.join(''), err: io.err.join('') };
}

export const marked = (server: GitHubStandIn) => server.issues.filter((i) => markerOf(i.body));
export const issueFor = (server: GitHubStandIn, fingerprint: string) => server.issues.filter((i) => markerOf(i.body) === fingerprint);
