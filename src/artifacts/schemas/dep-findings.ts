// dep-findings.json: which locked dependencies carry a known advisory, and whether the code can reach the
// vulnerable function. Lockfiles that could not be read, other ecosystems and a failed advisory source are
// listed with their reason: the dependency scan is never "clean" by not looking.
import { Type, type Static } from '@sinclair/typebox';
import { ADVISORY_SOURCES, COMPLETENESS, DEP_SCAN_STATUSES, FUNCTIONS_SOURCES, literalUnion } from './literals.ts';
import { artifact, Evidence, RepoPath, Severity } from './common.ts';

export const REACHABILITY = ['reachable', 'imported', 'unknown', 'not-imported'] as const;
export const Reachability = literalUnion(
  REACHABILITY,
  {
    description:
      'reachable: a call to a vulnerable function was found (callSites); imported: imported, the vulnerable API not seen; ' +
      'unknown: could not tell (reason says why); not-imported: no indexed source file imports the package.',
  },
);

export const DepFinding = Type.Object(
  {
    id: Type.String({ pattern: '^DEP-[0-9a-f]{8,}$', description: 'Stable id from the fingerprint.' }),
    fingerprint: Type.String({ pattern: '^[0-9a-f]{16,64}$', description: 'lockfile, package, version and advisory id.' }),
    package: Type.String({ minLength: 1 }),
    version: Type.String({ minLength: 1 }),
    lockfile: RepoPath,
    line: Type.Integer({ minimum: 1, description: 'Line of the package entry in the lockfile.' }),
    direct: Type.Boolean({ description: 'A workspace lists it in its own package.json.' }),
    dev: Type.Boolean({ description: 'Only devDependencies bring it in.' }),
    path: Type.Array(Type.String(), { minItems: 2, description: 'Importer, then each package down to this one.' }),
    workspaces: Type.Array(Type.String(), { description: "Workspace folders that reach it ('.' the root)." }),
    advisory: Type.Object(
      {
        id: Type.String({ minLength: 1 }),
        aliases: Type.Array(Type.String()),
        summary: Type.String(),
        url: Type.Optional(Type.String()),
        cvss: Type.Optional(
          Type.Object(
            {
              vector: Type.String({ pattern: '^CVSS:3\\.1/', description: 'The advisory record\'s own CVSS v3 vector, as 3.1.' }),
              baseScore: Type.Number({ minimum: 0, maximum: 10, description: 'Computed from the vector, never taken from the record.' }),
              source: Type.String({ description: 'Where in the record the vector was.' }),
            },
            { additionalProperties: false },
          ),
        ),
        cwe: Type.Array(Type.String({ pattern: '^CWE-[0-9]+$' })),
        severitySource: Type.String({ description: 'Where the severity came from.' }),
      },
      { additionalProperties: false },
    ),
    severity: Severity,
    vulnerableFunctions: Type.Array(Type.String(), { description: "Functions that carry the flaw ('default': the module called itself)." }),
    functionsSource: literalUnion(FUNCTIONS_SOURCES),
    reachability: Reachability,
    reachabilityReason: Type.String({ minLength: 1 }),
    callSites: Type.Array(Evidence, { maxItems: 10, description: 'Calls to a vulnerable function, quoted from the source.' }),
    importedAt: Type.Array(Type.Object({ file: RepoPath, line: Type.Integer({ minimum: 1 }) }, { additionalProperties: false }), { maxItems: 50 }),
  },
  { additionalProperties: false },
);
export type DepFinding = Static<typeof DepFinding>;

export const LockfileStatus = Type.Object(
  {
    path: RepoPath,
    manager: Type.String({ description: 'npm, pnpm, yarn, bun, or the ecosystem of a lockfile without a scanner.' }),
    status: literalUnion(DEP_SCAN_STATUSES),
    reason: Type.Optional(Type.String({ description: 'Why it was not scanned.' })),
    dependencies: Type.Integer({ minimum: 0, description: 'Resolved name@version entries.' }),
    unmatched: Type.Integer({ minimum: 0, description: 'Dependencies with an advisory whose version semver cannot read (not counted as safe).' }),
  },
  { additionalProperties: false },
);

export const AdvisorySource = Type.Object(
  {
    source: literalUnion(ADVISORY_SOURCES),
    location: Type.String({ description: 'OSV file or folder, the cached OSV export, or the registry endpoint.' }),
    url: Type.Optional(Type.String({ description: 'osv-export: the archive the cached copy was downloaded from.' })),
    ok: Type.Boolean(),
    reason: Type.Optional(Type.String()),
    fetchedAt: Type.Optional(Type.String({ format: 'date-time', description: 'When the data was fetched: the registry answer (it may come from the cache) or the OSV export (advisories update).' })),
    count: Type.Integer({ minimum: 0, description: 'npm advisories loaded.' }),
  },
  { additionalProperties: false },
);

export const DepFindings = artifact(
  'dep-findings',
  {
    status: literalUnion(COMPLETENESS, {
      description: 'incomplete: a lockfile was not scanned or the advisories could not be had; the scan is then never clean.',
    }),
    notes: Type.Array(Type.String(), { description: 'Why it is incomplete, one reason per line.' }),
    advisories: AdvisorySource,
    lockfiles: Type.Array(LockfileStatus),
    findings: Type.Array(DepFinding, { description: 'By reachability (reachable first), then severity, then package.' }),
  },
  'Vulnerable dependencies from the lockfiles, with reachability from the code index; unscanned lockfiles with why.',
);
export type DepFindings = Static<typeof DepFindings>;
