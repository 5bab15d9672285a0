// The fixer as an agent CLI (the `command` backend, e.g. `claude -p`): it runs in the attempt's worktree with the
// issue as its specification and the scope rules, and edits files itself. What it changed is read back from git
// as search/replace edits and the worktree reset, so fixOne checks, applies and proves them exactly as a model's.
import { readInside } from '../../foundations/fs/inside.ts';
import { join, relative } from 'node:path';
import { Type, type Static } from '@sinclair/typebox';
import { editsFromChange } from './agent-edits.ts';
import type { SearchReplace } from './edits.ts';
import { resetWorktree, runGit } from '../git/worktree.ts';
import type { ModelClient } from '../models/types.ts';
import { systemPrompt } from '../prompts/render.ts';
import { fixerPrompt, withSpecification, type EditProposer, type FixWorkspace } from './propose.ts';

export const AgentFixAnswer = Type.Object({ explanation: Type.String({ maxLength: 4000 }) }, { additionalProperties: false });
export type AgentFixAnswer = Static<typeof AgentFixAnswer>;

export function agentProposer(models: ModelClient): EditProposer {
  return {
    async propose({ entry, findings, read, lastFailure, signal, specification, workspace }) {
      if (!workspace) throw new Error('the agent fixer needs the attempt\'s worktree to work in');
      try {
        const answer = await models.complete<AgentFixAnswer>({
          role: 'fixer',
          system: systemPrompt('agent-fixer.md'),
          prompt: fixerPrompt(entry, findings, read, lastFailure, withSpecification([], specification)),
          schema: AgentFixAnswer,
          schemaName: 'agent_fix',
          workdir: workspace.root,
          ...(signal ? { signal } : {}),
        });
        return Object.assign(agentChanges(workspace), { explanation: answer.value.explanation });
      } finally {
        resetWorktree(workspace.worktree, workspace.baseCommit);
      }
    },
  };
}

/** Every file the agent changed against the base (committed or not, new or deleted), as edits under the root. */
export function agentChanges(workspace: FixWorkspace): SearchReplace[] {
  const { worktree, root, baseCommit } = workspace;
  runGit(worktree, ['add', '--all']);
  const listed = runGit(worktree, ['diff', '--cached', '--no-renames', '--name-status', '-z', baseCommit]).split('\0').filter(Boolean);
  const edits: SearchReplace[] = [];
  for (let i = 0; i + 1 < listed.length; i += 2) {
    const [status, path] = [listed[i]!, listed[i + 1]!];
    const before = status === 'A' ? null : runGit(worktree, ['show', `${baseCommit}:${path}`]);
    // What the agent left, never followed through a link it made or the repository tracks.
    const after = status === 'D' ? null : readInside(worktree, path);
    edits.push(...editsFromChange(relative(root, join(worktree, path)), before, after));
  }
  return edits;
}
