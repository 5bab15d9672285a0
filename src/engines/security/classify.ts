// The security classification of one finding (pure): CWE, STRIDE from the CWE, and a CVSS 3.1 vector whose
// exploitability metrics come from the threat model (which entry reaches the file, behind which authentication)
// and whose impact metrics come from the CWE. Every metric records why; the score comes from cvss.ts only.
import type { Category, Finding } from '../../artifacts/schemas/common.ts';
import type { SecurityClassification } from '../../artifacts/schemas/security.ts';
import type { Stride, ThreatModel } from '../../artifacts/schemas/threat-model.ts';
import { scoreVector } from './cvss.ts';
import { attackComplexity } from './complexity.ts';
import { IMPACT, STRIDE_OF_CWE, type Impact } from './cwe-table.ts';

const CATEGORY_CWE: Partial<Record<Category, string>> = {
  injection: 'CWE-74', 'path-traversal': 'CWE-22', 'prototype-pollution': 'CWE-1321', redos: 'CWE-1333', secrets: 'CWE-798',
};

type Metric = SecurityClassification['cvss']['metrics'][number];
type Exposure = ThreatModel['exposure'][number];

/** A security finding: a security defect category, or a CWE the table knows as a security weakness. */
export function isSecurityFinding(f: Pick<Finding, 'category' | 'cwe'>): boolean {
  return f.category in CATEGORY_CWE || (f.cwe !== undefined && f.cwe in STRIDE_OF_CWE);
}

export interface RefereeVector {
  vector: string;
  reason: string;
}

const where = (x: { file: string; line: number }) => `${x.file}:${x.line}`;

type Flow = ThreatModel['flows'][number];

/** What every finding asks of the threat model, by file: its entry flows into the process and its exposure. */
interface ModelIndex {
  entryFlows: Map<string, Flow[]>;
  exposure: Map<string, Exposure>;
  routes: number;
}

function indexModel(model: ThreatModel): ModelIndex {
  const entryFlows = new Map<string, Flow[]>();
  let routes = 0;
  for (const x of model.flows) {
    if (!x.entry || x.to !== 'process') continue;
    if (x.entry.kind === 'http-route') routes += 1;
    const list = entryFlows.get(x.entry.file);
    if (list) list.push(x);
    else entryFlows.set(x.entry.file, [x]);
  }
  const exposure = new Map<string, Exposure>();
  for (const e of model.exposure) if (!exposure.has(e.file)) exposure.set(e.file, e);
  return { entryFlows, exposure, routes };
}

// A report classifies every finding against one threat model: searching all its flows for each finding took 54 ms
// for 1,350 findings. Kept only for a frozen model (a phase's input), which cannot change under its index.
const indexes = new WeakMap<ThreatModel, ModelIndex>();

function indexOf(model: ThreatModel): ModelIndex {
  if (!Object.isFrozen(model)) return indexModel(model);
  let index = indexes.get(model);
  if (!index) indexes.set(model, (index = indexModel(model)));
  return index;
}

/** The entry that reaches the finding: the nearest one above it in its own file, else the file's exposure. */
function reachOf(f: Finding, model: ThreatModel | undefined): { exposure?: Exposure; how: string } {
  if (!model) return { how: 'no threat model for this run' };
  const index = indexOf(model);
  const own = (index.entryFlows.get(f.file) ?? []).filter((x) => x.entry!.line <= f.startLine).sort((a, b) => b.entry!.line - a.entry!.line)[0];
  if (own?.entry) return { exposure: { file: f.file, entry: own.entry, authentication: own.authentication.status, hops: 0 }, how: `inside ${own.entry.kind} ${own.entry.name} (${where(own.entry)})` };
  const exposure = index.exposure.get(f.file);
  if (exposure) {
    const how = exposure.hops === 0 ? `in the file of ${exposure.entry.kind} ${exposure.entry.name} (${where(exposure.entry)})` : `imported (${exposure.hops} hop${exposure.hops === 1 ? '' : 's'}) from ${exposure.entry.file}, which has ${exposure.entry.kind} entry points such as ${exposure.entry.name} (${where(exposure.entry)})`;
    return { exposure, how };
  }
  return { how: 'no entry point in the threat model reaches this file' };
}

function attackVector(f: Finding, model: ThreatModel | undefined, reach: ReturnType<typeof reachOf>): Metric {
  const kind = reach.exposure?.entry.kind;
  if (kind === 'http-route') return { metric: 'AV', value: 'N', reason: `network: ${reach.how}` };
  if (kind === 'message-handler') return { metric: 'AV', value: 'N', reason: `network (message queue): ${reach.how}` };
  if (kind === 'cli-bin' || kind === 'main') return { metric: 'AV', value: 'L', reason: `local: ${reach.how}` };
  if (kind === 'exported-api') return { metric: 'AV', value: 'L', reason: `local: a library API (${reach.how}); its caller passes the input` };
  const routes = model ? indexOf(model).routes : 0;
  if (f.category === 'secrets' && routes > 0) return { metric: 'AV', value: 'N', reason: `network: the secret protects a service with ${routes} HTTP route(s)` };
  // Could not tell is not "safe": a target that serves the network is assumed reachable from it.
  if (routes > 0) return { metric: 'AV', value: 'N', reason: `network (assumed): ${reach.how}, and the target serves ${routes} HTTP route(s)` };
  return { metric: 'AV', value: 'L', reason: `local: ${reach.how}, and the target serves no network entry point` };
}

