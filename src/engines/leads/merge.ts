// The hunter's use of candidate leads, pure: a lead at the place of one of the engine's own findings of the same
// class corroborates it (the finding lists the tool); any other lead becomes a finding of its own after the same
// evidence check as the engine's; a lead whose file was not hunted in this run is rejected with the reason.
import type { Finding } from '../../artifacts/schemas/common.ts';
import type { Lead, LeadOutcome } from '../../artifacts/schemas/leads.ts';
import { unsupportedEvidence } from '../integrity/evidence.ts';
import { leadFinding } from './finding.ts';

export interface LeadMerge {
  findings: Finding[];
  outcomes: LeadOutcome[];
}

function sameBug(f: Finding, lead: Lead): boolean {
  if (f.file !== lead.file || f.startLine > (lead.endLine ?? 0) || f.endLine < (lead.startLine ?? 0)) return false;
  return Boolean(lead.bugClass) && f.ruleId === lead.bugClass;
}

/** `sources` holds the hunted files' content at their recorded hashes. */
export function mergeLeads(findings: readonly Finding[], leads: readonly Lead[], sources: ReadonlyMap<string, string>): LeadMerge {
  const out = findings.map((f) => ({ ...f }));
  const byFingerprint = new Map(out.map((f) => [f.fingerprint, f]));
  const outcomes: LeadOutcome[] = [];
  for (const lead of leads) {
    if (lead.status !== 'candidate' || !lead.file) continue;
    const content = sources.get(lead.file);
    if (content === undefined) {
      outcomes.push({ leadId: lead.id, outcome: 'rejected', reason: `${lead.file} was not hunted in this run (a chunk past the plan's limit: --loop covers it)` });
      continue;
    }
    const tag = `${lead.tool}:${lead.ruleId}`;
    const own = out.find((f) => f.engine === 'static' && !f.lens.startsWith('lead:') && sameBug(f, lead));
    if (own) {
      own.corroboratedBy = [...new Set([...(own.corroboratedBy ?? []), tag])].sort();
      outcomes.push({ leadId: lead.id, outcome: 'corroborated', findingId: own.id });
      continue;
    }
    const built = leadFinding(lead, content);
    if (!built.ok) {
      outcomes.push({ leadId: lead.id, outcome: 'rejected', reason: built.reason });
      continue;
    }
    const why = unsupportedEvidence(built.finding, sources);
    if (why) {
      outcomes.push({ leadId: lead.id, outcome: 'rejected', reason: `unsupported: ${why}` });
      continue;
    }
    const twin = byFingerprint.get(built.finding.fingerprint);
    if (twin && twin.ruleId === built.finding.ruleId) {
      // The same tool and rule on the same code in another run of the tool: one finding.
      outcomes.push({ leadId: lead.id, outcome: 'candidate', findingId: twin.id });
      continue;
    }
    if (twin) {
      // The same bug (one fingerprint) already found by another engine or tool: the lead corroborates it.
      twin.corroboratedBy = [...new Set([...(twin.corroboratedBy ?? []), tag])].sort();
      outcomes.push({ leadId: lead.id, outcome: 'corroborated', findingId: twin.id });
      continue;
    }
    out.push(built.finding);
    byFingerprint.set(built.finding.fingerprint, built.finding);
    outcomes.push({ leadId: lead.id, outcome: 'candidate', findingId: built.finding.id });
  }
  return { findings: out, outcomes };
}
