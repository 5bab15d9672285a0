// The fix demo (examples/fix-demo) as the replay test and scripts/examples/record-fix-demo.ts use it: a real git repo
// made from its files, a scan report with its two findings and their reproductions, and a fixer run on it.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cpSync, readFileSync } from 'node:fs';
import type { FixReport } from '../../../src/artifacts/schemas/fix.ts';
import { parseConfig } from '../../../src/engines/config/load.ts';
import { createModelClient } from '../../../src/engines/models/client.ts';
import { runFixPlan } from '../../../src/phases/fix-plan/index.ts';
import { runFixer } from '../../../src/phases/fixer/index.ts';
import { bwrap, tempTree } from '../sandbox/helpers.ts';
import { fixContext, git, outWith } from './helpers.ts';
import { ZERO_RUN, finding, identity, reported, scanReport } from '../../helpers/builders.ts';

export const FIX_DEMO_DIR = fileURLToPath(new URL('../../../examples/fix-demo/', import.meta.url));
export const FIX_ANSWERS = join(FIX_DEMO_DIR, 'fixer-answers.json');
export const FIX_TRANSCRIPTS = join(FIX_DEMO_DIR, 'transcripts');
export const FIX_MODEL = 'scripted-fix-demo';
export const CLAMP_ID = 'BH-0000a001';
export const LAST_ID = 'BH-0000b002';

const FINDINGS = [
  finding(CLAMP_ID, { file: 'src/range.js', startLine: 3, symbol: 'clamp', evidence: [{ file: 'src/range.js', startLine: 3, endLine: 3, quote: 'if (x > hi) return lo;' }] }),
  finding(LAST_ID, {
    file: 'src/range.js',
    startLine: 12,
    symbol: 'last',
    category: 'boundary',
    claim: 'last reads one past the end and returns undefined',
    runtimeTrigger: 'last([1, 2, 3])',
    evidence: [{ file: 'src/range.js', startLine: 12, endLine: 12, quote: 'return list[list.length];' }],
  }),
];

export type ModelSetup = { kind: 'record'; openaiURL: string } | { kind: 'replay' };

export async function runFixDemo<B>(setup: ModelSetup, options: { autoCommit?: boolean; beforeFix?: (repoDir: string) => B; fixTimeLimitMs?: number } = {}) {
  const repo = tempTree({});
  cpSync(join(FIX_DEMO_DIR, 'package.json'), join(repo.dir, 'package.json'));
  for (const d of ['src', 'test']) cpSync(join(FIX_DEMO_DIR, d), join(repo.dir, d), { recursive: true });
  git(repo.dir, 'init', '-q', '-b', 'main');
  git(repo.dir, 'add', '.');
  git(repo.dir, '-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-q', '-m', 'base');
  const run = identity({ ...ZERO_RUN, repoRoot: repo.dir, baseCommit: git(repo.dir, 'rev-parse', 'HEAD') });
  const out = outWith(scanReport(run, FINDINGS.map((f) => reported(f))), [CLAMP_ID, LAST_ID], (id) => readFileSync(join(FIX_DEMO_DIR, 'repro', `${id}.test.js`), 'utf8'));
  const raw =
    setup.kind === 'record'
      ? { providers: { scripted: { type: 'openai-compatible', baseURL: setup.openaiURL, structuredOutput: 'strict', concurrency: 1 } }, roles: { default: { provider: 'scripted', model: FIX_MODEL } }, retries: { maxAttempts: 1 } }
      : { providers: { replay: { type: 'replay', transcriptsDir: FIX_TRANSCRIPTS } }, roles: { default: { provider: 'replay', model: FIX_MODEL } } };
  const models = createModelClient(parseConfig(raw, 'fix demo config', repo.dir), { outDir: out.outDir, record: setup.kind === 'record', env: { SCRIPTED_API_KEY: 'none', OPENAI_API_KEY: 'none' } });
  const ctx = fixContext(repo.dir, out.outDir, run, options.autoCommit ? { autoCommit: true } : {}, { models, modelRoles: new Set(['fixer'] as const) });
  await runFixPlan(ctx);
  const before = options.beforeFix?.(repo.dir);
  const report: FixReport = await runFixer(ctx, { backend: bwrap(), ...(options.fixTimeLimitMs !== undefined ? { fixTimeLimitMs: options.fixTimeLimitMs } : {}) });
  return { report, repo, before, outDir: out.outDir, cleanup: () => (repo.cleanup(), out.cleanup()) };
}
