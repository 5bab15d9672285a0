// Reads SARIF 2.1.0 from another analyser (Semgrep, CodeQL, ESLint, oxlint …) into raw leads. Pure: the caller reads
// the file. The file is untrusted input: a malformed document is refused with what is wrong and where; a result
// that cannot be placed (no location, no line) is kept as a raw lead with the reason it cannot be used.
import { printable } from '../report/printable.ts';
import { UsageError } from '../../foundations/errors.ts';
import type { SarifLevel } from '../../artifacts/schemas/literals.ts';

export interface RawLead {
  tool: string;
  toolVersion?: string;
  ruleId: string;
  ruleName?: string;
  message: string;
  level: SarifLevel;
  /** The artifact URI as written in the SARIF (resolved against the target later), with its base URI if any. */
  uri?: string;
  uriBase?: string;
  startLine?: number;
  endLine?: number;
  /** 1-based column where the result starts on startLine, when the analyser gives one. */
  startColumn?: number;
  /** CWE ids from the rule's or result's properties (`CWE-78`). */
  cwe: string[];
  /** Why this result cannot become a candidate, decided from the SARIF alone. */
  unusable?: string;
}

export interface ParsedSarif {
  tools: Array<{ name: string; version?: string; results: number }>;
  leads: RawLead[];
}

/** A malformed SARIF document; the message says what and where (JSON pointer-like path). */
export class SarifError extends UsageError {
  override readonly name: string = 'SarifError';
}

/** Results read per file at most; more is refused rather than silently cut. */
export const MAX_RESULTS = 20_000;
const MAX_TEXT = 2000;

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string | undefined => (typeof v === 'string' ? v.slice(0, MAX_TEXT) : undefined);
// Control characters from an untrusted file never reach a terminal or a report as they are.
const clean = printable;

function need<T>(value: T | undefined, where: string, what: string): T {
  if (value === undefined) throw new SarifError(`${where}: ${what}`);
  return value;
}

/** CWE ids named in SARIF properties: `tags: ["external/cwe/cwe-078", "CWE-89: SQL …"]` or `cwe: "CWE-22"`. */
export function cweIn(properties: unknown): string[] {
  if (!isObject(properties)) return [];
  const found = new Set<string>();
  const words = [properties.tags, properties.cwe, properties.cwes].flatMap((v) => (Array.isArray(v) ? v : [v])).filter((v): v is string => typeof v === 'string');
  for (const w of words.slice(0, 100)) for (const m of w.matchAll(/\bcwe[-/_ ]?0*([1-9][0-9]{0,4})\b/gi)) found.add(`CWE-${m[1]}`);
  return [...found].sort();
}

function positiveInt(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isInteger(v) && v >= 1 ? v : undefined;
}

function ruleOf(result: Json, rules: Json[]): { id?: string; rule?: Json } {
  const ref = isObject(result.rule) ? result.rule : undefined;
  const index = typeof result.ruleIndex === 'number' ? result.ruleIndex : typeof ref?.index === 'number' ? ref.index : undefined;
  const id = text(result.ruleId) ?? text(ref?.id);
  const byIndex = index !== undefined ? rules[index] : undefined;
  const rule = byIndex ?? (id ? rules.find((r) => r.id === id) : undefined);
  return { id: id ?? text(rule?.id), ...(rule ? { rule } : {}) };
}

function messageOf(result: Json, rule: Json | undefined): string {
  const m = isObject(result.message) ? result.message : {};
  const own = text(m.text) ?? text(m.markdown);
  if (own) return own;
  // A message by id refers to the rule's messageStrings.
  const strings = isObject(rule?.messageStrings) ? rule.messageStrings : {};
  const byId = typeof m.id === 'string' && isObject(strings[m.id]) ? text((strings[m.id] as Json).text) : undefined;
  return byId ?? text(isObject(rule?.shortDescription) ? rule.shortDescription.text : undefined) ?? '';
}

function levelOf(result: Json, rule: Json | undefined): RawLead['level'] {
  const dflt = isObject(rule?.defaultConfiguration) ? rule.defaultConfiguration.level : undefined;
  const level = result.level ?? dflt ?? 'warning';
  return level === 'error' || level === 'note' || level === 'none' ? level : 'warning';
}

