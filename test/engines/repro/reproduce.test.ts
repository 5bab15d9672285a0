import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promote } from '../../../src/engines/repro/promote.ts';
import { reproduceFinding } from '../../../src/engines/repro/reproduce.ts';
import type { BugSignature } from '../../../src/engines/repro/types.ts';
import { bwrap, hashTree } from '../sandbox/helpers.ts';
import { buggyProject, scriptedWriter } from './helpers.ts';
import { CART_FINDING, finding } from '../../helpers/builders.ts';

const TYPE_ERROR: BugSignature = { errorType: 'TypeError', messageFragment: "Cannot read properties of undefined (reading 'name')" };
const WORDS: BugSignature = { marker: true };
const NAME_BUG = finding('BH-0000aaaa', { claim: 'firstName crashes when the user has no profile', startLine: 8 }, CART_FINDING);
const TOTAL_BUG = finding('BH-0000bbbb', { claim: 'total skips the first item', startLine: 3 }, CART_FINDING);

test('a genuinely failing node:test test on the buggy module is reproduced, twice, and promoted to T1', async () => {
  const project = buggyProject();
  const outDir = mkdtempSync(join(tmpdir(), 'bh-repro-out-'));
  const before = hashTree(project.dir);
  try {
    const writer = scriptedWriter(["test('no profile', () => { assert.equal(cart.firstName({}), undefined); });"]);
    const result = await reproduceFinding({ target: project.dir, finding: NAME_BUG, signature: TYPE_ERROR, writer, backend: bwrap() });
    assert.equal(result.outcome, 'reproduced', result.reason);
    assert.equal(result.tier, 'T1');
    assert.equal(result.attempts, 1);
    assert.equal(writer.inputs[0]?.framework, 'node:test');
    assert.match(writer.inputs[0]?.sourceExcerpt ?? '', /8: {3}return user\.profile\.name/);
    assert.equal(writer.inputs[0]?.nearestTests[0]?.path, 'test/cart.test.js');
    assert.equal(hashTree(project.dir), before, 'the original tree was written');
    const rel = promote(outDir, NAME_BUG, TYPE_ERROR, result.proven!);
    assert.equal(rel, 'repro/BH-0000aaaa/');
    for (const file of ['repro.test.js', 'run.sh', 'failing-output.txt', 'README.md']) assert.ok(existsSync(join(outDir, rel, file)), file);
    assert.match(readFileSync(join(outDir, rel, 'failing-output.txt'), 'utf8'), /TypeError/);
  } finally {
    project.cleanup();
    rmSync(outDir, { recursive: true, force: true });
  }
});

test('a bug described in words is reproduced when the failing assertion prints the run marker', async () => {
  const project = buggyProject();
  try {
    const writer = scriptedWriter(["test('sums all', () => { assert.equal(cart.total([{ price: 10 }, { price: 20 }]), 30, `${process.env.BUG_HUNTER_MARKER}: total skips the first item`); });"]);
    const result = await reproduceFinding({ target: project.dir, finding: TOTAL_BUG, signature: WORDS, writer, backend: bwrap() });
    assert.equal(result.outcome, 'reproduced', result.reason);
    assert.equal(writer.inputs[0]?.expect?.markerEnv, 'BUG_HUNTER_MARKER');
  } finally {
    project.cleanup();
  }
});

test('a test that fails for a different reason (a TypeError from a typo) is refused after 3 attempts, each fed the last output', async () => {
  const project = buggyProject();
  try {
    const writer = scriptedWriter(["test('no profile', () => { cart.firstNme({}); });"]);
    const result = await reproduceFinding({ target: project.dir, finding: NAME_BUG, signature: TYPE_ERROR, writer, backend: bwrap() });
    assert.equal(result.outcome, 'not-reproduced');
    assert.equal(result.tier, 'T2');
    assert.equal(result.attempts, 3);
    assert.match(result.reason, /^not reproduced: wrong failure/);
    assert.match(writer.inputs[1]?.previousAttempt?.output ?? '', /firstNme is not a function/);
    assert.match(writer.inputs[2]?.previousAttempt?.reason ?? '', /wrong failure/);
  } finally {
    project.cleanup();
  }
});

test('a marker present only in the test source does not count', async () => {
  const project = buggyProject();
  try {
    const writer = scriptedWriter([
      "const MARK = 'BHM-0123456789abcdef'; test('sums all', () => { assert.equal(cart.total([{ price: 10 }, { price: 20 }]), 30, MARK); });",
      "test('sums all', () => { console.log(process.env.BUG_HUNTER_MARKER); assert.ok(cart.total([{ price: 10 }]) === 10); });",
    ]);
    const result = await reproduceFinding({ target: project.dir, finding: TOTAL_BUG, signature: WORDS, writer, backend: bwrap() });
    assert.equal(result.outcome, 'not-reproduced');
    assert.match(result.reason, /did not print the run marker/);
  } finally {
    project.cleanup();
  }
});

test('a flaky test, failing differently on each run, is refused', async () => {
  const project = buggyProject();
  try {
    const writer = scriptedWriter(["test('sums all', () => { assert.equal(cart.total([{ price: 10 }, { price: 20 }]), 30, `${process.env.BUG_HUNTER_MARKER} roll ${Math.random()}`); });"]);
    const result = await reproduceFinding({ target: project.dir, finding: TOTAL_BUG, signature: WORDS, writer, backend: bwrap() });
    assert.equal(result.outcome, 'not-reproduced');
    assert.match(result.reason, /flaky/);
  } finally {
    project.cleanup();
  }
});

test('a pre-existing failure is not the injected test, and a hanging test is unknown: timeout', async () => {
  const project = buggyProject();
  // A pre-existing failing test that even prints the marker: it still is not the injected test.
  writeFileSync(join(project.dir, 'test/old.test.js'), "import { test } from 'node:test';\nimport assert from 'node:assert/strict';\ntest('old', () => assert.fail(`${process.env.BUG_HUNTER_MARKER} old failure`));\n");
  try {
    const foreign = scriptedWriter(["import './old.test.js';\ntest('fine', () => {});"]);
    const result = await reproduceFinding({ target: project.dir, finding: TOTAL_BUG, signature: WORDS, writer: foreign, backend: bwrap() });
    assert.equal(result.outcome, 'not-reproduced');
    assert.match(result.reason, /a test other than the injected one failed \(old\)/);
    const hang = scriptedWriter(["test('hangs', async () => { for (;;) {} });"]);
    const timeout = await reproduceFinding({ target: project.dir, finding: TOTAL_BUG, signature: WORDS, writer: hang, backend: bwrap(), timeoutMs: 1_500 });
    assert.equal(timeout.outcome, 'unknown');
    assert.equal(timeout.reason, 'unknown: timeout');
    assert.equal(timeout.attempts, 1);
  } finally {
    project.cleanup();
  }
});
