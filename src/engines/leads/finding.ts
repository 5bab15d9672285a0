// A candidate lead as a hunter Finding: the cited lines quoted from the source at its recorded hash, the tool and
// rule in the lens and rule id, the analyser's message as the claim it makes (not as evidence).
import type { Finding, Severity } from '../../artifacts/schemas/common.ts';
import type { Lead } from '../../artifacts/schemas/leads.ts';
import { findingIdOf, fingerprintOf } from '../static/fingerprint.ts';
import { formerLeadFingerprint } from '../findings/former-fingerprint.ts';
import { getRule } from '../static/rules.ts';
import { classOf } from '../static/lead-classes.ts';

const MAX_QUOTE_LINES = 8;
const MAX_QUOTE = 4000;
const LEVEL_SEVERITY: Record<Lead['level'], Severity> = { error: 'medium', warning: 'low', note: 'info', none: 'info' };
/** Another tool's claim, before any check of ours: low on purpose (the referee decides). */
export const LEAD_CONFIDENCE = 0.3;

/** The rule id a lead finding carries: `lead:<tool>/<rule>`; never a static rule id, so no static rule confirms it. */
export function leadRuleId(tool: string, ruleId: string): string {
  return `lead:${tool}/${ruleId}`.slice(0, 300);
}

/** The tool and the analyser's own rule id of a lead finding, or null for any other finding. */
export function leadOrigin(finding: Pick<Finding, 'lens' | 'ruleId'>): { tool: string; ruleId: string } | null {
  if (!finding.lens.startsWith('lead:') || !finding.ruleId?.startsWith('lead:')) return null;
  const tool = finding.lens.slice('lead:'.length);
  const rest = finding.ruleId.slice(`lead:${tool}/`.length);
  return { tool, ruleId: rest };
}

/** The Finding for a candidate lead, or the reason it cannot be quoted. */
export function leadFinding(lead: Lead, content: string): { ok: true; finding: Finding } | { ok: false; reason: string } {
  const file = lead.file ?? '';
  const start = lead.startLine ?? 1;
  const end = Math.min(lead.endLine ?? start, start + MAX_QUOTE_LINES - 1);
  const lines = content.split(/\r?\n/);
  const quote = lines.slice(start - 1, end).join('\n');
  if (quote.trim().length === 0) return { ok: false, reason: `${file}:${start}-${end} is blank: nothing to check` };
  if (quote.length > MAX_QUOTE) return { ok: false, reason: `${file}:${start}-${end} is too long to quote (minified?)` };
  const cls = classOf(lead.ruleId, lead.cwe);
  const rule = cls.bugClass ? getRule(cls.bugClass) : undefined;
  // The one identity: the same bug found by the static engine or a model at this line is the same finding.
  const fingerprint = fingerprintOf({ file, startLine: start, category: cls.category, cwe: cls.cwe }, lines);
  const about = rule ? ` (${rule.id}${cls.cwe ? `, ${cls.cwe}` : ''})` : '';
  const finding: Finding = {
    id: findingIdOf(fingerprint),
    fingerprint,
    formerFingerprints: [formerLeadFingerprint(file, lead.tool, lead.ruleId, quote)],
    file,
    startLine: start,
    endLine: end,
    category: cls.category,
    severity: rule?.severity ?? LEVEL_SEVERITY[lead.level] ?? 'low',
    confidence: LEAD_CONFIDENCE,
    claim: `${lead.tool} rule ${lead.ruleId}${about} reports: ${lead.message}`.slice(0, 2000),
    evidence: [{ file, startLine: start, endLine: end, quote }],
    runtimeTrigger: (rule ? rule.trigger.replace('{source}', 'Input') : `What ${lead.tool}'s rule ${lead.ruleId} describes: ${lead.message}`).slice(0, 2000),
    lens: `lead:${lead.tool}`,
    engine: 'static',
    ruleId: leadRuleId(lead.tool, lead.ruleId),
  };
  if (cls.cwe) finding.cwe = cls.cwe;
  return { ok: true, finding };
}
