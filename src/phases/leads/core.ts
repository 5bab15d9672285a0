// The leads phase's pure core: raw SARIF leads → lead records placed in the target (or dropped with the reason).
// Where a URI points in the target (the platform's paths) and which bug class a rule is about (the static rules)
// are looked up by the shell and passed in.
import type { Lead, Leads } from '../../artifacts/schemas/leads.ts';
import type { LeadClass } from '../../engines/static/lead-classes.ts';
import type { LeadPath } from '../../engines/leads/paths.ts';
import type { LeadFile } from '../../engines/leads/read.ts';
import { sha256 } from '../../foundations/hashing/hash.ts';
import { compareText } from '../../foundations/text/compare.ts';

export interface ScannedFile {
  /** Line count of the file, to refuse a lead pointing past its end. */
  lines: number;
}

export interface LeadLookups {
  /** Where a URI points: a file this run scans (engines/leads/paths.ts's leadPath), or why it cannot be used. */
  place(uri: string): LeadPath;
  /** The bug class of a rule (engines/static/lead-classes.ts's classOf). */
  classify(ruleId: string, cwe: readonly string[]): LeadClass;
}

export function buildLeads(files: readonly LeadFile[], scanned: ReadonlyMap<string, ScannedFile>, lookups: LeadLookups): Pick<Leads, 'sources' | 'leads'> {
  const seen = new Set<string>();
  const leads: Lead[] = [];
  files.forEach((file, source) => {
    for (const raw of file.parsed.leads) {
      const placed = raw.uri && !raw.unusable ? lookups.place(raw.uri) : undefined;
      const where = placed?.ok ? `${placed.path}:${raw.startLine}` : (raw.uri ?? '');
      const id = `LEAD-${sha256([raw.tool, raw.ruleId, where, raw.endLine ?? '', raw.message].join('\0')).slice(0, 12)}`;
      // The same result twice (two runs of one tool, one file given twice) is one lead.
      if (seen.has(id)) continue;
      seen.add(id);
      const cls = lookups.classify(raw.ruleId, raw.cwe);
      const lead: Lead = {
        id,
        source,
        tool: raw.tool,
        ...(raw.toolVersion ? { toolVersion: raw.toolVersion } : {}),
        ruleId: raw.ruleId,
        ...(raw.ruleName ? { ruleName: raw.ruleName } : {}),
        message: raw.message,
        level: raw.level,
        ...(raw.uri ? { uri: raw.uri.slice(0, 2000) } : {}),
        cwe: raw.cwe,
        ...(cls.bugClass ? { bugClass: cls.bugClass } : {}),
        category: cls.category,
        status: 'dropped',
      };
      if (raw.unusable) lead.reason = raw.unusable;
      else if (!placed) lead.reason = 'no location';
      else if (!placed.ok) lead.reason = placed.reason;
      else {
        lead.file = placed.path;
        lead.startLine = raw.startLine;
        lead.endLine = raw.endLine;
        if (raw.startColumn) lead.startColumn = raw.startColumn;
        const lines = scanned.get(placed.path)?.lines ?? 0;
        if ((raw.startLine ?? 0) > lines) lead.reason = `line ${raw.startLine} is past the end of ${placed.path} (${lines} lines)`;
        else lead.status = 'candidate';
      }
      leads.push(lead);
    }
  });
  return {
    sources: files.map((f) => ({ path: f.path, sha256: f.sha256, tools: f.parsed.tools })),
    leads: leads.sort((a, b) => compareText(a.file ?? '', b.file ?? '') || (a.startLine ?? 0) - (b.startLine ?? 0) || compareText(a.id, b.id)),
  };
}