function privileges(f: Finding, av: Metric, reach: ReturnType<typeof reachOf>): Metric {
  if (f.category === 'secrets') return { metric: 'PR', value: 'N', reason: 'using a leaked secret needs no account: the secret is the credential' };
  const auth = reach.exposure?.authentication;
  const entry = reach.exposure?.entry;
  if (auth === 'required') return { metric: 'PR', value: 'L', reason: `an authenticated user: an authentication middleware guards ${entry?.name ?? 'the entry'}` };
  if (auth === 'none-seen') return { metric: 'PR', value: 'N', reason: `none: ${entry?.name ?? 'the entry'} is mounted without authentication` };
  if (av.value === 'L' && (entry?.kind === 'cli-bin' || entry?.kind === 'main')) return { metric: 'PR', value: 'L', reason: 'a local user who can run the command' };
  if (entry?.kind === 'exported-api') return { metric: 'PR', value: 'N', reason: "none: the library's caller controls the arguments" };
  return { metric: 'PR', value: 'N', reason: 'none assumed: no authentication was recognised in front of this code' };
}

function impactOf(f: Finding, cwe: string): Impact {
  if (f.ruleId === 'zip-slip') return { C: 'N', I: 'H', A: 'H', why: 'archive entries are written outside the target folder: files and code can be overwritten' };
  return IMPACT[cwe] ?? { C: 'L', I: 'L', A: 'L', why: `no impact profile for ${cwe}: low assumed for each` };
}

function strideOf(f: Finding, cwe: string): { stride: Stride; reason: string } {
  const known = STRIDE_OF_CWE[cwe];
  if (known) return { stride: known, reason: `${cwe} maps to ${known}` };
  if (f.stride?.[0]) return { stride: f.stride[0] as Stride, reason: 'as the finding states' };
  const byCategory: Partial<Record<Category, Stride>> = { injection: 'tampering', 'path-traversal': 'information-disclosure', 'prototype-pollution': 'tampering', redos: 'denial-of-service', secrets: 'spoofing' };
  return { stride: byCategory[f.category] ?? 'tampering', reason: `from the ${f.category} category` };
}

export function classifyFinding(f: Finding, model: ThreatModel | undefined, referee?: RefereeVector): SecurityClassification | undefined {
  if (!isSecurityFinding(f)) return undefined;
  const cwe = f.cwe ?? CATEGORY_CWE[f.category] ?? 'CWE-74';
  const reach = reachOf(f, model);
  const av = attackVector(f, model, reach);
  const impact = impactOf(f, cwe);
  const metrics: Metric[] = [
    av,
    attackComplexity(f, cwe),
    privileges(f, av, reach),
    impact.UI ? { metric: 'UI', value: 'R', reason: `${impact.UI} (${cwe})` } : { metric: 'UI', value: 'N', reason: 'the attacker triggers it alone: no victim has to act' },
    impact.S ? { metric: 'S', value: 'C', reason: `${impact.S} (${cwe})` } : { metric: 'S', value: 'U', reason: "the impact stays within the application's own authority" },
    { metric: 'C', value: impact.C, reason: impact.why },
    { metric: 'I', value: impact.I, reason: impact.why },
    { metric: 'A', value: impact.A, reason: impact.why },
  ];
  const computed = `CVSS:3.1/${metrics.map((m) => `${m.metric}:${m.value}`).join('/')}`;
  const base = scoreVector(computed);
  if (!base.ok) throw new Error(`internal: the classifier built an invalid vector (${base.reason})`);
  let cvss: SecurityClassification['cvss'] = { version: '3.1', vector: base.vector, baseScore: base.baseScore, baseSeverity: base.baseSeverity, metrics };
  if (referee && referee.vector !== base.vector) {
    const adjusted = scoreVector(referee.vector);
    // A vector the referee got wrong is ignored, not trusted: the deterministic one stands.
    if (adjusted.ok) {
      const values = new Map(adjusted.vector.replace(/^CVSS:3\.1\//, '').split('/').map((p) => p.split(':') as [string, string]));
      cvss = {
        version: '3.1',
        vector: adjusted.vector,
        baseScore: adjusted.baseScore,
        baseSeverity: adjusted.baseSeverity,
        metrics: metrics.map((m) => (values.get(m.metric) === m.value ? m : { ...m, value: values.get(m.metric) ?? m.value, reason: `referee: ${referee.reason}` })),
        adjusted: { by: 'referee', from: base.vector, reason: referee.reason },
      };
    }
  }
  const stride = strideOf(f, cwe);
  return { cwe, cweSource: f.cwe ? 'finding' : 'category', stride: stride.stride, strideReason: stride.reason, cvss };
}
