// The recheck agent a scan starts (a child process answering ReDoS questions) is stopped and reaped before the CLI
// exits: it is not left behind, running or defunct, to the host's init.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { tempDir, writeFiles } from '../../helpers/temp.ts';
import { descendantsNow, startCli, stillThere } from '../../helpers/cli-process.ts';

const REDOS = [
  "const express = require('express');",
  'const app = express();',
  "app.get('/check', (req, res) => {",
  '  res.send(String(/^(a+)+$/.test(req.query.name)));',
  '});',
  'module.exports = app;',
  '',
].join('\n');

test('a scan that asks recheck leaves no recheck process behind, running or defunct', async (t) => {
  const target = tempDir(t, 'bh-reaped-');
  writeFiles(target, { 'app.js': REDOS });
  const cli = startCli(['scan', target, '--json']);
  // Every process the CLI started, as seen while it ran.
  const seen = new Map<string, string>();
  let running = true;
  const watch = (async () => {
    while (running) {
      for (const [key, what] of descendantsNow(cli.child.pid!)) seen.set(key, what);
      await new Promise((r) => setTimeout(r, 5));
    }
  })();
  const ended = await cli.ended;
  running = false;
  await watch;
  const left = stillThere(seen);
  assert.equal(ended.code, 1, ended.stderr);
  assert.match(ended.stdout.toString('utf8'), /redos/i, 'recheck judged the pattern');
  assert.ok([...seen.values()].some((what) => what.startsWith('recheck')), `the recheck agent ran: ${[...seen.values()].join(', ')}`);
  assert.deepEqual(left, [], 'every process the scan started is gone and reaped');
});
