// Why a resume is refused, in the caller's words: which flags differ from the run it would attach to
// ("--loop: was on, now off"), never option hashes. Pure.
import { canonicalJson } from '../../foundations/hashing/hash.ts';

// Run and scope option keys as the flags that set them; keys not listed are named as they are.
const FLAG_OF: Record<string, string> = {
  profile: '--profile',
  failOn: '--fail-on',
  concurrency: '--concurrency',
  chunkTokens: '--chunk-tokens',
  maxChunks: '--max-chunks',
  loop: '--loop',
  showSuspected: '--show-suspected',
  engine: 'engine (--provider or the config)',
  staticEngine: 'static engine rules (bug-hunter was updated)',
  verifyPlan: '--verify-plan',
  sandboxBackend: '--sandbox',
  allowUnsandboxed: '--i-understand-this-runs-untrusted-code-unsandboxed',
  dependencies: '--deps',
  fix: '--fix',
  autoCommit: '--auto-commit',
  shard: '--shard',
  includeTests: '--include-tests',
  includeGenerated: '--include-generated',
  noGitignore: '--no-gitignore',
  maxFileBytes: '--max-file-bytes',
  include: '--include',
  exclude: '--exclude',
  diff: 'the diff scope (--since, --diff, --staged, --radius)',
  baseline: '--baseline',
};

function shown(value: unknown): string {
  if (value === undefined || value === false) return value === false ? 'off' : 'not set';
  if (value === true) return 'on';
  return typeof value === 'string' ? value : canonicalJson(value);
}

/** "--loop: was on, now off" for every key whose value differs; an absent key and false read the same for a switch. */
export function optionDifferences(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  const out: string[] = [];
  for (const key of keys) {
    const a = before[key] === false ? undefined : before[key];
    const b = after[key] === false ? undefined : after[key];
    if (canonicalJson(a) === canonicalJson(b)) continue;
    const switchLike = typeof before[key] === 'boolean' || typeof after[key] === 'boolean';
    const was = switchLike ? (a ? 'on' : 'off') : shown(a);
    const now = switchLike ? (b ? 'on' : 'off') : shown(b);
    out.push(`${FLAG_OF[key] ?? key}: was ${was}, now ${now}`);
  }
  return out;
}
