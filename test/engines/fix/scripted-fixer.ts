// A SCRIPTED STAND-IN for the fixer model (not a model): plugged into the fake server's `fallback`, it answers
// each fixer call from an answers file by finding id and attempt (the last answer repeats). Used to record
// examples/fix-demo/transcripts; the tests replay those transcripts through the real replay provider.
import { readFileSync } from 'node:fs';
import type { Reply, SeenRequest } from '../models/fixtures/fake-server.ts';
import { messagesOf } from '../../funnel/scripted-model.ts';

export interface FixerAnswers {
  model: string;
  attempts: Record<string, Array<{ edits: Array<{ file: string; search: string; replace: string }>; explanation: string }>>;
}

export function loadFixerAnswers(path: string): FixerAnswers {
  return JSON.parse(readFileSync(path, 'utf8')) as FixerAnswers;
}

export function scriptedFixer(answers: FixerAnswers): { respond: (req: SeenRequest) => Reply; calls: Record<string, number> } {
  const calls: Record<string, number> = {};
  const respond = (req: SeenRequest): Reply => {
    const { system, user } = messagesOf(req.body);
    if (!system.startsWith('# Fixer')) return { status: 400, message: 'scripted fixer stand-in: not a fixer prompt' };
    const id = /<finding id="([^"]+)">/.exec(user)?.[1] ?? '';
    const list = answers.attempts[id];
    if (!list) return { status: 400, message: `scripted fixer stand-in: no answers for ${id}` };
    // A prompt without a previous failure is a first attempt: the count restarts.
    calls[id] = user.includes('<last-attempt-failed>') ? (calls[id] ?? 0) + 1 : 0;
    return { json: list[Math.min(calls[id]!, list.length - 1)] };
  };
  return { respond, calls };
}
