// One advisory shape for every source (OSV files, the npm registry's bulk endpoint): which npm package,
// which versions, how severe, and which functions are the vulnerable API when the source says so.
import type { Severity } from '../../../artifacts/schemas/common.ts';

export interface AffectedPackage {
  name: string;
  /** Matches a version: semver ranges built from OSV events or given by the registry; explicit versions. */
  ranges: string[];
  versions: string[];
  /** Exported functions named as the vulnerable API ("template", "default" for the module itself). */
  functions: string[];
}

export interface AdvisoryCvss {
  vector: string;
  baseScore: number;
  /** Where the vector came from, e.g. "severity[0] CVSS_V3". */
  source: string;
}

export interface Advisory {
  id: string;
  aliases: string[];
  summary: string;
  severity: Severity;
  /** Where the severity came from, e.g. "database_specific.severity MODERATE". */
  severitySource: string;
  url?: string;
  /** The record's own CVSS v3 vector, scored by src/engines/security/cvss.ts (absent when the record gives none or it does not parse). */
  cvss?: AdvisoryCvss;
  cwe: string[];
  affected: AffectedPackage[];
}
