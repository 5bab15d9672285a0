// The fixer as an agent CLI through the `command` backend: a scripted agent (a node script, not a model) edits
// files in its working directory; the queue reads the change back from git and holds it to the scope rules,
// the gates, the proof in bwrap and the panel like a model's edits. Real CLI, GitHub stand-in, bare origin.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readArtifact } from '../../../src/artifacts/store.ts';
import { editsFromChange } from '../../../src/engines/fix/agent-edits.ts';
import { applyEdits } from '../../../src/engines/fix/edits.ts';
import { git } from '../../engines/fix/helpers.ts';
import { scriptedAgent } from './scripted-agent.ts';
import { queueWorld, remoteBranches } from './queue-setup.ts';

// Reads its prompt from stdin, records it and where it ran, runs `edit(cwd)`, answers with its explanation.
const agentScript = (edit: string) => `
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
const prompt = readFileSync(0, 'utf8');
writeFileSync(OUT('prompt.txt'), prompt);
writeFileSync(OUT('cwd.txt'), process.cwd());
const cwd = process.cwd();
${edit}
process.stdout.write(JSON.stringify({ explanation: 'scripted agent edit' }));
`;

const FIXES_CLAMP = `writeFileSync(join(cwd, 'src/clamp.js'), readFileSync(join(cwd, 'src/clamp.js'), 'utf8').replace('if (x > hi) return lo;', 'if (x > hi) return hi;'));`;

test('an agent CLI fixer edits the worktree with the issue as its specification; the change is proven, pushed and opened as a draft PR', async (t) => {
  const agent = scriptedAgent(t, agentScript(FIXES_CLAMP));
  const w = await queueWorld(t, [], { fixerCommand: agent.argv });
  const issue = w.queueIssue();
  issue.body += '\nPlease keep the signature of clamp.';
  const result = await w.work();
  assert.equal(result.code, 0, result.stderr + result.stdout);
  const entry = readArtifact(w.outDir, 'work-report').issues[0]!;
  assert.equal(entry.outcome, 'pr-opened', entry.reason);
  assert.equal(w.fixerCalls(), 0, 'the model server was not asked: the agent fixed it');

  const prompt = agent.read('prompt.txt')!;
  assert.match(prompt, /# Agent fixer/, 'the agent got the agent fixer\'s instructions');
  assert.match(prompt, /Issue #1: clamp returns lo instead of hi above the range/);
  assert.match(prompt, /Please keep the signature of clamp\./, 'the issue is the specification');
  assert.match(prompt, /Allowed edits:\n- src\/clamp\.js: lines 3-3/, 'with the scope');
  assert.match(agent.read('cwd.txt')!, /\/bh-work-[^/]+\/gh-1$/, "the agent ran in the issue's worktree, not the user's checkout");

  assert.match(git(w.remote, 'show', `${entry.branch}:src/clamp.js`), /if \(x > hi\) return hi;/);
  assert.deepEqual(git(w.remote, 'diff', '--name-only', 'main', entry.branch!).split('\n'), ['src/clamp.js']);
  assert.equal(git(w.repo, 'status', '--porcelain'), '', "the user's working tree is untouched");
  assert.equal(w.github.pulls.length, 1);
  assert.equal(w.github.pulls[0]!.draft, true);
});

test('an agent that also edits outside the scope is rejected on every attempt: no PR, auto-failed naming the fix phase', async (t) => {
  const agent = scriptedAgent(t, agentScript(`${FIXES_CLAMP}\nwriteFileSync(join(cwd, 'test/clamp.test.js'), '// tests removed\\n');\nwriteFileSync(join(cwd, 'NOTES.md'), 'new file\\n');`));
  const w = await queueWorld(t, [], { fixerCommand: agent.argv });
  const issue = w.queueIssue();
  const result = await w.work();
  assert.equal(result.code, 0, result.stderr);
  const entry = readArtifact(w.outDir, 'work-report').issues[0]!;
  assert.deepEqual([entry.outcome, entry.failure], ['failed', 'spec'], entry.reason);
  assert.deepEqual(entry.attempts.map((a) => a.outcome), ['rejected', 'rejected', 'rejected']);
  assert.match(entry.attempts[0]!.reason, /file is outside the fixer scope|creates a new file/);
  assert.deepEqual(remoteBranches(w.remote), ['main']);
  assert.equal(w.github.pulls.length, 0);
  assert.ok(issue.labels.includes('auto-failed'));
  assert.match(issue.comments.at(-1)!, /stopped at the \*\*fix\*\* phase/);
});

test("an agent's change becomes one search/replace edit per hunk, each found once in the base; a new file stays a new file", () => {
  const before = Array.from({ length: 30 }, (_, i) => `line ${i + 1}`).join('\n') + '\n';
  const after = before.replace('line 4\n', 'line four\n').replace('line 25\n', 'line 25\nline 25b\n');
  const edits = editsFromChange('a.txt', before, after);
  assert.equal(edits.length, 2);
  const entry = { id: 'e', bugIds: ['b'], files: [{ path: 'a.txt', ranges: [{ start: 1, end: 30 }] }], gates: { maxFiles: 1, maxChangedLines: 10, maxNetDeletions: 1, maxGrossDeletions: 1 } };
  const applied = applyEdits(edits, entry as never, 0, () => before);
  assert.ok(applied.ok, applied.ok ? '' : applied.reason);
  assert.equal(applied.files.get('a.txt')!.after, after, 'the edits rebuild exactly what the agent wrote');
  const created = applyEdits(editsFromChange('a.txt', null, 'x\n'), entry as never, 0, () => null);
  assert.deepEqual(created.ok ? null : created.reason, 'edit 1 (a.txt): creates a new file');
});
