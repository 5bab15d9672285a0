// Reads OSV records (https://ossf.github.io/osv-schema/) for the npm ecosystem: a record, an array of records,
// or a folder of them. Only what matching needs is kept; a record that breaks the schema is an error naming
// the file and the record, because a silently skipped advisory would read as "not vulnerable".
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Severity } from '../../../artifacts/schemas/common.ts';
import { UsageError } from '../../../foundations/errors.ts';
import { objectAt } from '../lockfiles/types.ts';
import { scoreVector } from '../../security/cvss.ts';
import type { AffectedPackage, Advisory, AdvisoryCvss } from './types.ts';
import { compareText } from '../../../foundations/text/compare.ts';

const MAX_FILE_BYTES = 16 * 1024 * 1024;
const MAX_FILES = 200_000;

const GHSA_SEVERITY: Record<string, Severity> = { CRITICAL: 'critical', HIGH: 'high', MODERATE: 'medium', MEDIUM: 'medium', LOW: 'low' };

/** Every npm advisory in a file or folder (recursively, *.json), with the path that was given. */
export function loadOsv(path: string): Advisory[] {
  let stat;
  try {
    stat = statSync(path);
  } catch {
    throw new UsageError(`--advisories ${path}: no such file or folder.`);
  }
  const files = stat.isDirectory() ? jsonFiles(path) : [path];
  return files.flatMap((file) => parseOsvFile(file, stat.isDirectory() ? relative(path, file) : file));
}

function jsonFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true }).sort((a, b) => compareText(a.name, b.name))) {
      if (out.length >= MAX_FILES) throw new UsageError(`--advisories ${dir} holds more than ${MAX_FILES} JSON files.`);
      if (e.isDirectory()) walk(join(d, e.name));
      else if (e.isFile() && e.name.endsWith('.json')) out.push(join(d, e.name));
    }
  };
  walk(dir);
  return out;
}

function parseOsvFile(file: string, shown: string): Advisory[] {
  if (statSync(file).size > MAX_FILE_BYTES) throw new UsageError(`--advisories: ${shown} is over ${MAX_FILE_BYTES / 1048576} MiB.`);
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new UsageError(`--advisories: ${shown} is not valid JSON (${(error as Error).message}).`);
  }
  const records = Array.isArray(value) ? value : [value];
  return records.flatMap((r, i) => {
    const where = Array.isArray(value) ? `${shown} [${i}]` : shown;
    const advisory = parseOsvRecord(r, where);
    return advisory.affected.length > 0 ? [advisory] : [];
  });
}

/** One OSV record; affected entries of other ecosystems are dropped (the record itself is still checked). */
export function parseOsvRecord(value: unknown, where: string): Advisory {
  const r = objectAt(value);
  const fail = (what: string): never => {
    throw new UsageError(`--advisories: ${where} is not an OSV record: ${what}.`);
  };
  if (!r) return fail('not a JSON object');
  if (typeof r.id !== 'string' || r.id === '') fail('"id" is missing');
  if (!Array.isArray(r.affected)) fail(`"affected" is missing in ${String(r.id)}`);
  const db = objectAt(r.database_specific) ?? {};
  const ghsa = typeof db.severity === 'string' ? GHSA_SEVERITY[db.severity.toUpperCase()] : undefined;
  const refs = Array.isArray(r.references) ? r.references.map(objectAt) : [];
  const advisoryUrl = refs.find((x) => x?.type === 'ADVISORY' && typeof x.url === 'string')?.url ?? refs.find((x) => typeof x?.url === 'string')?.url;
  const affected = (r.affected as unknown[]).flatMap((a, i) => affectedOf(a, `${where} affected[${i}]`, db, fail));
  return {
    id: r.id as string,
    aliases: Array.isArray(r.aliases) ? r.aliases.filter((a): a is string => typeof a === 'string') : [],
    summary: typeof r.summary === 'string' ? r.summary : typeof r.details === 'string' ? r.details.split('\n')[0]! : (r.id as string),
    severity: ghsa ?? 'medium',
    severitySource: ghsa ? `database_specific.severity ${String(db.severity)}` : 'not given by the record (medium assumed)',
    ...(typeof advisoryUrl === 'string' ? { url: advisoryUrl } : {}),
    ...cvssOf(r.severity),
    cwe: Array.isArray(db.cwe_ids) ? db.cwe_ids.filter((c): c is string => typeof c === 'string' && /^CWE-\d+$/.test(c)) : [],
    affected,
  };
}

