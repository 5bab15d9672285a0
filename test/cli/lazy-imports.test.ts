import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { spawnCli, type CliResult } from '../helpers/cli.ts';
import { runCompiledMany, type ManyResult } from '../helpers/cli-many.ts';
import { gitRepo, tempDir } from '../helpers/temp.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const PROBE = fileURLToPath(new URL('../helpers/module-log.mjs', import.meta.url));

// What a command that does not call a model, parse code or run untrusted code must never load.
const SDKS = /node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?(?:@anthropic-ai\/sdk|openai|execa)\//;
const AST_GREP = /node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?@ast-grep\//;
// Every sandbox module but none.js, which only holds the opt-out flag's name for `scan --help`.
const SANDBOX = /\/dist\/engines\/sandbox\/(?!none\.js$)/;
// The whole-report renderers: only `report --format` loads one.
const RENDERERS = /\/dist\/engines\/(?:report\/(?:markdown|sarif|junit)|review\/(?:github-review|pr-comment))\.js$/;
// The opt-in phases (and their libraries behind them): a plain scan runs none, so it loads none.
const OPT_IN_PHASES = /\/dist\/phases\/(?:fix-plan|fixer|deps|verify|repro|leads)\//;
// The GitHub client: only a publish that talks to GitHub loads it.
const OCTOKIT = /node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?@octokit\//;

// The CLI runs bundled (scripts/build-bundle.mjs): a loaded chunk of dist/bundle/ stands for the dist/ modules it
// holds (dist/bundle/inputs.json), so the patterns above see them. Every module of a chunk runs when it loads.
const BUNDLE = join(ROOT, 'dist', 'bundle');
const chunkInputs = JSON.parse(readFileSync(join(BUNDLE, 'inputs.json'), 'utf8')) as Record<string, string[]>;
const BUNDLE_URL = pathToFileURL(BUNDLE).href;
const DIST_URL = pathToFileURL(join(ROOT, 'dist')).href;

/** The dist/ modules a run loaded from outside the bundle: a second, unbundled copy of what the bundle holds. */
const outsideBundle = (loaded: string[]): string[] => loaded.filter((m) => m.startsWith(`${DIST_URL}/`) && !m.startsWith(`${BUNDLE_URL}/`));

function withChunkInputs(modules: string[]): string[] {
  return modules.flatMap((url) => {
    const chunk = url.startsWith(`${BUNDLE_URL}/`) ? url.slice(BUNDLE_URL.length + 1) : undefined;
    const inputs = chunk === undefined ? undefined : chunkInputs[chunk];
    if (chunk !== undefined && !inputs) throw new Error(`${chunk} was loaded but dist/bundle/inputs.json does not list it`);
    return [url, ...(inputs ?? []).map((input) => pathToFileURL(join(ROOT, 'dist', input)).href)];
  });
}

/** The CLI's result, the modules it loaded with each chunk's inputs added, and the URLs as logged (`loaded`). */
async function loadedBy(t: import('node:test').TestContext, argv: string[], cwd = ROOT, env: NodeJS.ProcessEnv = {}): Promise<{ result: CliResult; modules: string[]; loaded: string[] }> {
  const log = join(tempDir(t, 'bh-modlog-'), 'modules.log');
  const result = await spawnCli(argv, { cwd, nodeArgs: ['--import', PROBE], env: { ...env, BH_MODULE_LOG: log } });
  const loaded = readFileSync(log, 'utf8').split('\n').filter(Boolean);
  return { result, modules: withChunkInputs(loaded), loaded };
}

function heavy(modules: string[], patterns: RegExp[]): string[] {
  return modules.filter((m) => patterns.some((re) => re.test(m)));
}

function scannedExample(t: import('node:test').TestContext): string {
  const repo = gitRepo(t, { 'README.md': '# copy of examples/demo-api\n' });
  cpSync(join(ROOT, 'examples/demo-api'), repo, { recursive: true, filter: (src) => !src.includes('.bug-hunter') });
  cpSync(join(ROOT, '.bug-hunter.example'), join(repo, '.bug-hunter'), { recursive: true });
  return repo;
}

