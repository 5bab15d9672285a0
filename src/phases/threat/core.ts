// The threat model's pure core: recon.json, each file's threat facts and the texts of the files recon found entries
// or boundaries in, threat-model.json's body out. Entry points
// become flows from an actor into the application; each recon sink becomes a flow from the enclosing entry's
// actor to an asset, with STRIDE threats and the mitigation seen in the same handler (or its absence).
import type { Recon } from '../../artifacts/schemas/recon.ts';
import type { Authentication, Located, Mitigation, ThreatBoundaryKind, ThreatEntry, ThreatFlow, ThreatModel } from '../../artifacts/schemas/threat-model.ts';
import { THREAT_BOUNDARY_KINDS } from '../../artifacts/schemas/threat-model.ts';
import { resolveContext } from '../../engines/static/resolve.ts';
import type { EntryPoint, TrustBoundary } from '../../engines/attack-surface/types.ts';
import { exposures } from './exposure.ts';
import type { Mount } from '../../engines/attack-surface/auth.ts';
import { nextRouteAuth, routeAuthOf, unmaskDecoy } from '../../engines/attack-surface/auth-rules.ts';
import { importedFiles, mountsOf, threatFacts, type ThreatFacts } from '../../engines/attack-surface/threat-facts.ts';
import { BODY_GUARDS, BODY_OBJECT, mitigationOf, SINKS, type AssetKind, type SinkKind, type Window } from './sinks.ts';
import { compareText } from '../../foundations/text/compare.ts';
import type { Refinement } from './refine.ts';

export type ThreatBody = Omit<ThreatModel, 'schemaVersion' | 'artifact' | 'run' | 'generatedAt'>;
type Asset = ThreatModel['assets'][number];
type Actor = ThreatModel['actors'][number];
type Boundary = ThreatModel['boundaries'][number];

export const MAX_FLOWS = 500;
const MAX_LOCATIONS = 200;
const MAX_ASSET_EVIDENCE = 5;
const WINDOW_ABOVE = 15;
const SECRET_NAME = /(KEY|SECRET|TOKEN|PASSWORD|PASSWD|CREDENTIAL|PRIVATE|DATABASE_URL|DSN|CONNECTION)/i;

export const ACTORS = {
  remote: { name: 'Remote client', trusted: false, description: 'Anyone who can reach the HTTP routes; sends requests, headers and bodies.' },
  user: { name: 'Authenticated user', trusted: false, description: 'A caller holding a valid session or token; still untrusted input.' },
  local: { name: 'Local user', trusted: false, description: 'Runs the command-line entry points with their arguments, files and environment.' },
  caller: { name: 'Library caller', trusted: false, description: 'Code that calls the exported API; its arguments are untrusted input.' },
  producer: { name: 'Message producer', trusted: false, description: 'Whoever can publish to the queues and topics the handlers consume.' },
  operator: { name: 'Operator', trusted: true, description: 'Deploys the application and sets its environment and configuration.' },
} as const;
export type ActorKey = keyof typeof ACTORS;

export const ENTRY_BOUNDARY: Record<EntryPoint['kind'], { boundary: ThreatBoundaryKind; actor: ActorKey; name: string }> = {
  'http-route': { boundary: 'http-entry', actor: 'remote', name: 'HTTP entry points' },
  'message-handler': { boundary: 'message-entry', actor: 'producer', name: 'Message handlers' },
  'cli-bin': { boundary: 'cli-entry', actor: 'local', name: 'Command line' },
  main: { boundary: 'cli-entry', actor: 'local', name: 'Command line' },
  'exported-api': { boundary: 'library-api', actor: 'caller', name: 'Exported library API' },
};

const isSink = (kind: TrustBoundary['kind']): kind is SinkKind => kind in SINKS;
const WRITE_API = /write|append|unlink|rm|rename|mkdir|copy|createWriteStream|truncate|chmod/i;