// OSV severity[]: { type: 'CVSS_V3', score: 'CVSS:3.1/AV:N/…' }. The score is always computed from the vector here,
// never taken from a number in the record. A 3.0 vector is scored with the 3.1 formulas (the base equations are the
// same; only rounding differs) and says so; one that does not parse is left out rather than guessed.
function cvssOf(value: unknown): { cvss?: AdvisoryCvss } {
  const entries = Array.isArray(value) ? value.map(objectAt) : [];
  const i = entries.findIndex((e) => e?.type === 'CVSS_V3' && typeof e.score === 'string');
  if (i < 0) return {};
  const given = entries[i]!.score as string;
  const asV31 = given.startsWith('CVSS:3.0/') ? `CVSS:3.1/${given.slice('CVSS:3.0/'.length)}` : given;
  const scored = scoreVector(asV31);
  if (!scored.ok) return {};
  const source = `severity[${i}] CVSS_V3${asV31 === given ? '' : ' (a 3.0 vector, scored with the 3.1 formulas)'}`;
  return { cvss: { vector: scored.vector, baseScore: scored.baseScore, source } };
}

function affectedOf(value: unknown, where: string, db: Record<string, unknown>, fail: (what: string) => never): AffectedPackage[] {
  const a = objectAt(value) ?? fail(`${where} is not an object`);
  const pkg = objectAt(a.package);
  if (pkg?.ecosystem !== 'npm') return [];
  if (typeof pkg.name !== 'string' || pkg.name === '') fail(`${where}.package.name is missing`);
  const ranges = (Array.isArray(a.ranges) ? a.ranges : []).flatMap((range, i) => {
    const rg = objectAt(range) ?? fail(`${where}.ranges[${i}] is not an object`);
    if (rg.type === 'GIT') return [];
    if (!Array.isArray(rg.events)) fail(`${where}.ranges[${i}].events is missing`);
    return eventsToRanges(rg.events as unknown[], `${where}.ranges[${i}]`, fail);
  });
  const versions = Array.isArray(a.versions) ? a.versions.filter((v): v is string => typeof v === 'string') : [];
  if (ranges.length === 0 && versions.length === 0) fail(`${where} has neither SEMVER ranges nor versions`);
  const eco = objectAt(a.ecosystem_specific) ?? {};
  const local = objectAt(a.database_specific) ?? {};
  const functions = [eco.affected_functions, local.affected_functions, db.affected_functions].flatMap((f) => (Array.isArray(f) ? f.filter((x): x is string => typeof x === 'string') : []));
  return [{ name: pkg.name as string, ranges, versions, functions: [...new Set(functions)] }];
}

// OSV events in order: "introduced" opens an interval, "fixed" closes it (exclusive), "last_affected" closes it
// (inclusive). Written as semver ranges: ">=1.0.0 <1.2.6".
function eventsToRanges(events: unknown[], where: string, fail: (what: string) => never): string[] {
  const out: string[] = [];
  let open: string | undefined;
  for (const [i, e] of events.entries()) {
    const ev = objectAt(e) ?? fail(`${where}.events[${i}] is not an object`);
    if (typeof ev.introduced === 'string') open = ev.introduced === '0' ? '>=0.0.0-0' : `>=${ev.introduced}`;
    else if (typeof ev.fixed === 'string') {
      out.push(`${open ?? '>=0.0.0-0'} <${ev.fixed}`);
      open = undefined;
    } else if (typeof ev.last_affected === 'string') {
      out.push(`${open ?? '>=0.0.0-0'} <=${ev.last_affected}`);
      open = undefined;
    } else if (typeof ev.limit !== 'string') fail(`${where}.events[${i}] is none of introduced, fixed, last_affected, limit`);
  }
  if (open) out.push(open);
  return out;
}
