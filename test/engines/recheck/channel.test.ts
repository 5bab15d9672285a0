import { test } from 'node:test';
import assert from 'node:assert/strict';
import { staticHunter } from '../../../src/phases/hunter/static-engine.ts';
import type { ChunkSource } from '../../../src/phases/hunter/engine.ts';
import { createFilePool } from '../../../src/engines/workers/pool.ts';
import { checkRegex, type RecheckChecker, type RegexVerdict } from '../../../src/engines/recheck/verdict.ts';

// A route that applies `pattern` to request input: the ReDoS detector asks recheck about it.
const route = (path: string, pattern: string): ChunkSource => ({
  path,
  language: 'javascript',
  isTest: false,
  content: `const express = require('express');\nconst app = express();\napp.get('/x', (req, res) => {\n  if (${pattern}.test(req.query.name)) res.send('ok');\n  res.send('no');\n});\n`,
});

const PATTERNS = ['/^(a+)+$/', '/^(a|a)*b$/', '/^(\\w+\\s?)*$/', '/^([a-z]+)+@x$/', '/^\\d+(\\.\\d+)*\\.(\\d+)*$/', '/^(ab|a)*c$/'];

test('workers asking the main thread for recheck verdicts find what one thread asking recheck itself finds', async () => {
  const files = PATTERNS.map((p, i) => route(`src/route-${i}.js`, p));
  const inThread = await staticHunter(undefined, { workers: 1 }).hunt('chunk-001', files, new AbortController().signal);
  const redos = inThread.filter((f) => f.ruleId === 'redos');
  // The exponential patterns are findings, and their detail quotes recheck's complexity and attack string.
  assert.ok(redos.length >= 4, `${redos.length} ReDoS findings: ${redos.map((f) => f.file).join(', ')}`);
  assert.ok(redos.every((f) => /recheck rates \/.+\/ exponential \(attack string ".+"\)/.test(f.claim)), redos.map((f) => f.claim).join('\n'));
  const engine = staticHunter(undefined, { workers: 2 });
  try {
    assert.deepEqual(await engine.hunt('chunk-001', files, new AbortController().signal), inThread);
  } finally {
    await engine.close?.();
  }
});

test('a pattern several workers meet is judged once, and a failed verdict fails the file instead of passing it', async () => {
  const asked: string[] = [];
  const counting = async (source: string, flags: string, checker: RecheckChecker): Promise<RegexVerdict> => {
    asked.push(`${checker}:${flags}/${source}`);
    // Slow enough that both workers ask before the first answer is back.
    await new Promise((resolve) => setTimeout(resolve, 50));
    return checkRegex(source, flags, true, checker);
  };
  const pool = createFilePool(2, { checkRegex: counting });
  try {
    const same = Array.from({ length: 6 }, (_, i) => route(`src/same-${i}.js`, '/^(a+)+$/'));
    const results = await Promise.all(same.map((file) => pool.run('hunt', file)));
    assert.ok(results.every((r) => r.entries.some((e) => e.finding.ruleId === 'redos')), 'every copy is a finding');
    // The key is the analyser, a colon, the flags, a slash, then the source.
    assert.deepEqual(asked, ['auto:/^(a+)+$']);
  } finally {
    await pool.close();
  }

  let failures = 0;
  const failing = createFilePool(1, {
    checkRegex: () => {
      failures += 1;
      return Promise.reject(new Error('agent gone'));
    },
  });
  try {
    await assert.rejects(failing.run('hunt', route('src/fails.js', '/^(b+)+$/')), /hunt failed on src\/fails\.js: no recheck verdict came back for \/\^\(b\+\)\+\$\/ \(agent gone\)/);
    // A failure is not kept as the pattern's verdict: the next file with it asks again, and fails again.
    await assert.rejects(failing.run('hunt', route('src/fails-too.js', '/^(b+)+$/')), /hunt failed on src\/fails-too\.js/);
    assert.equal(failures, 2);
  } finally {
    await failing.close();
  }
});

test('a worker asks the main thread for the fuzzer\'s verdict on a repeated group of bounded repeats, and reports its blowup', async () => {
  const asked: string[] = [];
  const recording = (source: string, flags: string, checker: RecheckChecker): Promise<RegexVerdict> => {
    asked.push(`${checker}:${flags}/${source}`);
    return checkRegex(source, flags, true, checker);
  };
  const pool = createFilePool(1, { checkRegex: recording });
  try {
    const result = await pool.run('hunt', route('src/groups.js', '/^(?:\\w{1,8}[-_]?){1,16}$/'));
    assert.deepEqual(asked, ['auto:/^(?:\\w{1,8}[-_]?){1,16}$', 'fuzz:/^(?:\\w{1,8}[-_]?){1,16}$']);
    assert.ok(result.entries.some((e) => e.finding.ruleId === 'redos'), 'the blowup is a finding');
  } finally {
    await pool.close();
  }
});

test('without recheck\'s native agent (RECHECK_BACKEND=pure) a pool of workers finds what one thread finds', async () => {
  const files = PATTERNS.slice(0, 3).map((p, i) => route(`src/route-${i}.js`, p));
  const inThread = await staticHunter(undefined, { workers: 1 }).hunt('chunk-001', files, new AbortController().signal);
  const saved = process.env.RECHECK_BACKEND;
  // Read when the pool starts its workers (they inherit the environment): recheck's own client, pure JavaScript.
  process.env.RECHECK_BACKEND = 'pure';
  const engine = staticHunter(undefined, { workers: 2 });
  try {
    assert.deepEqual(await engine.hunt('chunk-001', files, new AbortController().signal), inThread);
  } finally {
    await engine.close?.();
    if (saved === undefined) delete process.env.RECHECK_BACKEND;
    else process.env.RECHECK_BACKEND = saved;
  }
});