/** Collects ids in first-use order so the same input always numbers the same way. */
class Registry {
  actors = new Map<ActorKey, Actor>();
  assets = new Map<string, Asset>();
  boundaries = new Map<ThreatBoundaryKind, Boundary>();

  actor(key: ActorKey): string {
    const hit = this.actors.get(key) ?? { id: `U${this.actors.size + 1}`, ...ACTORS[key] };
    this.actors.set(key, hit);
    return hit.id;
  }

  asset(kind: AssetKind, name: string, at?: Located): string {
    const key = `${kind}|${name}`;
    const hit = this.assets.get(key) ?? { id: `A${this.assets.size + 1}`, name, kind, evidence: [] };
    if (at && hit.evidence.length < MAX_ASSET_EVIDENCE) hit.evidence.push(at);
    this.assets.set(key, hit);
    return hit.id;
  }

  boundary(kind: ThreatBoundaryKind, name: string, at: Located): void {
    const hit = this.boundaries.get(kind) ?? { id: 'TB0', kind, name, locations: [] };
    hit.locations.push(at);
    this.boundaries.set(kind, hit);
  }
}

export interface ThreatInput {
  recon: Pick<Recon, 'entryPoints' | 'trustBoundaries' | 'stack'>;
  /** Source text per repository path (the files recon examined, at triage's hashes). */
  sources: ReadonlyMap<string, string>;
}

export interface ThreatFactsInput {
  recon: ThreatInput['recon'];
  /** Per-file facts of every file the model covers (the files recon examined, at triage's hashes). */
  facts: ReadonlyMap<string, ThreatFacts>;
  /** Source text of the files recon names an entry point or trust boundary in (windows around them are read). */
  texts: ReadonlyMap<string, string>;
}

/** The files whose text the model reads beyond their facts: those recon found an entry point or boundary in. */
export function filesNeedingText(recon: ThreatInput['recon']): Set<string> {
  return new Set([...recon.entryPoints.map((e) => e.file), ...recon.trustBoundaries.map((t) => t.file)]);
}

/** "/users" + "/search" → "/users/search"; the mount prefix makes a route name what a client requests. */
function routeName(name: string, prefix: string | undefined): string {
  if (!prefix || prefix === '/') return name;
  const m = /^(\S+)\s+(\/.*)$/.exec(name);
  if (!m) return name;
  const path = m[2] === '/' ? '' : m[2];
  return `${m[1]} ${prefix.replace(/\/$/, '')}${path}`;
}

function windowOf(lines: readonly string[], from: number, to: number, input: string[], detail: string): Window {
  const slice: Window['lines'] = [];
  for (let n = Math.max(1, from); n <= to; n++) slice.push({ line: n, text: lines[n - 1] ?? '' });
  return { lines: slice, sink: lines[to - 1] ?? '', input, detail };
}

function spoofing(auth: Authentication): ThreatEntry {
  const threat = 'Callers act without proving who they are.';
  if (auth.status === 'required') return { stride: 'spoofing', threat, mitigation: { status: 'seen', detail: auth.note ? `authentication in front of the route (${auth.note})` : 'authentication middleware in front of the route', ...(auth.at ? { at: auth.at } : {}) } };
  const detail = auth.status === 'none-seen' ? (auth.note ?? 'router mounted without an authentication middleware') : 'no authentication middleware recognised for this route';
  return { stride: 'spoofing', threat, mitigation: { status: 'absent', detail, ...(auth.at ? { at: auth.at } : {}) } };
}

/** The model straight from source texts: every file's facts extracted here. */
export function buildThreatModel(input: ThreatInput): ThreatBody {
  const facts = new Map([...input.sources].map(([path, content]) => [path, threatFacts(path, content)]));
  return buildThreatModelFromFacts({ recon: input.recon, facts, texts: input.sources });
}

