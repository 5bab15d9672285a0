// Which leads.json record a finding came from: hunter-findings.json says which finding each lead became.
import type { HunterFindings } from '../artifacts/schemas/hunter-findings.ts';
import type { Lead } from '../artifacts/schemas/leads.ts';
import { readArtifactIfPresent } from '../artifacts/store.ts';

/** Finding id → the lead it was made from (the first, when several leads became one finding). Empty without leads. */
export function leadLookup(outDir: string, hunter: HunterFindings): (findingId: string) => Lead | undefined {
  if (!hunter.leads?.length) return () => undefined;
  const leads = new Map((readArtifactIfPresent(outDir, 'leads')?.leads ?? []).map((l) => [l.id, l]));
  const byFinding = new Map<string, Lead>();
  for (const o of hunter.leads) {
    const lead = leads.get(o.leadId);
    if (o.outcome === 'candidate' && o.findingId && lead && !byFinding.has(o.findingId)) byFinding.set(o.findingId, lead);
  }
  return (id) => byFinding.get(id);
}
