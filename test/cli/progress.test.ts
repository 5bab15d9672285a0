import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createLogger } from '../../src/engines/terminal/log.ts';
import { etaOf, formatDuration } from '../../src/engines/terminal/eta.ts';
import { spawnCli } from '../helpers/cli.ts';
import { buggyProject } from '../helpers/project.ts';
import { gitRepo } from '../helpers/temp.ts';

function capture() {
  const lines: string[] = [];
  return { lines, stream: { write: (t: string) => lines.push(...t.split('\n').filter(Boolean)), isTTY: false } };
}

test('progress lines show done/total, and an ETA only once the phase has run a few seconds (injected clock)', () => {
  let clock = 1_000_000;
  const out = capture();
  const log = createLogger({ stream: out.stream, now: () => clock });
  log.progress('hunter', 0, 20);
  clock += 1000;
  log.progress('hunter', 2, 20); // 1 s in: too early for an ETA
  clock += 3000;
  log.progress('hunter', 4, 20); // 4 s for 4 items: 16 left at 1 s each
  clock += 1000;
  log.progress('hunter', 20, 20);
  assert.deepEqual(out.lines, ['hunter: 0/20', 'hunter: 2/20', 'hunter: 4/20 · ETA 16 s', 'hunter: 20/20']);
});

test('the ETA arithmetic and its wording', () => {
  assert.equal(etaOf(2999, 5, 10), null);
  assert.equal(etaOf(3000, 0, 10), null);
  assert.equal(etaOf(3000, 10, 10), null);
  assert.equal(etaOf(6000, 3, 10), 14_000);
  assert.equal(formatDuration(14_000), '14 s');
  assert.equal(formatDuration(0), '0 s');
  assert.equal(formatDuration(20), 'under 0.1 s');
  assert.equal(formatDuration(340), '0.3 s');
  assert.equal(formatDuration(960), '1 s');
  assert.equal(formatDuration(125_000), '2 min 5 s');
  assert.equal(formatDuration(3_780_000), '1 h 3 min');
});

test('--progress=json writes one JSON object per line with the ETA as a number', () => {
  let clock = 0;
  const out = capture();
  const log = createLogger({ stream: out.stream, now: () => clock, format: 'json' });
  log.info('engine: static');
  log.progress('retrieval', 0, 4);
  clock = 4000;
  log.progress('retrieval', 2, 4, 'indexing');
  log.warn('careful');
  assert.deepEqual(out.lines.map((l) => JSON.parse(l) as unknown), [
    { event: 'info', message: 'engine: static' },
    { event: 'progress', phase: 'retrieval', done: 0, total: 4 },
    { event: 'progress', phase: 'retrieval', done: 2, total: 4, detail: 'indexing', etaMs: 4000 },
    { event: 'warning', message: 'careful' },
  ]);
});

test('scan --json keeps progress on stderr (text, or JSON lines with --progress json) and stdout one JSON document', async (t) => {
  const repo = gitRepo(t, buggyProject(2));
  const text = await spawnCli(['scan', repo, '--json']);
  assert.equal(text.code, 1, text.stderr);
  assert.equal((JSON.parse(text.stdout) as { exitCode: number }).exitCode, 1);
  assert.match(text.stderr, /^hunter: \d+\/\d+/m);

  const json = await spawnCli(['scan', repo, '--json', '--progress', 'json']);
  assert.equal(json.code, 1, json.stderr);
  assert.equal((JSON.parse(json.stdout) as { exitReason: string }).exitReason, '2 confirmed findings at or above --fail-on low');
  const events = json.stderr.trim().split('\n').map((l) => JSON.parse(l) as { event: string; phase?: string });
  assert.ok(events.some((e) => e.event === 'progress' && e.phase === 'hunter'), json.stderr);

  const none = await spawnCli(['scan', repo, '--json', '--progress', 'none']);
  assert.equal(none.stderr, '');
});
