// What each kind of recon sink means in the threat model: the boundary it crosses, the asset behind it, the STRIDE
// threats that apply, and the guards that count as a mitigation when seen in the same handler. Data plus small checks.
import type { Mitigation, Stride, ThreatBoundaryKind } from '../../artifacts/schemas/threat-model.ts';
import type { BoundaryKind } from '../../engines/attack-surface/types.ts';
import type { AssetKind } from '../../artifacts/schemas/literals.ts';

export type SinkKind = Exclude<BoundaryKind, 'request-input' | 'environment'>;
export type { AssetKind };

export interface Window {
  /** Source lines from the enclosing entry (or a few lines above) down to the sink, with their 1-based numbers. */
  lines: { line: number; text: string }[];
  /** The sink's own line. */
  sink: string;
  /** Recon's description of the sink, e.g. "db.query(literal)". */
  detail: string;
  /** Untrusted values read in the window (recon request-input details). */
  input: string[];
}

interface Guard {
  re: RegExp;
  detail: string;
  /** Look only at the sink's own line (an option or the API used), not the lines above. */
  ownLine?: boolean;
  /** Look at recon's description of the sink instead of the source. */
  onDetail?: boolean;
}

export interface SinkSpec {
  boundary: ThreatBoundaryKind;
  boundaryName: string;
  asset: { kind: AssetKind; name: string };
  threats: { stride: Stride; threat: string }[];
  guards: Guard[];
  /** What is missing when input arrives and no guard is seen. */
  missing: string;
}

const NUMERIC: Guard = { re: /\b(Number\.parseInt|parseInt|Number\.parseFloat|parseFloat|Number)\s*\(/, detail: 'input converted to a number before use' };
const ALLOW_LIST: Guard = { re: /\.(has|includes)\(\s*(req|request|ctx)\b/, detail: 'allow-list check on the request value' };

export const SINKS: Record<SinkKind, SinkSpec> = {
  sql: {
    boundary: 'database', boundaryName: 'Database queries',
    asset: { kind: 'data-store', name: 'Database' },
    threats: [
      { stride: 'tampering', threat: 'SQL injection: query text built from input changes what the query does.' },
      { stride: 'information-disclosure', threat: 'Rows the caller may not see are read through an altered query.' },
    ],
    guards: [{ re: /\(literal\)/, detail: 'parameterised: the query text is a literal, values passed apart', onDetail: true }, NUMERIC],
    missing: 'the query text is not a literal and no parameterisation or conversion was seen',
  },
  'child-process': {
    boundary: 'shell', boundaryName: 'Shell and child processes',
    asset: { kind: 'host', name: 'Host operating system (commands run with the process rights)' },
    threats: [
      { stride: 'elevation-of-privilege', threat: 'Command injection: a shell runs text built from input with the server process rights.' },
      { stride: 'tampering', threat: 'Arguments built from input change which files or hosts the command touches.' },
    ],
    guards: [
      { re: /\b(execFile|execFileSync|spawn|spawnSync|fork)\b(?![^\n]*shell:\s*true)/, detail: 'no shell: argv array (execFile/spawn)', ownLine: true },
      { re: /\b(exec|execSync)\(\s*['"][^'"$]*['"]\s*[,)]/, detail: 'literal command', ownLine: true },
      ALLOW_LIST,
      NUMERIC,
    ],
    missing: 'a shell command is built from input with no allow-list, conversion or argv form seen',
  },
  files: {
    boundary: 'filesystem', boundaryName: 'File system',
    asset: { kind: 'files', name: 'Files readable and writable by the server' },
    threats: [
      { stride: 'information-disclosure', threat: 'Path traversal: a path built from input reads files outside the intended folder.' },
      { stride: 'tampering', threat: 'A path built from input writes or deletes files outside the intended folder.' },
    ],
    guards: [
      { re: /\.startsWith\(/, detail: 'containment check (resolved path startsWith the base folder)' },
      { re: /\broot\s*:/, detail: 'root option confines the path', ownLine: true },
      { re: /\bpath\.basename\(/, detail: 'path.basename strips folders from the input' },
      ALLOW_LIST,
    ],
    missing: 'a path built from input reaches the file system with no containment check seen',
  },
  network: {
    boundary: 'outbound-network', boundaryName: 'Outbound network requests',
    asset: { kind: 'network', name: 'Internal network and third-party services' },
    threats: [
      { stride: 'information-disclosure', threat: 'Server-side request forgery: a URL from input makes the server fetch internal addresses.' },
      { stride: 'elevation-of-privilege', threat: "Requests carry the server's network position and credentials to a host the caller picked." },
    ],
    guards: [{ re: /\.(hostname|host|origin)\b[^\n]*(===|\.has\(|\.includes\()/, detail: 'host allow-list check' }, ALLOW_LIST],
    missing: 'a request target built from input with no host allow-list seen',
  },
  deserialisation: {
    boundary: 'deserialisation', boundaryName: 'Deserialisation of untrusted data',
    asset: { kind: 'objects', name: 'Process objects built from untrusted data' },
    threats: [
      { stride: 'tampering', threat: 'Untrusted data becomes objects whose shape or keys (__proto__) the code trusts.' },
      { stride: 'elevation-of-privilege', threat: 'Unsafe deserialisers run code or build arbitrary types from the data.' },
    ],
    guards: [{ re: /\b(validate|safeParse|Joi\.|ajv|schema\.parse|\.parse\(\s*\w+\s*\)\s*;?\s*$)/, detail: 'schema validation of the parsed value' }],
    missing: 'parsed data is used with no schema validation seen',
  },
  template: {
    boundary: 'template', boundaryName: 'Rendered templates and HTML',
    asset: { kind: 'browsers', name: "Users' browsers" },
    threats: [{ stride: 'tampering', threat: 'Cross-site scripting or template injection: input rendered as markup or template code.' }],
    guards: [{ re: /\b(escape\w*|sanitize\w*|DOMPurify|encodeURIComponent|he\.encode)\b/i, detail: 'output escaping or sanitising' }],
    missing: 'input reaches a template or HTML with no escaping seen',
  },
};

/** The mitigation for one threat of a sink, from the handler window. */
export function mitigationOf(spec: SinkSpec, window: Window, file: string): Mitigation {
  for (const guard of spec.guards) {
    const own = guard.onDetail ? window.detail : window.sink;
    const hit = guard.ownLine || guard.onDetail ? (guard.re.test(own) ? window.lines.at(-1) : undefined) : window.lines.find((l) => guard.re.test(l.text));
    if (hit) return { status: 'seen', detail: guard.detail, at: { file, line: hit.line, detail: hit.text.trim() } };
  }
  if (window.input.length === 0) return { status: 'no-untrusted-input', detail: 'no request input is read in this handler before the call' };
  return { status: 'absent', detail: `${spec.missing} (input: ${window.input.join(', ')})` };
}

/** The whole request body used as an object: mass assignment and prototype pollution through its keys. */
export const BODY_OBJECT = /^(req|request|ctx\.request)\.body$/;
export const BODY_GUARDS: Guard[] = [
  { re: /\b(validate|safeParse|Joi\.|ajv|schema\.parse|pick\(|zod)\b/, detail: 'schema validation of the body' },
  { re: /__proto__|Object\.create\(null\)|hasOwn/, detail: 'prototype keys rejected or a null-prototype target' },
];
