// A SCRIPTED STAND-IN for a model (not a model): plugged into the fake server's `fallback`, it answers each
// role deterministically from an answers file. Hunter quotes are computed from the prompt's numbered lines,
// so they are exact; skeptic seats vote and the referee decides as the file says, quoting the finding's cited lines
// from the prompt's numbered source (or the quotes the file gives, e.g. forged ones); the threat-model refinement
// proposes no change. Used to record transcripts.
import { readFileSync } from 'node:fs';
import { Type, type Static } from '@sinclair/typebox';
import { describeViolations, validate } from '../../src/artifacts/validate.ts';
import type { Reply, SeenRequest } from '../engines/models/fixtures/fake-server.ts';

const Quotes = Type.Array(
  Type.Object({ file: Type.String(), startLine: Type.Integer(), endLine: Type.Integer(), quote: Type.String() }, { additionalProperties: false }),
  { description: 'Evidence to send instead of the finding\'s cited lines as the prompt numbers them (e.g. a forged quote); [] sends an answer without an evidence field (one that quotes nothing).' },
);
const Vote = Type.Object(
  { vote: Type.Union([Type.Literal('refuted'), Type.Literal('upheld'), Type.Literal('abstained')]), reason: Type.String(), evidence: Type.Optional(Quotes) },
  { additionalProperties: false },
);