export function buildThreatModelFromFacts(input: ThreatFactsInput): ThreatBody {
  const reg = new Registry();
  const notes: string[] = [];
  const ctx = resolveContext([...input.facts.keys()]);
  const byPath = [...input.facts.values()].sort((a, b) => compareText(a.path, b.path));
  const mounts = new Map<string, Mount>();
  for (const facts of byPath) {
    for (const m of mountsOf(facts, ctx)) if (!mounts.has(m.file)) mounts.set(m.file, m);
  }
  const linesOf = new Map([...input.texts].map(([p, c]) => [p, c.split('\n')]));
  const entriesByFile = new Map<string, EntryPoint[]>();
  for (const e of input.recon.entryPoints) entriesByFile.set(e.file, [...(entriesByFile.get(e.file) ?? []), e]);
  const inputsByFile = new Map<string, TrustBoundary[]>();
  for (const t of input.recon.trustBoundaries.filter((t) => t.kind === 'request-input')) inputsByFile.set(t.file, [...(inputsByFile.get(t.file) ?? []), t]);

  const flows: Omit<ThreatFlow, 'id'>[] = [];
  const authOf = new Map<EntryPoint, Authentication>();
  const definitions = byPath.flatMap((f) => f.authDefinitions);
  const middlewares = byPath.flatMap((f) => (f.nextMiddleware ? [f.nextMiddleware] : []));
  /** The last line of an entry's handler: the line before the next entry point in its file. */
  const endOf = (e: EntryPoint, lines: readonly string[]) => Math.min((entriesByFile.get(e.file) ?? []).find((s) => s.line > e.line)?.line ?? Number.MAX_SAFE_INTEGER, lines.length + 1) - 1;
  const authFor = (e: EntryPoint): Authentication => {
    if (e.kind !== 'http-route') return { status: 'not-applicable' };
    const known = authOf.get(e);
    if (known) return known;
    const lines = linesOf.get(e.file) ?? [];
    const mount = mounts.get(e.file);
    const found = routeAuthOf(e.file, lines, e.line, endOf(e, lines)) ?? (mount ? { auth: mount.auth, ...(mount.guard ? { guard: mount.guard } : {}) } : undefined);
    const path = /^\S+\s+(\/\S*)/.exec(e.name)?.[1] ?? '';
    const auth = found ? unmaskDecoy(found, definitions) : (middlewares.map((m) => nextRouteAuth(e.file, path, m)).find(Boolean) ?? { status: 'unknown' });
    authOf.set(e, auth);
    return auth;
  };
  const actorFor = (e: EntryPoint | undefined): string => {
    if (!e) return 'process';
    const key = ENTRY_BOUNDARY[e.kind].actor;
    return key === 'remote' && authFor(e).status === 'required' ? reg.actor('user') : reg.actor(key);
  };
  const entryRef = (e: EntryPoint) => ({ kind: e.kind, name: e.kind === 'http-route' ? routeName(e.name, mounts.get(e.file)?.prefix) : e.name, file: e.file, line: e.line });
  const inputIn = (file: string, from: number, to: number) => [...new Set((inputsByFile.get(file) ?? []).filter((t) => t.line >= from && t.line <= to).map((t) => t.detail))];

  // Flows into the application: one per entry point.
  for (const e of input.recon.entryPoints) {
    const spec = ENTRY_BOUNDARY[e.kind];
    const at = { file: e.file, line: e.line, detail: e.name };
    reg.boundary(spec.boundary, spec.name, at);
    const siblings = entriesByFile.get(e.file) ?? [];
    const next = siblings.find((s) => s.line > e.line)?.line ?? Number.MAX_SAFE_INTEGER;
    const lines = linesOf.get(e.file) ?? [];
    const end = Math.min(next - 1, lines.length);
    const read = inputIn(e.file, e.line, end);
    const auth = authFor(e);
    const threats: ThreatEntry[] = [];
    if (e.kind === 'http-route') threats.push(spoofing(auth));
    const body = (inputsByFile.get(e.file) ?? []).find((t) => t.line >= e.line && t.line <= end && BODY_OBJECT.test(t.detail));
    if (body) {
      const w = windowOf(lines, e.line, end, [body.detail], body.detail);
      const guard = BODY_GUARDS.map((g) => ({ g, hit: w.lines.find((l) => g.re.test(l.text)) })).find((x) => x.hit);
      const mitigation: Mitigation = guard?.hit
        ? { status: 'seen', detail: guard.g.detail, at: { file: e.file, line: guard.hit.line, detail: guard.hit.text.trim() } }
        : { status: 'absent', detail: 'the whole request body is used as an object with no schema validation or prototype-key check seen', at: { file: body.file, line: body.line, detail: body.detail } };
      threats.push({ stride: 'tampering', threat: 'Mass assignment or prototype pollution: every key of the request body (including __proto__) reaches the code.', mitigation });
    }
    if (threats.length === 0) {
      threats.push({ stride: 'tampering', threat: `Input from the ${ACTORS[spec.actor].name.toLowerCase()} enters the application here.`, mitigation: read.length ? { status: 'absent', detail: `no validation recognised at the entry (input: ${read.join(', ')})` } : { status: 'no-untrusted-input', detail: 'no request input recognised in this entry' } });
    }
    flows.push({ boundary: spec.boundary, from: actorFor(e), to: 'process', entry: entryRef(e), at, input: read, authentication: auth, threats });
  }

  // Flows out of the application into assets: one per recon sink.
  for (const t of input.recon.trustBoundaries) {
    if (t.kind === 'environment') {
      if (SECRET_NAME.test(t.detail)) reg.asset('secrets', 'Secrets from the environment', { file: t.file, line: t.line, detail: t.detail });
      if (SECRET_NAME.test(t.detail)) reg.actor('operator');
      continue;
    }
    if (!isSink(t.kind)) continue;
    const spec = SINKS[t.kind];
    const at = { file: t.file, line: t.line, detail: t.detail };
    reg.boundary(spec.boundary, spec.boundaryName, at);
    const entry = [...(entriesByFile.get(t.file) ?? [])].reverse().find((e) => e.line <= t.line);
    const from = entry ? entry.line : t.line - WINDOW_ABOVE;
    const read = inputIn(t.file, from, t.line);
    const window = windowOf(linesOf.get(t.file) ?? [], from, t.line, read, t.detail);
    const mitigation = mitigationOf(spec, window, t.file);
    const threats = spec.threats.filter((x) => t.kind !== 'files' || (WRITE_API.test(t.detail) ? x.stride === 'tampering' : x.stride !== 'tampering'));
    const assetName = t.kind === 'sql' ? databaseName(input.recon.stack.frameworks) : spec.asset.name;
    flows.push({
      boundary: spec.boundary,
      from: actorFor(entry),
      to: reg.asset(spec.asset.kind, assetName, at),
      ...(entry ? { entry: entryRef(entry) } : {}),
      at,
      input: read,
      authentication: entry ? authFor(entry) : { status: 'not-applicable' },
      threats: threats.map((x) => ({ ...x, mitigation })),
    });
  }

  // Token signing and checking: the authentication boundary.
  for (const facts of byPath) {
    for (const use of facts.tokenUses) {
      reg.boundary('authentication', 'Authentication tokens', use.at);
      const mitigation: Mitigation = use.literalKeyAt
        ? { status: 'absent', detail: 'the key is a string literal in the source: anyone who reads the code can forge tokens', at: use.literalKeyAt }
        : /process\.env|getenv|config|secret/i.test(use.key)
          ? { status: 'seen', detail: `key read from outside the source (${use.key})`, at: use.at }
          : { status: 'absent', detail: `key source not recognised (${use.key || 'no key argument'})`, at: use.at };
      const threat = use.op === 'sign' ? 'Forged tokens: whoever knows the signing key can mint a token for any user.' : 'Tokens are accepted without a trustworthy key.';
      flows.push({
        boundary: 'authentication',
        from: reg.actor('remote'),
        to: reg.asset('sessions', 'Session tokens and identities', use.at),
        at: use.at,
        input: [],
        authentication: { status: 'not-applicable' },
        threats: [{ stride: 'spoofing', threat, mitigation }],
      });
    }
  }

  // Boundaries are numbered in a fixed kind order; flows refer to them by kind until then.
  const boundaries: Boundary[] = [];
  for (const kind of THREAT_BOUNDARY_KINDS) {
    const b = reg.boundaries.get(kind);
    if (!b) continue;
    b.id = `TB${boundaries.length + 1}`;
    b.locations.sort((x, y) => compareText(x.file, y.file) || x.line - y.line);
    if (b.locations.length > MAX_LOCATIONS) {
      notes.push(`${b.name}: ${b.locations.length} locations, the first ${MAX_LOCATIONS} listed.`);
      b.locations = b.locations.slice(0, MAX_LOCATIONS);
    }
    boundaries.push(b);
  }
  const boundaryId = new Map(boundaries.map((b) => [b.kind, b.id]));
  flows.sort((a, b) => compareText(a.at.file, b.at.file) || a.at.line - b.at.line || compareText(a.boundary, b.boundary));
  if (flows.length > MAX_FLOWS) notes.push(`${flows.length} flows found; the first ${MAX_FLOWS} by file and line are listed.`);
  const unknownAuth = input.recon.entryPoints.filter((e) => e.kind === 'http-route' && authFor(e).status === 'unknown').length;
  if (unknownAuth) notes.push(`${unknownAuth} HTTP route(s) with no recognised mount or authentication middleware: their authentication is unknown (treated as none).`);
  if (input.recon.entryPoints.length === 0) notes.push('recon found no entry points: flows start at the sinks, from the application itself.');

  const imports = new Map(byPath.map((f) => [f.path, importedFiles(f, ctx)]));
  const exposure = exposures(input.recon.entryPoints, authFor, imports, entryRef);

  return {
    source: 'deterministic',
    assets: [...reg.assets.values()],
    actors: [...reg.actors.values()],
    boundaries,
    flows: flows.slice(0, MAX_FLOWS).map((f, i) => ({ ...f, id: `F${i + 1}`, boundary: boundaryId.get(f.boundary as ThreatBoundaryKind) ?? f.boundary })),
    exposure,
    notes,
  };
}

