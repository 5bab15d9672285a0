// The fix queue on a real scan: a git repository holding a shell-command bug the embedded static engine confirms,
// its origin a bare repository on disk, `bug-hunter scan` (static engine, artifacts outside the repository) and
// `bug-hunter publish --queue` filing the issue on the GitHub stand-in, then `bug-hunter work` whose fixer is a
// SCRIPTED STAND-IN (not a model) on the fake model server, through the real OpenAI SDK.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestContext } from 'node:test';
import { markerOf } from '../../../src/engines/publish/body.ts';
import { runCli, type CliResult } from '../../helpers/cli.ts';
import { startGitHubStandIn, type GitHubStandIn, type StandInIssue } from '../../helpers/github-stand-in.ts';
import { tempDir, writeFiles } from '../../helpers/temp.ts';
import { startFakeServer } from '../../engines/models/fixtures/fake-server.ts';
import { messagesOf } from '../../funnel/scripted-model.ts';
import { git } from '../../engines/fix/helpers.ts';
import type { SearchReplace } from '../../../src/engines/fix/edits.ts';

export const TOKEN = 'ghp_liveQueueStandInToken0123456789abcd';

/** src/app.js: `exec` of a request parameter, line 6 (a confirmed T2 command-injection finding of the static engine). */
export const APP = [
  "const express = require('express');",
  "const { exec } = require('child_process');",
  'const app = express();',
  '',
  "app.get('/ls', (req, res) => {",
  '  exec(`ls ${req.query.dir}`, (err, out) => res.send(out));',
  '});',
  '',
  'module.exports = app;',
  '',
].join('\n');

export interface LiveWorld {
  repo: string;
  remote: string;
  outDir: string;
  github: GitHubStandIn;
  fixerCalls: () => number;
  scan: () => Promise<CliResult>;
  publish: () => Promise<CliResult>;
  work: (...argv: string[]) => Promise<CliResult>;
  /** The one issue publish filed (by its marker). */
  issue: () => StandInIssue;
  /** Commits `files` on main and pushes them to origin. */
  commit: (files: Record<string, string>, message: string) => string;
}

/** `answer`: the scripted fixer's edits and explanation for every fixer prompt. */
export async function liveWorld(t: TestContext, answer: { edits: SearchReplace[]; explanation: string }): Promise<LiveWorld> {
  const repo = tempDir(t, 'bh-live-repo-');
  writeFiles(repo, { 'package.json': JSON.stringify({ name: 'live', version: '1.0.0', scripts: { test: 'node -e 0' } }), 'src/app.js': APP });
  git(repo, 'init', '-q', '-b', 'main');
  git(repo, 'add', '.');
  git(repo, '-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'the app');
  const remote = join(tempDir(t, 'bh-live-remote-'), 'origin.git');
  git(repo, 'init', '-q', '--bare', '-b', 'main', remote);
  git(repo, 'remote', 'add', 'origin', remote);
  git(repo, 'push', '-q', 'origin', 'main');
  const outDir = tempDir(t, 'bh-live-out-');

  const github = await startGitHubStandIn({ token: TOKEN });
  t.after(() => github.close());
  const models = await startFakeServer();
  t.after(() => models.close());
  let calls = 0;
  models.fallback = (req) => {
    const { system } = messagesOf(req.body);
    if (!system.startsWith('# Fixer')) return { status: 400, message: 'scripted fixer stand-in: not a fixer prompt' };
    calls += 1;
    return { json: answer };
  };
  const configPath = join(tempDir(t, 'bh-live-config-'), 'config.json');
  const scripted = { type: 'openai-compatible', baseURL: models.openaiURL, structuredOutput: 'strict', concurrency: 1 };
  writeFileSync(configPath, JSON.stringify({ providers: { fixer: scripted }, roles: { fixer: { provider: 'fixer', model: 'scripted-fixer' } }, retries: { maxAttempts: 1 } }));

  const saved = { GITHUB_TOKEN: process.env.GITHUB_TOKEN, GH_TOKEN: process.env.GH_TOKEN, GITHUB_API_URL: process.env.GITHUB_API_URL, GITHUB_SERVER_URL: process.env.GITHUB_SERVER_URL, BUG_HUNTER_GITHUB_WRITE_PACE_MS: process.env.BUG_HUNTER_GITHUB_WRITE_PACE_MS };
  Object.assign(process.env, { GITHUB_TOKEN: TOKEN, GITHUB_API_URL: github.url, BUG_HUNTER_GITHUB_WRITE_PACE_MS: '0' });
  delete process.env.GH_TOKEN;
  delete process.env.GITHUB_SERVER_URL;
  t.after(() => {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  });
  return {
    repo,
    remote,
    outDir,
    github,
    fixerCalls: () => calls,
    scan: () => runCli(['scan', repo, '--out', outDir, '-q'], repo),
    publish: () => runCli(['publish', repo, '--repo', 'acme/widgets', '--from', outDir, '--queue'], repo),
    work: (...argv) => runCli(['work', repo, '--repo', 'acme/widgets', '--from', outDir, '--config', configPath, '--sandbox', 'bwrap', ...argv], repo),
    issue: () => {
      const filed = github.issues.filter((i) => markerOf(i.body));
      if (filed.length !== 1) throw new Error(`expected one filed issue, found ${filed.length}`);
      return filed[0]!;
    },
    commit: (files, message) => {
      writeFiles(repo, files);
      git(repo, 'add', '.');
      git(repo, '-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', message);
      git(repo, 'push', '-q', 'origin', 'main');
      return git(repo, 'rev-parse', 'HEAD');
    },
  };
}
