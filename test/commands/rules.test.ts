// `bug-hunter rules`: the raw counts and the smoothed figure each labelled, whether each rule is on by default, and —
// with a target, --config or --rule — what a scan there would do with it and whose word that is.
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { runCli } from '../helpers/cli.ts';
import { tempDir } from '../helpers/temp.ts';

function rowOf(stdout: string, id: string): string {
  const row = stdout.split('\n').find((l) => l.startsWith(`${id} `));
  assert.ok(row, `no row for ${id} in:\n${stdout}`);
  return row;
}

test('rules labels the raw counts and the smoothed figure, and gives no here column without a target', async () => {
  const { code, stdout } = await runCli(['rules']);
  assert.equal(code, 0);
  assert.match(stdout.split('\n')[0] ?? '', /default\s+raw tp\/judged\s+smoothed precision\s+why on or off/);
  assert.doesNotMatch(stdout.split('\n')[0] ?? '', /\bhere\b/);
  assert.match(rowOf(stdout, 'switch-fallthrough'), /\boff\b/);
});

test("rules <target> says what a scan there would do with each rule: the repository's config, --config, then --rule", async (t) => {
  const repo = tempDir(t, 'rules-here-');
  mkdirSync(join(repo, '.bug-hunter'), { recursive: true });
  writeFileSync(join(repo, '.bug-hunter', 'config.json'), JSON.stringify({ rules: { 'command-injection': 'off', 'path-traversal': 'low' } }));
  const mine = join(tempDir(t, 'rules-mine-'), 'mine.json');
  writeFileSync(mine, JSON.stringify({ rules: { 'path-traversal': 'medium' } }));

  const plain = await runCli(['rules', repo]);
  assert.equal(plain.code, 0, plain.stderr);
  assert.match(plain.stdout.split('\n')[0] ?? '', /\bhere\b/);
  assert.match(rowOf(plain.stdout, 'command-injection'), /\boff \(.*\.bug-hunter\/config\.json\)/);
  assert.match(rowOf(plain.stdout, 'path-traversal'), /on, low \(.*\.bug-hunter\/config\.json\)/);
  assert.match(plain.stdout, /off here/);

  const layered = await runCli(['rules', repo, '--config', mine, '--rule', 'command-injection=high']);
  assert.equal(layered.code, 0, layered.stderr);
  assert.match(rowOf(layered.stdout, 'path-traversal'), /on, medium \(.*mine\.json\)/);
  assert.match(rowOf(layered.stdout, 'command-injection'), /on, high \(--rule\)/);

  // The repository's word is left out on request; a severity does not turn on a rule that is off by default.
  const noRepo = await runCli(['rules', repo, '--no-repo-suppressions', '--rule', 'switch-fallthrough=high']);
  assert.match(rowOf(noRepo.stdout, 'command-injection'), /  on  /);
  assert.match(rowOf(noRepo.stdout, 'switch-fallthrough'), /off\s+off\s/);

  const json = JSON.parse((await runCli(['rules', repo, '--json'])).stdout) as Array<{ id: string; here?: { on: boolean; by: string } }>;
  assert.equal(json.find((r) => r.id === 'command-injection')?.here?.on, false);
});

test('rules refuses an unknown rule id in --rule, naming it', async () => {
  const result = await runCli(['rules', '--rule', 'no-such-rule=off']);
  assert.equal(result.code, 2);
  assert.match(result.stderr, /no rule 'no-such-rule'/);
});
