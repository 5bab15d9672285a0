// Text that frames a request for backends without native structured output, and the one repair turn.
import type { TSchema } from '@sinclair/typebox';
import type { Turn } from './types.ts';

const ECHO_LIMIT = 2_000;

/** Appended to the system prompt when the schema is not enforced by the protocol (JSON mode, agent CLIs). */
export function schemaInstruction(schema: TSchema | Record<string, unknown>, schemaName: string): string {
  return [
    `Answer with ONE JSON object named ${schemaName} and nothing else: no prose, no markdown fence.`,
    'It must validate against this JSON Schema:',
    JSON.stringify(schema),
  ].join('\n');
}

/** The repair turn: the rejected answer (shortened) and why it was rejected. */
export function repairTurns(previous: string, problems: string[]): Turn[] {
  const shown = previous.length > ECHO_LIMIT ? `${previous.slice(0, ECHO_LIMIT)}… [${previous.length - ECHO_LIMIT} more characters cut]` : previous;
  return [
    { role: 'assistant', content: shown === '' ? '(empty answer)' : shown },
    {
      role: 'user',
      content: [
        'Your previous answer was rejected:',
        ...problems.map((p) => `- ${p}`),
        'Answer again with one corrected JSON object that satisfies the schema. Nothing else.',
      ].join('\n'),
    },
  ];
}

/** Flattens turns into one prompt for backends that take a single text (agent CLIs). */
export function flattenTurns(system: string, turns: Turn[]): string {
  const parts = [system];
  for (const turn of turns) parts.push(turn.role === 'user' ? turn.content : `Your previous answer:\n${turn.content}`);
  return parts.join('\n\n');
}