test('the probe sees the heavy modules when they do load: a no-key scan loads ast-grep (and no model SDK), all from the bundle', async (t) => {
  const repo = gitRepo(t, { 'src/a.js': "import { exec } from 'node:child_process';\nexport const f = (req) => exec('ls ' + req.query.dir);\n" });
  // Two workers, though the file is small: the pool's threads start their bundled entry too.
  const { result, modules, loaded } = await loadedBy(t, ['scan', repo, '--quiet'], ROOT, { BUG_HUNTER_WORKERS: '2' });
  assert.ok(result.code === 0 || result.code === 1, result.stderr);
  assert.ok(loaded.some((m) => m.endsWith('/dist/bundle/main.js')), 'the bundled CLI ran');
  assert.ok(loaded.some((m) => m.endsWith('/dist/bundle/worker.js')), 'the pool\'s workers ran the bundled worker entry');
  assert.deepEqual(outsideBundle(loaded), [], 'the scan loaded no dist/ module outside the bundle');
  assert.ok(modules.some((m) => m.includes('/dist/cli/main.js')), 'the compiled CLI ran');
  assert.notDeepEqual(heavy(modules, [AST_GREP]), [], 'the static engine loaded ast-grep');
  assert.deepEqual(heavy(modules, [SDKS]), [], 'no model is configured, so no SDK loads');
  assert.deepEqual(heavy(modules, [OPT_IN_PHASES]), [], 'a plain scan loads no opt-in phase (fix, deps, verify, leads)');
});

// A scan hunting in one thread asks recheck through a helper thread (src/engines/recheck/sync.ts): its bundled entry too.
test('a scan hunting in one thread asks recheck through the bundled helper thread and reports its verdict', async (t) => {
  const repo = gitRepo(t, {
    'src/route.js': "const express = require('express');\nconst app = express();\napp.get('/x', (req, res) => {\n  if (/^(a+)+$/.test(req.query.name)) res.send('ok');\n  res.send('no');\n});\n",
  });
  const out = tempDir(t, 'bh-out-');
  const { result, loaded } = await loadedBy(t, ['scan', repo, '--quiet', '--json', '--out', out], ROOT, { BUG_HUNTER_WORKERS: '1' });
  assert.ok(result.code === 0 || result.code === 1, result.stderr);
  assert.ok(loaded.some((m) => m.endsWith('/dist/bundle/helper.js')), 'the helper thread ran the bundled helper entry');
  assert.ok(!loaded.some((m) => m.endsWith('/dist/bundle/worker.js')), 'no pool: the hunt ran in one thread');
  assert.deepEqual(outsideBundle(loaded), [], 'no dist/ module outside the bundle');
  const report = JSON.parse(readFileSync(join(out, 'scan-report.json'), 'utf8')) as { findings: { finding: { ruleId: string; claim: string } }[] };
  const redos = report.findings.filter((f) => f.finding.ruleId === 'redos');
  assert.equal(redos.length, 1, JSON.stringify(report.findings.map((f) => f.finding.ruleId)));
  assert.match(redos[0]!.finding.claim, /recheck rates \/\^\(a\+\)\+\$\/ exponential/);
});

/**
 * Each argument list run by the compiled CLI's main() in one process under the module probe: its result and the
 * modules loaded up to its end that no earlier run loaded (the process's start included in every run's share).
 */
