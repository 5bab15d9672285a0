// Recorded evidence that a corpus case's fixed version is still exploitable (incomplete-fixes.json, one per
// corpus): schema, parsing, the checks a schema cannot make (the case exists, the version and class match it, a
// SecBench.js entry is a development case), and the set of case ids a scorer counts apart. Pure apart from reading
// the file; `pnpm prove:incomplete-fixes` runs the exploits (prove.ts).
import { existsSync, readFileSync } from 'node:fs';
import { Type, type Static } from '@sinclair/typebox';
import { literalUnion } from '../../../src/artifacts/schemas/literals.ts';
import { UsageError } from '../../../src/foundations/errors.ts';
import { parseValidated } from '../../bench/benchmark/json-input.ts';

export const INCOMPLETE_FIXES_FILE = 'incomplete-fixes.json';

/** The classes an exploit can be judged for, each by its own criterion (harness.ts). */
export const PROOF_CLASSES = ['prototype-pollution', 'command-injection', 'redos', 'path-traversal', 'zip-slip', 'open-redirect'] as const;
export type ProofClass = (typeof PROOF_CLASSES)[number];

const Stub = Type.Object(
  {
    module: Type.String({ pattern: '^(@[a-z0-9][a-z0-9._-]*/)?[a-z0-9][a-z0-9._-]*(/[a-z0-9][a-z0-9._-]*)?$', description: 'The module name the package requires (a subpath such as colors/safe allowed).' }),
    code: Type.String({ minLength: 1, description: 'CommonJS text of the stand-in.' }),
    why: Type.String({ minLength: 1, maxLength: 200, description: 'Why a stand-in does not change what the exploit shows.' }),
  },
  { additionalProperties: false, description: 'A dependency of the package replaced by a few lines: packages are fetched without their dependencies.' },
);

export const Exploit = Type.Object(
  {
    code: Type.Array(Type.String(), {
      minItems: 1,
      description:
        "Lines of a CommonJS module. redos: exports the functions { run(input), attack(n), baseline(n) }, attack and baseline returning an input of exactly n characters (the harness picks n: redos-growth.ts); every other class: exports an (async) function of ctx = { pkg, dir, root, secret, token, marker } (harness.ts).",
    }),
    stubs: Type.Optional(Type.Array(Stub, { minItems: 1 })),
    timeoutSeconds: Type.Optional(Type.Integer({ minimum: 1, maximum: 300, description: 'Wall time of the sandboxed run (default 60).' })),
  },
  { additionalProperties: false },
);
export type Exploit = Static<typeof Exploit>;

export const IncompleteFix = Type.Object(
  {
    case: Type.String({ minLength: 1, description: "The corpus case's id." }),
    package: Type.String({ minLength: 1 }),
    fixed: Type.String({ minLength: 1, description: "The case's fixed version, the one the exploit runs against." }),
    class: literalUnion(PROOF_CLASSES),
    reason: Type.String({ minLength: 1, maxLength: 300, description: 'One line: what the fix left open.' }),
    exploit: Exploit,
  },
  { additionalProperties: false },
);
export type IncompleteFix = Static<typeof IncompleteFix>;

const EvidenceFile = Type.Object(
  { description: Type.String(), entries: Type.Array(IncompleteFix) },
  { additionalProperties: false },
);

/** What the corpus says about a case, to check an entry against. */
export interface CaseFacts {
  id: string;
  package: string;
  fixed: string | null;
  class: string;
  /** SecBench.js: only development cases may carry evidence. */
  side?: 'dev' | 'held-out';
}

/**
 * Parses an evidence file and checks each entry against its corpus. A message never names a held-out case: an entry
 * that points at one is reported as "not a development case" with its position only.
 */
export function parseIncompleteFixes(text: string, path: string, cases: readonly CaseFacts[]): IncompleteFix[] {
  const { entries } = parseValidated<{ entries: IncompleteFix[] }>(EvidenceFile, text, path, 'incomplete-fixes file');
  const byId = new Map(cases.map((c) => [c.id, c]));
  const seen = new Set<string>();
  entries.forEach((e, index) => {
    const c = byId.get(e.case);
    if (c?.side === 'held-out') throw new UsageError(`${path}: entry ${index + 1} is not a development case; evidence is recorded for development cases only.`);
    if (!c) throw new UsageError(`${path}: entry ${index + 1} names case '${e.case}', which is not in the corpus.`);
    if (seen.has(e.case)) throw new UsageError(`${path}: case '${e.case}' has two entries.`);
    seen.add(e.case);
    if (c.package !== e.package || c.fixed !== e.fixed) throw new UsageError(`${path}: case '${e.case}' is ${c.package} fixed in ${c.fixed ?? 'no version'}, not ${e.package} ${e.fixed}.`);
    if (c.class !== e.class) throw new UsageError(`${path}: case '${e.case}' is of class ${c.class}, not ${e.class}.`);
  });
  return entries;
}

/** The entries of a corpus folder's evidence file; none when the file is absent. */
export function readIncompleteFixes(dir: string, cases: readonly CaseFacts[]): IncompleteFix[] {
  const path = `${dir}/${INCOMPLETE_FIXES_FILE}`;
  return existsSync(path) ? parseIncompleteFixes(readFileSync(path, 'utf8'), path, cases) : [];
}

/** The case ids whose fixed version is shown incomplete: a flagged fixed version among them is counted apart. */
export function shownIncomplete(entries: readonly IncompleteFix[]): ReadonlySet<string> {
  return new Set(entries.map((e) => e.case));
}
