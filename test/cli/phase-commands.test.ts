import assert from 'node:assert/strict';
import { parseArgs } from 'node:util';
import { test } from 'node:test';
import { phaseCommandLines } from '../../src/commands/kit/phase-commands.ts';

const tokensOf = (args: string[]) =>
  parseArgs({ args, options: { out: { type: 'string' }, quiet: { type: 'boolean' }, advisories: { type: 'string' }, leads: { type: 'string', multiple: true }, model: { type: 'string' } }, allowPositionals: true, tokens: true }).tokens;

test('each printed command keeps the target and flags as given, in their order, and names its own phase', () => {
  const tokens = tokensOf(['report', 'my repo', '--out', 'out dir', '--model', 'm1', '--quiet']);
  assert.deepEqual(phaseCommandLines(['plan', 'report'], tokens), [
    "bug-hunter phase plan 'my repo' --out 'out dir' --model m1 --quiet",
    "bug-hunter phase report 'my repo' --out 'out dir' --model m1 --quiet",
  ]);
});

test('a flag only one phase takes is kept for that phase and dropped for the others; no target stays no target', () => {
  const tokens = tokensOf(['deps', '--advisories', 'osv/', '--leads', 'a.sarif']);
  assert.deepEqual(phaseCommandLines(['leads', 'deps', 'report'], tokens), [
    'bug-hunter phase leads --leads a.sarif',
    'bug-hunter phase deps --advisories osv/',
    'bug-hunter phase report',
  ]);
});