export const ScriptedFinding = Type.Object(
  {
    lens: Type.String({ description: 'Hunter lens whose call reports it.' }),
    file: Type.String({ description: 'Reported when this file is in the call\'s <source> blocks.' }),
    match: Type.String({ description: 'Text on the first cited line; the scripted model finds it in the numbered source.' }),
    lines: Type.Optional(Type.Integer({ minimum: 1, description: 'Lines cited from the match (default 1).' })),
    quote: Type.Optional(Type.String({ description: 'A verbatim quote to send instead of the computed one (e.g. a wrong one).' })),
    reportAs: Type.Optional(Type.String({ description: 'File name to put in the answer instead of `file` (e.g. one outside the chunk).' })),
    symbol: Type.String(),
    category: Type.String(),
    severity: Type.String(),
    confidence: Type.Number(),
    claim: Type.String(),
    runtimeTrigger: Type.String(),
    cwe: Type.Optional(Type.String()),
    votes: Type.Record(Type.String(), Vote, { description: 'Skeptic seat → vote.' }),
    referee: Type.Optional(
      Type.Object(
        {
          verdict: Type.String(), severity: Type.String(), confidence: Type.Number(), reasoning: Type.String(),
          cvssVector: Type.Optional(Type.String({ description: 'A CVSS vector the referee proposes (default: none).' })),
          cvssReason: Type.Optional(Type.String()),
          evidence: Type.Optional(Quotes),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
export type ScriptedFinding = Static<typeof ScriptedFinding>;

export const ScriptedAnswers = Type.Object(
  { model: Type.String({ minLength: 1 }), findings: Type.Array(ScriptedFinding) },
  { additionalProperties: false, description: 'What the scripted stand-in answers, per role.' },
);
export type ScriptedAnswers = Static<typeof ScriptedAnswers>;

export function loadAnswers(path: string): ScriptedAnswers {
  const raw: unknown = JSON.parse(readFileSync(path, 'utf8'));
  const result = validate(ScriptedAnswers, raw);
  if (!result.ok) throw new Error(`${path} is not a valid answers file (${describeViolations(result.violations)}).`);
  return raw as ScriptedAnswers;
}

type Text = string | Array<{ type?: string; text?: string }>;
const flat = (t: Text | undefined): string => (typeof t === 'string' ? t : (t ?? []).map((p) => p.text ?? '').join(''));

/**
 * System prompt and the FIRST user message (the task), from an OpenAI Chat Completions or Anthropic Messages body.
 * The stand-in does not learn from a repair turn: it answers the task again, the same way.
 */
export function messagesOf(body: Record<string, unknown>): { system: string; user: string } {
  const messages = (body.messages ?? []) as Array<{ role: string; content: Text }>;
  const system = body.system !== undefined ? flat(body.system as Text) : flat(messages.find((m) => m.role === 'system')?.content);
  const user = flat(messages.find((m) => m.role === 'user')?.content);
  return { system, user };
}

/** The numbered lines of every <source> block: file → line number → text. */
export function sourceBlocks(user: string): Map<string, Map<number, string>> {
  const blocks = new Map<string, Map<number, string>>();
  for (const m of user.matchAll(/<source file="([^"]*)">\n([\s\S]*?)\n<\/source>/g)) {
    const lines = new Map<number, string>();
    for (const line of m[2]!.split('\n')) {
      const numbered = /^\s*(\d+)\| ?(.*)$/.exec(line);
      if (numbered) lines.set(Number(numbered[1]), numbered[2]!);
    }
    blocks.set(m[1]!.replace(/%22/g, '"'), lines);
  }
  return blocks;
}

function hunterAnswer(answers: ScriptedAnswers, lens: string, user: string): unknown {
  const blocks = sourceBlocks(user);
  const findings = [];
  for (const f of answers.findings.filter((x) => x.lens === lens && blocks.has(x.file))) {
    const lines = blocks.get(f.file)!;
    const start = [...lines].find(([, text]) => text.includes(f.match))?.[0];
    if (start === undefined) continue;
    const end = start + (f.lines ?? 1) - 1;
    const quote = f.quote ?? Array.from({ length: end - start + 1 }, (_, i) => lines.get(start + i) ?? '').join('\n');
    const file = f.reportAs ?? f.file;
    findings.push({
      file,
      startLine: start,
      endLine: end,
      symbol: f.symbol,
      category: f.category,
      severity: f.severity,
      confidence: f.confidence,
      claim: f.claim,
      evidence: [{ file, startLine: start, endLine: end, quote }],
      runtimeTrigger: f.runtimeTrigger,
      cwe: f.cwe ?? '',
    });
  }
  return { findings };
}

/**
 * The scripted finding a skeptic or referee prompt is about (the first JSON object in it): the one with its claim, or,
 * when the static engine's finding of the same bug absorbed the model's (one fingerprint, the static claim kept), the
 * one whose match text its evidence quotes in the same file.
 */
type About = { file?: string; lines?: string; claim?: string; evidence?: Array<{ file?: string; quote?: string }> };

/** The finding a skeptic or referee prompt is about: the first JSON object in it. */
function aboutOf(user: string): About | undefined {
  const start = user.indexOf('{\n');
  const end = user.indexOf('\n}', start);
  if (start < 0 || end < 0) return undefined;
  try {
    return JSON.parse(user.slice(start, end + 2)) as About;
  } catch {
    return undefined;
  }
}

/** The finding's cited lines, quoted from the prompt's numbered <source> block: what an honest reviewer quotes. */
export function citedLines(user: string): Array<{ file: string; startLine: number; endLine: number; quote: string }> {
  const about = aboutOf(user);
  const range = /^(\d+)-(\d+)$/.exec(about?.lines ?? '');
  const lines = about?.file ? sourceBlocks(user).get(about.file) : undefined;
  if (!about?.file || !range || !lines) return [];
  const [startLine, endLine] = [Number(range[1]), Number(range[2])];
  const quote = Array.from({ length: endLine - startLine + 1 }, (_, i) => lines.get(startLine + i) ?? '').join('\n');
  return [{ file: about.file, startLine, endLine, quote }];
}

/** A skeptic or referee answer with its evidence: the scripted one, none when it lists [], else the cited lines. */
function withQuotes(answer: Record<string, unknown> & { evidence?: unknown[] }, user: string): Record<string, unknown> {
  const { evidence, ...rest } = answer;
  if (evidence?.length === 0) return rest;
  return { evidence: evidence ?? citedLines(user), ...rest };
}

function scriptedFindingOf(answers: ScriptedAnswers, user: string): ScriptedFinding | undefined {
  const about = aboutOf(user);
  if (!about) return undefined;
  const byClaim = answers.findings.find((f) => f.claim === about.claim);
  if (byClaim) return byClaim;
  const quotes = (about.evidence ?? []).filter((e) => (e.file ?? about.file) !== undefined);
  return answers.findings.find((f) => quotes.some((e) => (e.file ?? about.file) === (f.reportAs ?? f.file) && (e.quote ?? '').includes(f.match)));
}

/** A fake-server fallback that answers as the scripted stand-in; `calls` counts answers per role. */
export function scriptedResponder(answers: ScriptedAnswers): { respond: (req: SeenRequest) => Reply; calls: Record<string, number> } {
  const calls: Record<string, number> = { recon: 0, hunter: 0, skeptic: 0, referee: 0 };
  const respond = (req: SeenRequest): Reply => {
    const { system, user } = messagesOf(req.body);
    // The threat-model refinement (recon role, on by default with a model): the stand-in proposes no change.
    if (system.startsWith('# Threat model — refinement')) {
      calls.recon! += 1;
      return { json: { threats: [], flows: [] } };
    }
    const hunter = /^# Hunter — lens: (\S+)/.exec(system);
    if (hunter) {
      calls.hunter! += 1;
      return { json: hunterAnswer(answers, hunter[1]!, user) };
    }
    const finding = scriptedFindingOf(answers, user);
    const seat = /^# Skeptic — seat: (\S+)/.exec(system);
    if (seat) {
      calls.skeptic! += 1;
      const vote = finding?.votes[seat[1]!] ?? { vote: 'abstained', reason: 'The scripted stand-in has no vote listed for this finding.' };
      return { json: withQuotes({ ...vote, libraryPackage: '' }, user) };
    }
    if (system.startsWith('# Referee')) {
      calls.referee! += 1;
      return { json: withQuotes({ cvssVector: '', cvssReason: '', ...(finding?.referee ?? { verdict: 'manual-review', severity: 'low', confidence: 0.5, reasoning: 'The scripted stand-in has no verdict listed for this finding.' }) }, user) };
    }
    return { status: 400, message: 'scripted stand-in: the system prompt names no known role' };
  };
  return { respond, calls };
}
