// Model refuters: each seat tries to disprove a finding from the source (and local library docs), independently.
// A failed call is an abstention with its reason, never an upheld vote; so is an answer whose quotes do not match
// the source at their cited lines (a model's vote counts only with the evidence it rests on).
import type { Finding } from '../../artifacts/schemas/common.ts';
import { importedPackages, lookupPackageDocs } from '../../engines/docs/lookup.ts';
import { unsupportedAnswer } from '../../engines/integrity/evidence.ts';
import { clip } from '../../foundations/text/clip.ts';
import type { ModelClient } from '../../engines/models/types.ts';
import { sourceBlock, systemPrompt } from '../../engines/prompts/render.ts';
import type { Vote } from '../../engines/static/refute/panel.ts';
import { SkepticAnswer } from './model-answer.ts';

export interface RefuterInput {
  finding: Finding;
  root: string;
  content: string;
  context: string[];
  /** A repository file at the hash this run recorded (undefined when it has none): what the answer's quotes are checked against. */
  read: (file: string) => string | undefined;
}

export async function modelVotes(client: ModelClient, seats: readonly string[], input: RefuterInput, signal: AbortSignal): Promise<Vote[]> {
  const prompt = refuterPrompt(input);
  const votes: Vote[] = [];
  for (const seat of seats) {
    try {
      const result = await client.complete<SkepticAnswer>({
        role: 'skeptic',
        system: systemPrompt(`skeptic/${seat}.md`),
        prompt,
        schema: SkepticAnswer,
        schemaName: 'skeptic_vote',
        signal,
      });
      const engine = `model:${result.provider}/${result.model}`;
      const unsupported = unsupportedAnswer(result.value.evidence, input.read);
      if (unsupported) {
        votes.push({ seat, engine, vote: 'abstained', reason: `no answer: the refuter's ${result.value.vote} vote is discarded because ${unsupported} (it said: ${clip(result.value.reason, 300)})` });
        continue;
      }
      const vote: Vote = { seat, engine, vote: result.value.vote, reason: result.value.reason, evidence: result.value.evidence };
      if (result.value.libraryPackage) {
        const docs = lookupPackageDocs(input.root, result.value.libraryPackage);
        vote.docEvidence = { package: docs.package, version: docs.version, source: docs.source, found: docs.found };
        // A library claim with no local docs to back it counts for less: say so and do not let it refute alone.
        if (!docs.found && vote.vote === 'refuted') {
          vote.vote = 'abstained';
          vote.reason = `${vote.reason} (relies on ${docs.package}, whose documentation is not installed: ${docs.source})`;
        }
      }
      votes.push(vote);
    } catch (error) {
      if (signal.aborted) throw error;
      votes.push({ seat, engine: 'model', vote: 'abstained', reason: `refuter call failed: ${(error as Error).message}` });
    }
  }
  return votes;
}

function refuterPrompt({ finding, root, content, context }: Omit<RefuterInput, 'read'>): string {
  const docs = importedPackages(content)
    .map((name) => lookupPackageDocs(root, name))
    .filter((d) => d.found)
    .map((d) => `<docs package="${d.package}" version="${d.version ?? 'unknown'}" source="${d.source}">\n${d.excerpt.slice(0, 2000)}\n</docs>`);
  const claim = {
    file: finding.file,
    lines: `${finding.startLine}-${finding.endLine}`,
    category: finding.category,
    severity: finding.severity,
    claim: finding.claim,
    runtimeTrigger: finding.runtimeTrigger,
    evidence: finding.evidence,
  };
  return [
    'The finding to test (written by another reviewer; it may be wrong):',
    JSON.stringify(claim, null, 2),
    sourceBlock('source', finding.file, content),
    ...(context.length > 0 ? ['Context from other files (callers, definitions; read-only):', ...context] : []),
    ...docs,
  ].join('\n\n');
}
