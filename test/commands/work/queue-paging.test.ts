// `bug-hunter work` against a GitHub whose queue listing never ends (the stand-in's next link always there): the
// listing stops at a loop or after 100 pages, work exits 3 naming why, and nothing is done — no GitHub write, no
// push, no fixer call; the work report records the failed run whole.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readArtifact } from '../../../src/artifacts/store.ts';
import { MAX_PAGES } from '../../../src/engines/publish/paging.ts';
import { GOOD } from '../../engines/fix/helpers.ts';
import { queueWorld, remoteBranches } from './queue-setup.ts';

test(`a queue listing that loops, or goes on past ${MAX_PAGES} pages: work exits 3 naming it and writes nothing to GitHub`, async (t) => {
  const w = await queueWorld(t, [GOOD]);
  w.queueIssue();
  const cases = [
    ['repeat', /listing of the open issues labelled nightshift in acme\/widgets loops: page 2 links back to a page already read/],
    ['new', new RegExp(`listing of the open issues labelled nightshift in acme/widgets goes on past ${MAX_PAGES} pages, the limit`)],
  ] as const;
  for (const [mode, message] of cases) {
    w.github.endlessPages = mode;
    const result = await w.work();
    assert.equal(result.code, 3, result.stderr);
    assert.match(result.stderr, message);
    assert.deepEqual(w.github.writes(), [], mode);
    assert.deepEqual(remoteBranches(w.remote), ['main'], mode);
    assert.equal(w.fixerCalls(), 0, mode);
    const report = readArtifact(w.outDir, 'work-report');
    assert.equal(report.status, 'failed', mode);
    assert.match(report.error ?? '', message);
    assert.deepEqual(report.issues, [], mode);
  }
});
