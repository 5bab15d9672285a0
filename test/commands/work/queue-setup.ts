// The fix queue's test world: a real git repository (the clamp bug) whose origin is a bare repository on disk,
// a scan report with the finding and its promoted reproduction (outside the repository, passed with --from),
// the GitHub stand-in on 127.0.0.1 holding issues filed with the finding's marker, and the fake model server on
// 127.0.0.1 whose fixer answers come from a SCRIPTED STAND-IN (not a model), through the real OpenAI SDK.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestContext } from 'node:test';
import type { SearchReplace } from '../../../src/engines/fix/edits.ts';
import { markerLine } from '../../../src/engines/publish/body.ts';
import { runCli, type CliResult } from '../../helpers/cli.ts';
import { startGitHubStandIn, type GitHubStandIn, type StandInIssue } from '../../helpers/github-stand-in.ts';
import { tempDir } from '../../helpers/temp.ts';
import { startFakeServer, type FakeServer, type Reply } from '../../engines/models/fixtures/fake-server.ts';
import { messagesOf } from '../../funnel/scripted-model.ts';
import { clampRepo, git, outWith } from '../../engines/fix/helpers.ts';
import { ZERO_RUN, finding, identity, reported, scanReport } from '../../helpers/builders.ts';

export const TOKEN = 'ghp_workQueueStandInToken0123456789abcd';
export const FINDING_ID = 'BH-0000c1a0';
export const FINGERPRINT = '0123456789abcdef';

export interface QueueWorld {
  repo: string;
  remote: string;
  outDir: string;
  github: GitHubStandIn;
  models: FakeServer;
  configPath: string;
  /** Fixer prompts the scripted stand-in answered. */
  fixerCalls: () => number;
  /** Self-review prompts it answered. */
  selfReviews: () => number;
  /** The panel reviewers it was asked as, in the order asked. */
  panelAsked: () => string[];
  work: (...argv: string[]) => Promise<CliResult>;
  queueIssue: (over?: Partial<StandInIssue>) => StandInIssue;
}

export interface WorldOptions {
  /** src/clamp.js as committed (default: the clamp bug of test/engines/fix/helpers.ts), and the finding's line in it. */
  source?: { text: string; line: number };
  /** The finding has a promoted reproduction (default true). */
  repro?: boolean;
  /** What the scripted stand-in answers to a self-review prompt, or to the n-th one (1-based; default: no remarks). */
  selfReview?: Reply | ((n: number) => Reply);
  /** The first fixer answer is held until a second fixer call has arrived, at most this long (the others are answered
   * at once); the provider then allows 4 calls at a time. */
  firstFixerHoldMs?: number;
  /** The fixer is this agent CLI (argv) through the `command` backend instead of the scripted model server. */
  fixerCommand?: string[];
  /** What the scripted stand-in answers as panel reviewer `name` (default: pass, no remarks). */
  panel?: (name: string) => Reply;
  /** Bind no model to the referee role: no model reviewer and no self-review run (default: bound). */
  noReviewerModel?: boolean;
  /** More files committed with the source (path → text); the finding does not cite them. */
  files?: Record<string, string>;
  /** The engine that made the finding (default the builders' model engine). */
  engine?: 'static' | 'model';
}

