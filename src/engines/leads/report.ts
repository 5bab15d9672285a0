// What became of each lead, pure: leads.json (dropped, and why) joined with the hunter's outcome (which finding,
// or rejected) and the referee's verdict on that finding (confirmed, dismissed with the refutation, manual-review).
import type { HunterFindings } from '../../artifacts/schemas/hunter-findings.ts';
import type { LeadReport, Leads } from '../../artifacts/schemas/leads.ts';
import type { Referee } from '../../artifacts/schemas/referee.ts';

export function leadsReport(leads: Leads, hunter: HunterFindings, referee: Referee): LeadReport[] {
  const outcomes = new Map((hunter.leads ?? []).map((o) => [o.leadId, o]));
  const verdicts = new Map(referee.verdicts.map((v) => [v.findingId, v]));
  return leads.leads.map((lead) => {
    const base = { leadId: lead.id, tool: lead.tool, ruleId: lead.ruleId, ...(lead.file ? { file: lead.file } : {}), ...(lead.startLine ? { startLine: lead.startLine } : {}) };
    if (lead.status === 'dropped') return { ...base, outcome: 'dropped', reason: lead.reason ?? 'dropped' };
    const o = outcomes.get(lead.id);
    if (!o) return { ...base, outcome: 'rejected', reason: 'the hunter did not take it up (no outcome recorded)' };
    if (o.outcome === 'rejected' || !o.findingId) return { ...base, outcome: 'rejected', reason: o.reason ?? 'rejected' };
    const v = verdicts.get(o.findingId);
    return { ...base, outcome: o.outcome, findingId: o.findingId, ...(v ? { verdict: v.verdict } : {}), reason: v?.reasoning ?? 'no verdict recorded' };
  });
}