function locationOf(result: Json, artifacts: unknown[], where: string): Pick<RawLead, 'uri' | 'uriBase' | 'startLine' | 'endLine' | 'startColumn' | 'unusable'> {
  const locations = Array.isArray(result.locations) ? result.locations : [];
  const physical = isObject(locations[0]) && isObject(locations[0].physicalLocation) ? locations[0].physicalLocation : undefined;
  if (!physical) return { unusable: `${where} has no physical location` };
  const art = isObject(physical.artifactLocation) ? physical.artifactLocation : {};
  const listed = typeof art.index === 'number' && isObject(artifacts[art.index]) ? (artifacts[art.index] as Json).location : undefined;
  const uri = text(art.uri) ?? (isObject(listed) ? text(listed.uri) : undefined);
  const uriBase = text(art.uriBaseId) ?? (isObject(listed) ? text(listed.uriBaseId) : undefined);
  if (!uri) return { unusable: `${where} names no artifact URI` };
  const region = isObject(physical.region) ? physical.region : {};
  const startLine = positiveInt(region.startLine);
  if (!startLine) return { uri, ...(uriBase ? { uriBase } : {}), unusable: `${where} has no start line (a file-level result cannot be checked against code)` };
  const endLine = Math.max(startLine, positiveInt(region.endLine) ?? startLine);
  const startColumn = positiveInt(region.startColumn);
  return { uri, ...(uriBase ? { uriBase } : {}), startLine, endLine, ...(startColumn ? { startColumn } : {}) };
}

/** Parses a SARIF 2.1.0 document; `label` names the file in error messages. Throws SarifError when malformed. */
export function parseSarif(source: string, label: string): ParsedSarif {
  let doc: unknown;
  try {
    doc = JSON.parse(source);
  } catch (error) {
    throw new SarifError(`${label} is not JSON (${(error as Error).message})`);
  }
  if (!isObject(doc)) throw new SarifError(`${label} is not a SARIF log: the top level must be an object`);
  if (doc.version !== '2.1.0') throw new SarifError(`${label} is not SARIF 2.1.0: version is ${JSON.stringify(doc.version ?? null).slice(0, 40)}`);
  const runs = need(Array.isArray(doc.runs) ? doc.runs : undefined, label, '"runs" must be an array');
  const out: ParsedSarif = { tools: [], leads: [] };
  runs.forEach((run, r) => {
    const at = `${label} runs[${r}]`;
    if (!isObject(run)) throw new SarifError(`${at} must be an object`);
    const driver = isObject(run.tool) && isObject(run.tool.driver) ? run.tool.driver : undefined;
    const name = need(text(driver?.name), at, 'tool.driver.name is missing');
    const version = text(driver?.version) ?? text(driver?.semanticVersion);
    const rules = Array.isArray(driver?.rules) ? driver.rules.filter(isObject) : [];
    const results = run.results === undefined || run.results === null ? [] : need(Array.isArray(run.results) ? run.results : undefined, at, '"results" must be an array');
    if (out.leads.length + results.length > MAX_RESULTS) throw new SarifError(`${label} has more than ${MAX_RESULTS} results; split it or filter it to the rules you want checked`);
    const artifacts = Array.isArray(run.artifacts) ? run.artifacts : [];
    out.tools.push({ name: clean(name), ...(version ? { version: clean(version) } : {}), results: results.length });
    results.forEach((result, i) => {
      const where = `${at}.results[${i}]`;
      if (!isObject(result)) throw new SarifError(`${where} must be an object`);
      const { id, rule } = ruleOf(result, rules);
      const ruleName = text(rule?.name);
      const lead: RawLead = {
        tool: clean(name),
        ...(version ? { toolVersion: clean(version) } : {}),
        ruleId: clean(id ?? '(no rule id)'),
        ...(ruleName ? { ruleName: clean(ruleName) } : {}),
        message: clean(messageOf(result, rule)) || '(no message)',
        level: levelOf(result, rule),
        cwe: [...new Set([...cweIn(rule?.properties), ...cweIn(result.properties)])].sort(),
        ...locationOf(result, artifacts, where),
      };
      if (result.suppressions && Array.isArray(result.suppressions) && result.suppressions.length > 0 && !lead.unusable) lead.unusable = `${where} is suppressed in the analyser itself`;
      out.leads.push(lead);
    });
  });
  return out;
}
