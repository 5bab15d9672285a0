// recon.json: stack, entry points and trust boundaries of the target, found deterministically
// (ast-grep for JavaScript/TypeScript, line patterns for other languages); a model summary is optional.
import { Type, type Static } from '@sinclair/typebox';
import { literalUnion } from './literals.ts';
import { artifact, RepoPath } from './common.ts';

const Location = {
  file: RepoPath,
  line: Type.Integer({ minimum: 1, description: '1-based line of the registration, call or read.' }),
};

export const ENTRY_KINDS = ['http-route', 'cli-bin', 'exported-api', 'message-handler', 'main'] as const;
export const BOUNDARY_KINDS = ['request-input', 'environment', 'files', 'network', 'child-process', 'deserialisation', 'template', 'sql'] as const;

export const Recon = artifact(
  'recon',
  {
    stack: Type.Object(
      {
        languages: Type.Array(Type.String(), { description: 'Languages in scope, most files first (from triage).' }),
        frameworks: Type.Array(Type.String(), { description: 'Frameworks and notable libraries named by the manifests, sorted.' }),
        packageManagers: Type.Array(Type.String(), { description: 'From lock files, the packageManager field and manifest kinds, sorted.' }),
        manifests: Type.Array(RepoPath, { description: 'Manifests read (package.json, requirements.txt, pyproject.toml, go.mod, Cargo.toml …).' }),
        lockFiles: Type.Array(RepoPath, { description: 'Lock files present next to the manifests.' }),
      },
      { additionalProperties: false },
    ),
    entryPoints: Type.Array(
      Type.Object(
        {
          kind: literalUnion(ENTRY_KINDS),
          name: Type.String({ description: 'e.g. "GET /users/:id", the bin name, the exported name, "__main__".' }),
          ...Location,
        },
        { additionalProperties: false },
      ),
      { description: 'Where outside input or control enters: routes, CLI bins, exported APIs, message handlers, mains. Sorted by file, line.' },
    ),
    trustBoundaries: Type.Array(
      Type.Object(
        {
          kind: literalUnion(BOUNDARY_KINDS),
          detail: Type.String({ description: 'The expression or API, e.g. "req.query.name", "child_process.exec", "db.query(template with ${})".' }),
          ...Location,
        },
        { additionalProperties: false },
      ),
      { description: 'Reads of untrusted input and calls into dangerous sinks. Sorted by file, line.' },
    ),
    highRiskPaths: Type.Array(RepoPath, { description: 'Files with the most entry points (counted twice) and trust boundaries, highest first; at most 20.' }),
    publicApi: Type.Optional(
      Type.Array(
        Type.Object(
          {
            package: Type.String({ description: 'Package name from package.json.' }),
            dir: Type.String({ description: "Folder of the package.json ('' for the repository root)." }),
            reason: Type.String({ description: 'Why the package is a library, e.g. \'package.json "main" is index.js\'.' }),
          },
          { additionalProperties: false },
        ),
        { description: "Library packages: the parameters of their files' exported functions are treated as untrusted input (the library threat model)." },
      ),
    ),
    scanned: Type.Object(
      {
        files: Type.Integer({ minimum: 0, description: 'Files read and examined.' }),
        precise: Type.Integer({ minimum: 0, description: 'Of those, parsed with ast-grep (JavaScript/TypeScript).' }),
        fallback: Type.Integer({ minimum: 0, description: 'Of those, examined with line patterns only.' }),
        tests: Type.Boolean({ description: 'Whether test files were examined (only when triage included them).' }),
      },
      { additionalProperties: false },
    ),
    excluded: Type.Array(
      Type.Object({ file: RepoPath, reason: Type.String() }, { additionalProperties: false }),
      { description: 'Files in scope that were not examined, e.g. changed since triage or unreadable. Never silently skipped.' },
    ),
    notes: Type.Array(Type.String(), { description: 'Things recon could not do, e.g. a manifest that did not parse or a package entry outside the scan.' }),
    summary: Type.Optional(Type.String({ description: 'Optional model-written summary.' })),
  },
  'Stack and frameworks, entry points, trust boundaries and high-risk paths.',
);
export type Recon = Static<typeof Recon>;
