// Which leads.json record a finding came from: hunter-findings.json says which finding each lead became.
import type { HunterFindings } from '../../artifacts/schemas/hunter-findings.ts';
import type { Lead, Leads } from '../../artifacts/schemas/leads.ts';

/** Finding id → the lead it was made from (the first, when several leads became one finding). Empty without leads. */
export function leadLookup(artifact: Leads | undefined, hunter: HunterFindings): (findingId: string) => Lead | undefined {
  if (!hunter.leads?.length) return () => undefined;
  const leads = new Map((artifact?.leads ?? []).map((l) => [l.id, l]));
  const byFinding = new Map<string, Lead>();
  for (const o of hunter.leads) {
    const lead = leads.get(o.leadId);
    if (o.outcome === 'candidate' && o.findingId && lead && !byFinding.has(o.findingId)) byFinding.set(o.findingId, lead);
  }
  return (id) => byFinding.get(id);
}
