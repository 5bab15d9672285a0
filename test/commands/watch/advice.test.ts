// What a watch cycle says about files it left unexamined: one short line on a large tree (count, first paths, where
// the full list is), and advice that names only flags watch accepts (scan's "--loop or --max-chunks" is refused by
// watch). Real git, the real watcher, its SQLite database.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PAST_CHUNK_LIMIT_ADVICE } from '../../../src/engines/report/coverage.ts';
import { inWatchTerms, PATHS_SHOWN } from '../../../src/commands/watch/advice.ts';
import { watchCommand } from '../../../src/commands/watch/command.ts';
import { COMMON_OPTIONS } from '../../../src/commands/kit/args.ts';
import { runCli } from '../../helpers/cli.ts';
import { tempDir } from '../../helpers/temp.ts';
import { CLEAN, commit, watchedRepo } from './helpers.ts';

const WATCH_FLAGS = new Set([...watchCommand.help.sections.flatMap((s) => Object.keys(s.flags)), ...Object.keys(COMMON_OPTIONS)].map((f) => `--${f}`));

function foreignFlags(text: string): string[] {
  return [...text.matchAll(/--[a-z][a-z-]*/g)].map((m) => m[0]).filter((f) => !WATCH_FLAGS.has(f));
}

test("a chunk past the plan's limit: watch's advice is its sweep, never scan's --loop or --max-chunks", () => {
  const reason = `chunk-251 is past the plan's chunk limit (250); ${PAST_CHUNK_LIMIT_ADVICE}`;
  assert.deepEqual(foreignFlags(reason), ['--loop', '--max-chunks'], 'scan says what watch refuses');
  assert.deepEqual(foreignFlags(inWatchTerms(reason, true)), []);
  assert.match(inWatchTerms(reason, true), /chunk limit \(250\); the slow sweep covers it in a later cycle \(--sweep-chunks <n> per cycle\)$/);
  assert.deepEqual(foreignFlags(inWatchTerms(reason, false)), []);
  assert.match(inWatchTerms(reason, false), /with --no-sweep it stays unreviewed/);
});

test('a cycle that leaves many files unexamined says how many, names a few and where the full list is', async (t) => {
  const repo = watchedRepo(t);
  const files = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`src/m${String(i).padStart(2, '0')}.js`, CLEAN.replace('ok', `m${i}`)]));
  const sha = commit(repo, files, 'thirty modules');
  const config = join(tempDir(t, 'bh-user-config-'), 'config.json');
  writeFileSync(config, JSON.stringify({ budgets: { perCycleSeconds: 0.001 } }));
  const run = await runCli(['watch', '--once', repo, '--quiet', '--json', '--config', config]);
  assert.equal(run.code, 0, run.stderr);
  const processed = (JSON.parse(run.stdout) as { processed: { sha: string; status: string; detail: string }[] }).processed;
  assert.deepEqual(processed.map((p) => [p.sha, p.status]), [[sha, 'partial']]);
  const detail = processed[0]!.detail;
  const where = join('.bug-hunter', 'watch', 'runs', sha, 'coverage.json');
  assert.match(detail, new RegExp(`^incomplete: 31 file\\(s\\) unreviewed \\(.+\\): (src/[\\w.]+, ){${PATHS_SHOWN - 1}}src/[\\w.]+ and ${31 - PATHS_SHOWN} more \\(all in ${where.replace(/\./g, '\\.')}\\); no change$`));
  assert.ok(detail.length < 400, `one short line (${detail.length} characters)`);
  assert.deepEqual(foreignFlags(detail), []);
  // The full list is where the line says.
  const coverage = JSON.parse(readFileSync(join(repo, where), 'utf8')) as { files: { path: string; status: string }[] };
  assert.equal(coverage.files.filter((f) => f.status === 'unreviewed').length, 31);
  assert.ok(existsSync(join(repo, where)));
});
