// One advisory shape for every source (OSV files, the npm registry's bulk endpoint): which npm package,
// which versions, how severe, and which functions are the vulnerable API when the source says so.
import type { Severity } from '../../artifacts/schemas/common.ts';

export interface AffectedPackage {
  name: string;
  /** Matches a version: semver ranges built from OSV events or given by the registry; explicit versions. */
  ranges: string[];
  versions: string[];
  /** Exported functions named as the vulnerable API ("template", "default" for the module itself). */
  functions: string[];
}

export interface Advisory {
  id: string;
  aliases: string[];
  summary: string;
  severity: Severity;
  /** Where the severity came from, e.g. "database_specific.severity MODERATE". */
  severitySource: string;
  url?: string;
  cwe: string[];
  affected: AffectedPackage[];
}