const DATABASES: Record<string, string> = { pg: 'PostgreSQL', mysql: 'MySQL', sqlite: 'SQLite', mongoose: 'MongoDB', prisma: 'Database (Prisma)', sequelize: 'Database (Sequelize)', typeorm: 'Database (TypeORM)', knex: 'Database (Knex)', sqlalchemy: 'Database (SQLAlchemy)', gorm: 'Database (GORM)', diesel: 'Database (Diesel)', sqlx: 'Database (sqlx)' };

function databaseName(frameworks: readonly string[]): string {
  const hit = frameworks.find((f) => DATABASES[f]);
  return hit ? `${DATABASES[hit]} database` : 'Database';
}

/** The refining model's body when it changed anything (a flow, an added or adjusted threat); the deterministic model otherwise. */
export function refinedModel(built: ThreatBody, refinement: Pick<Refinement, 'body' | 'flows' | 'added' | 'adjusted'>): ThreatBody {
  return refinement.flows + refinement.added + refinement.adjusted > 0 ? { ...refinement.body, source: 'model-refined' } : built;
}

/** The threat phase's one-line summary: boundaries, flows, and the threats no mitigation was seen for. */
export function threatSummary(model: Pick<ThreatBody, 'boundaries' | 'flows'>): string {
  const open = model.flows.reduce((n, f) => n + f.threats.filter((t) => t.mitigation.status === 'absent').length, 0);
  return `${model.boundaries.length} trust boundary(ies), ${model.flows.length} flow(s), ${open} threat(s) with no mitigation seen`;
}
