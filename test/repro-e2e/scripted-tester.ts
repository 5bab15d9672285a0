// A SCRIPTED STAND-IN for the tester model (not a model): it answers 'tester' calls from a script — one answer
// per attempt, chosen by whether the prompt carries a refused previous attempt — and hands every other role to
// the funnel's scripted stand-in. Used to record examples/repro-demo/transcripts on the fake server.
import { readFileSync } from 'node:fs';
import { Type, type Static } from '@sinclair/typebox';
import { describeViolations, validate } from '../../src/artifacts/validate.ts';
import type { Reply, SeenRequest } from '../engines/models/fixtures/fake-server.ts';
import { messagesOf, scriptedResponder, type ScriptedAnswers } from '../funnel/scripted-model.ts';

const ScriptedTest = Type.Object(
  {
    path: Type.String(),
    contentLines: Type.Array(Type.String(), { description: 'The test file, one string per line.' }),
    signature: Type.Object({ kind: Type.Union([Type.Literal('error'), Type.Literal('marker')]), errorType: Type.String(), messageFragment: Type.String() }, { additionalProperties: false }),
    note: Type.String({ description: 'What this attempt is meant to show.' }),
  },
  { additionalProperties: false },
);

export const TesterScript = Type.Object(
  {
    tests: Type.Array(
      Type.Object(
        { file: Type.String({ description: "The finding's file the answers are for." }), attempts: Type.Array(ScriptedTest, { minItems: 1, description: 'Answer n for attempt n; the last repeats.' }) },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false, description: 'What the scripted tester answers, per finding file and attempt.' },
);
export type TesterScript = Static<typeof TesterScript>;

export function loadTesterScript(path: string): TesterScript {
  const raw: unknown = JSON.parse(readFileSync(path, 'utf8'));
  const result = validate(TesterScript, raw);
  if (!result.ok) throw new Error(`${path} is not a valid tester script (${describeViolations(result.violations)}).`);
  return raw as TesterScript;
}

/** The finding's file, from the first JSON object in the tester prompt. */
function findingFile(user: string): string | undefined {
  const start = user.indexOf('{\n');
  const end = user.indexOf('\n}', start);
  if (start < 0 || end < 0) return undefined;
  try {
    return (JSON.parse(user.slice(start, end + 2)) as { file?: string }).file;
  } catch {
    return undefined;
  }
}

/** Fake-server fallback: the tester from `script`, every other role from the funnel stand-in; `calls` per role. */
export function scriptedTesterResponder(answers: ScriptedAnswers, script: TesterScript): { respond: (req: SeenRequest) => Reply; calls: Record<string, number> } {
  const others = scriptedResponder(answers);
  const calls = others.calls;
  calls.tester = 0;
  const respond = (req: SeenRequest): Reply => {
    const { system, user } = messagesOf(req.body);
    if (!system.startsWith('# Tester')) return others.respond(req);
    calls.tester! += 1;
    const entry = script.tests.find((t) => t.file === findingFile(user));
    if (!entry) return { status: 400, message: 'scripted tester: no script for this finding' };
    const attempt = user.includes('Your previous attempt was REFUSED') ? 1 : 0;
    const answer = entry.attempts[Math.min(attempt, entry.attempts.length - 1)]!;
    return { json: { path: answer.path, content: `${answer.contentLines.join('\n')}\n`, signature: answer.signature } };
  };
  return { respond, calls };
}
