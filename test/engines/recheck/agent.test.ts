import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { nativeAgentBinary, startAgent } from '../../../src/engines/recheck/agent.ts';
import { checkRegexSync } from '../../../src/engines/recheck/sync.ts';
import { checkRegex, loadRecheck, RECHECK_LIMITS, verdictOf } from '../../../src/engines/recheck/verdict.ts';

// Exponential, polynomial of two and three degrees, linear, a backreference (the fuzz checker), a lookahead, flags,
// and a pattern that does not parse.
const PATTERNS: Array<[string, string]> = [
  ['^(a+)+$', ''],
  ['^(a|a)*b$', ''],
  ['\\s*,+\\s*', ''],
  ['^a*a*a*b$', ''],
  ['^\\d+$', ''],
  ['([^ ]+) *(.*)', ''],
  ['\\.|\\[(?:[^[\\]]*|(["\'])(?:(?!\\1)[^\\\\]|\\\\.)*?\\1)\\]', ''],
  ['^(?=a)(a+)+b', 'i'],
  ['[\\s]*[^\\s]+', 'g'],
  ['(unclosed', ''],
];

test('the native agent and the synchronous helper give recheck\'s own verdicts, and recheck\'s client is never loaded', async () => {
  assert.ok(nativeAgentBinary(), 'recheck ships a native agent for this platform');
  const viaAgent = await Promise.all(PATTERNS.map(([source, flags]) => checkRegex(source, flags)));
  const viaHelper = PATTERNS.map(([source, flags]) => checkRegexSync(source, flags));
  const loaded = Object.keys(createRequire(import.meta.url).cache).filter((path) => /[\\/]recheck[\\/]lib[\\/]/.test(path));
  assert.deepEqual(loaded, [], 'neither path loads recheck\'s compiled Scala');
  const own = PATTERNS.map(([source, flags]) => verdictOf(loadRecheck().checkSync(source, flags, RECHECK_LIMITS)));
  assert.deepEqual(viaAgent, own);
  assert.deepEqual(viaHelper, own);
  assert.equal(own.filter((v) => v.vulnerable).length, 6, JSON.stringify(own));
  assert.ok(own.some((v) => v.complexity === 'exponential') && own.some((v) => v.complexity.startsWith('2nd degree')) && own.some((v) => v.complexity.startsWith('3rd degree')));
});

test('an agent that cannot start fails its questions with the reason; RECHECK_BACKEND and RECHECK_BIN are honoured as recheck honours them', async () => {
  await assert.rejects(startAgent('/nonexistent/recheck').check('^a+$', '', RECHECK_LIMITS), /recheck agent \/nonexistent\/recheck: spawn \/nonexistent\/recheck ENOENT/);
  assert.equal(nativeAgentBinary({ RECHECK_BACKEND: 'pure' }), null);
  assert.equal(nativeAgentBinary({ RECHECK_BACKEND: 'java' }), null);
  assert.equal(nativeAgentBinary({ RECHECK_BIN: '/opt/recheck' }), '/opt/recheck');
  assert.match(nativeAgentBinary({ RECHECK_BACKEND: 'native' }) ?? '', /recheck-linux-x64[\\/]recheck$/);
});
