// The real-world corpus as data: vulnerable npm package versions with a published advisory and a pinned
// sink (benchmark/real-world/cases.json), mature packages for the false-alarm rate (mature.json), and the
// recorded gate (gate.json). Schemas, types and loading only; nothing here fetches or scans.
import { readFileSync } from 'node:fs';
import { Type, type Static } from '@sinclair/typebox';
import { literalUnion } from '../../../src/artifacts/schemas/literals.ts';
import { RepoPath } from '../../../src/artifacts/schemas/common.ts';
import { parseValidated } from '../../bench/benchmark/json-input.ts';
import { UsageError } from '../../../src/foundations/errors.ts';

/** The vulnerability classes the corpus is spread over; recall is printed per class. */
export const VULN_CLASSES = [
  'command-injection',
  'code-injection',
  'path-traversal',
  'zip-slip',
  'prototype-pollution',
  'redos',
  'ssrf',
  'open-redirect',
  'nosql-injection',
  'xss',
  'unsafe-deserialization',
  'weak-crypto',
  'jwt-verification',
] as const;
export type VulnClass = (typeof VULN_CLASSES)[number];

export const PACKAGE_KINDS = ['library', 'server', 'cli'] as const;

const PackageName = Type.String({ pattern: '^(@[a-z0-9][a-z0-9._-]*/)?[a-z0-9][a-z0-9._-]*$', description: 'npm package name.' });
const Version = Type.String({ pattern: '^\\d+\\.\\d+\\.\\d+(-[0-9A-Za-z.-]+)?$', description: 'Exact published version.' });
const AdvisoryId = Type.String({ pattern: '^(GHSA(-[23456789cfghjmpqrvwx]{4}){3}|CVE-\\d{4}-\\d{4,})$', description: 'GitHub advisory or CVE id.' });

export const Sink = Type.Object(
  {
    file: RepoPath,
    line: Type.Integer({ minimum: 1, description: 'Line of the dangerous call or write, 1-based, in the package as published.' }),
    function: Type.String({ minLength: 1, description: 'Name of the innermost function around the sink, as the static engine names functions; checked against the fetched source.' }),
    snippet: Type.String({ minLength: 3, description: 'Text that must appear on the sink line; checked against the fetched source so a wrong pin fails loudly.' }),
  },
  { additionalProperties: false },
);
export type Sink = Static<typeof Sink>;

export const RealWorldCase = Type.Object(
  {
    id: Type.String({ pattern: '^[a-z0-9][a-z0-9-]*$', description: 'Stable kebab-case id, unique in the corpus.' }),
    package: PackageName,
    vulnerable: Version,
    fixed: Version,
    advisories: Type.Array(AdvisoryId, { minItems: 1, uniqueItems: true }),
    year: Type.Integer({ minimum: 2010, maximum: 2100, description: 'Year the advisory was published.' }),
    class: literalUnion(VULN_CLASSES),
    cwe: Type.String({ pattern: '^CWE-\\d+$' }),
    kind: literalUnion(PACKAGE_KINDS, { description: 'library, or a whole server or command-line tool published as a package.' }),
    summary: Type.String({ minLength: 1, maxLength: 300, description: 'One line: who controls what, and where it lands.' }),
    sink: Sink,
    alsoAt: Type.Optional(Type.Array(Sink, { minItems: 1, description: 'The same flaw in another copy of the code the package ships (a bundle, a per-platform file); a finding at any of them counts.' })),
    fixedSink: Type.Optional(
      Type.Object(
        { file: RepoPath, function: Type.String({ minLength: 1 }) },
        { additionalProperties: false, description: 'Where the sink lives in the fixed version when the fix moved or renamed it.' },
      ),
    ),
  },
  { additionalProperties: false },
);
export type RealWorldCase = Static<typeof RealWorldCase>;

export const CasesFile = Type.Object(
  { description: Type.String(), cases: Type.Array(RealWorldCase, { minItems: 1 }) },
  { additionalProperties: false },
);

export const MaturePackage = Type.Object(
  { package: PackageName, version: Version, why: Type.String({ minLength: 1, maxLength: 200 }) },
  { additionalProperties: false },
);
export type MaturePackage = Static<typeof MaturePackage>;

export const MatureFile = Type.Object(
  { description: Type.String(), packages: Type.Array(MaturePackage, { minItems: 1 }) },
  { additionalProperties: false },
);

export const RealWorldGate = Type.Object(
  {
    description: Type.String(),
    measuredOn: Type.String({ description: 'Commit of the engine the figures were measured on.' }),
    minRecall: Type.Number({ minimum: 0, maximum: 1, description: 'Recall may not drop below this.' }),
    maxFixedFlagged: Type.Integer({ minimum: 0, description: 'Fixed versions still flagged may not rise above this.' }),
    maxMaturePerKloc: Type.Number({ minimum: 0, description: 'Reported findings per 1,000 lines on the mature packages may not rise above this.' }),
    found: Type.Array(Type.String(), { description: 'Cases found when the gate was written; a lost one is named.' }),
  },
  { additionalProperties: false },
);
export type RealWorldGate = Static<typeof RealWorldGate>;

/** Parses cases.json and checks what a schema cannot: unique ids, fixed differs from vulnerable. */
export function parseCases(text: string, path = 'cases.json'): RealWorldCase[] {
  const { cases } = parseValidated<{ cases: RealWorldCase[] }>(CasesFile, text, path, 'cases file');
  const seen = new Set<string>();
  for (const c of cases) {
    if (seen.has(c.id)) throw new UsageError(`${path}: case id '${c.id}' appears twice.`);
    seen.add(c.id);
    if (c.fixed === c.vulnerable) throw new UsageError(`${path}: case '${c.id}' has the same fixed and vulnerable version.`);
  }
  return cases;
}

export function parseMature(text: string, path = 'mature.json'): MaturePackage[] {
  return parseValidated<{ packages: MaturePackage[] }>(MatureFile, text, path, 'mature packages file').packages;
}

export function parseRealWorldGate(text: string, path = 'gate.json'): RealWorldGate {
  return parseValidated<RealWorldGate>(RealWorldGate, text, path, 'real-world gate file');
}

export function readCorpus(dir: string): { cases: RealWorldCase[]; mature: MaturePackage[] } {
  return {
    cases: parseCases(readFileSync(`${dir}/cases.json`, 'utf8'), `${dir}/cases.json`),
    mature: parseMature(readFileSync(`${dir}/mature.json`, 'utf8'), `${dir}/mature.json`),
  };
}

/** The cache key of one package version: also its folder name under the cache. */
export function packageKey(name: string, version: string): string {
  return `${name.replace('/', '__')}@${version}`;
}