/** `answer` is what the scripted fixer returns for every fixer prompt (edits, or a Reply such as a 500), or for this prompt. */
export async function queueWorld(t: TestContext, answer: SearchReplace[] | Reply | ((prompt: string) => SearchReplace[]), options: WorldOptions = {}): Promise<QueueWorld> {
  const base = clampRepo();
  t.after(base.cleanup);
  if (options.source || options.files) {
    if (options.source) writeFileSync(join(base.dir, 'src/clamp.js'), options.source.text);
    for (const [path, text] of Object.entries(options.files ?? {})) writeFileSync(join(base.dir, path), text);
    git(base.dir, 'add', '.');
    git(base.dir, '-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'the source under test');
    base.base = git(base.dir, 'rev-parse', 'HEAD');
  }
  const remote = join(tempDir(t, 'bh-remote-'), 'origin.git');
  git(base.dir, 'init', '-q', '--bare', '-b', 'main', remote);
  git(base.dir, 'remote', 'add', 'origin', remote);
  git(base.dir, 'push', '-q', 'origin', 'main');
  const run = identity({ ...ZERO_RUN, repoRoot: base.dir, baseCommit: base.base });
  const line = options.source?.line ?? 3;
  const quote = [{ file: 'src/clamp.js', startLine: line, endLine: line, quote: 'if (x > hi) return lo;' }];
  const out = outWith(scanReport(run, [reported(finding(FINDING_ID, { fingerprint: FINGERPRINT, startLine: line, evidence: quote, ...(options.engine ? { engine: options.engine } : {}) }))]), options.repro === false ? [] : [FINDING_ID]);
  t.after(out.cleanup);

  const github = await startGitHubStandIn({ token: TOKEN });
  t.after(() => github.close());
  const models = await startFakeServer();
  t.after(() => models.close());
  let calls = 0;
  let reviews = 0;
  const asked: string[] = [];
  models.fallback = (req) => {
    const { system, user } = messagesOf(req.body);
    const reviewer = /^# Review: ([\w-]+)/.exec(system)?.[1];
    if (reviewer) {
      asked.push(reviewer);
      return options.panel?.(reviewer) ?? { json: { verdict: 'pass', remarks: [] } };
    }
    if (system.startsWith('# Self-review')) {
      reviews += 1;
      return typeof options.selfReview === 'function' ? options.selfReview(reviews) : (options.selfReview ?? { json: { remarks: [] } });
    }
    if (!system.startsWith('# Fixer')) return { status: 400, message: 'scripted fixer stand-in: not a fixer prompt' };
    calls += 1;
    const edits = typeof answer === 'function' ? answer(user) : answer;
    const reply: Reply = Array.isArray(edits) ? { json: { edits, explanation: 'scripted' } } : edits;
    if (calls !== 1 || !options.firstFixerHoldMs) return reply;
    // oxlint-disable-next-line unicorn/no-thenable -- the fake server's held reply names what follows `then`; never awaited
    return { until: () => calls >= 2, maxMs: options.firstFixerHoldMs, then: reply };
  };
  const configPath = join(tempDir(t, 'bh-work-config-'), 'config.json');
  const scripted = { type: 'openai-compatible', baseURL: models.openaiURL, structuredOutput: 'strict', concurrency: options.firstFixerHoldMs ? 4 : 1 };
  const fixer = options.fixerCommand ? { type: 'command', command: options.fixerCommand } : scripted;
  writeFileSync(configPath, JSON.stringify({ providers: { scripted, fixer }, roles: { fixer: { provider: 'fixer', model: 'scripted-fixer' }, ...(options.noReviewerModel ? {} : { referee: { provider: 'scripted', model: 'scripted-reviewer' } }) }, retries: { maxAttempts: 1 } }));

  const saved = { GITHUB_TOKEN: process.env.GITHUB_TOKEN, GH_TOKEN: process.env.GH_TOKEN, GITHUB_API_URL: process.env.GITHUB_API_URL, BUG_HUNTER_GITHUB_WRITE_PACE_MS: process.env.BUG_HUNTER_GITHUB_WRITE_PACE_MS };
  Object.assign(process.env, { GITHUB_TOKEN: TOKEN, GITHUB_API_URL: github.url, BUG_HUNTER_GITHUB_WRITE_PACE_MS: '0' });
  delete process.env.GH_TOKEN;
  t.after(() => {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  });
  return {
    repo: base.dir,
    remote,
    outDir: out.outDir,
    github,
    models,
    configPath,
    fixerCalls: () => calls,
    selfReviews: () => reviews,
    panelAsked: () => [...asked],
    work: (...argv) => runCli(['work', base.dir, '--repo', 'acme/widgets', '--from', out.outDir, '--config', configPath, '--sandbox', 'bwrap', ...argv], base.dir),
    queueIssue: (over = {}) =>
      github.addIssue({
        title: 'clamp returns lo instead of hi above the range',
        body: `${markerLine(FINGERPRINT)}\n## clamp returns lo instead of hi above the range`,
        labels: ['bug-hunter', 'priority:medium', 'nightshift', 'auto-ready'],
        ...over,
      }),
  };
}

/** The remote's branches (bare repository on disk). */
export function remoteBranches(remote: string): string[] {
  return git(remote, 'for-each-ref', '--format=%(refname:short)', 'refs/heads').split('\n').filter(Boolean).sort();
}