function loadedByEach(t: import('node:test').TestContext, argvs: string[][]): (ManyResult & { modules: string[] })[] {
  const log = join(tempDir(t, 'bh-modlog-'), 'modules.log');
  const results = runCompiledMany(argvs, { cwd: ROOT, nodeArgs: ['--import', PROBE], env: { BH_MODULE_LOG: log } });
  // The log: the process's start, then each run's line followed by what that run loaded first.
  const [start, ...shares] = readFileSync(log, 'utf8').split(/^# .*\n/m);
  assert.equal(shares.length, argvs.length, 'a share of the log per run');
  const lines = (text: string) => withChunkInputs(text.split('\n').filter(Boolean));
  return results.map((r, i) => ({ ...r, modules: [...lines(start!), ...lines(shares[i]!)] }));
}

// One process for all of them (a process per command cost most of this file's CPU): a module that none of them
// loaded appears in no share, so a heavy module in any run's share fails that run, and none loaded is none at all.
test('--help and each command\'s --help load no SDK, no ast-grep and no sandbox', (t) => {
  const argvs = [['--help'], ['scan', '--help'], ['doctor', '--help'], ['report', '--help'], ['dismiss', '--help'], ['phase', '--help'], ['watch', '--help'], ['publish', '--help']];
  const runs = loadedByEach(t, argvs);
  assert.deepEqual(runs.map((r) => r.argv), argvs);
  for (const { argv, code, stderr, modules } of runs) {
    assert.equal(code, 0, `${argv.join(' ')}: ${stderr}`);
    assert.deepEqual(heavy(modules, [SDKS, AST_GREP, SANDBOX, OCTOKIT]), [], argv.join(' '));
  }
  assert.ok(runs.every((r) => r.modules.some((m) => m.includes('/dist/cli/main.js'))), 'the compiled CLI ran');
});

test('report list, report show and dismiss on a scanned project load no SDK, no ast-grep and no sandbox', async (t) => {
  const repo = scannedExample(t);
  const list = await loadedBy(t, ['report', 'list', repo, '--json']);
  assert.equal(list.result.code, 0, list.result.stderr);
  assert.deepEqual(heavy(list.modules, [SDKS, AST_GREP, SANDBOX, RENDERERS]), []);
  assert.ok(list.modules.some((m) => m.includes('/dist/vendor/typebox.js')), 'the schemas use the TypeBox bundle');
  assert.deepEqual(list.modules.filter((m) => /node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?@sinclair\/typebox\//.test(m)), [], 'no TypeBox module file loads');
  const id = (JSON.parse(list.result.stdout) as { findings: { finding: { id: string } }[] }).findings[0]?.finding.id;
  assert.ok(id, 'the example run has a reported finding');
  const show = await loadedBy(t, ['report', 'show', id, repo]);
  assert.equal(show.result.code, 0, show.result.stderr);
  assert.deepEqual(heavy(show.modules, [SDKS, AST_GREP, SANDBOX]), []);
  const dismissed = await loadedBy(t, ['dismiss', id, repo, '--reason', 'checked by hand']);
  assert.equal(dismissed.result.code, 0, dismissed.result.stderr);
  assert.deepEqual(heavy(dismissed.modules, [SDKS, AST_GREP, SANDBOX]), []);
});

test('doctor loads no model SDK and no ast-grep (it probes the sandbox backends, so those load)', async (t) => {
  const { result, modules } = await loadedBy(t, ['doctor', '--json']);
  assert.ok(result.code === 0 || result.code === 2, result.stderr);
  assert.deepEqual(heavy(modules, [SDKS, AST_GREP]), []);
  assert.notDeepEqual(heavy(modules, [SANDBOX]), [], 'the probe sees the sandbox modules in the chunks that hold them');
});

test('publish --format (files, no API) loads no GitHub client, no SDK, no ast-grep and no sandbox; the files are written', async (t) => {
  const repo = scannedExample(t);
  const out = join(tempDir(t, 'bh-issues-'), 'issues');
  const { result, modules } = await loadedBy(t, ['publish', repo, '--format', 'json', '--out', out]);
  assert.equal(result.code, 0, result.stderr);
  assert.match(result.stdout, /Wrote [1-9]\d* json files? to /);
  assert.ok(modules.some((m) => m.includes('/dist/engines/publish/body.js')), 'the publish code ran');
  assert.deepEqual(heavy(modules, [SDKS, AST_GREP, SANDBOX, OCTOKIT]), []);
});
