// Package inventory (pure): what `npm pack --dry-run --json` would publish, compared with the expected list
// (tracked files under package.json "files"), plus paths and contents that must never ship (maintainer tooling:
// tests, scripts, the benchmark and its cases, examples, test hooks; local artifacts, keys and tokens).

export interface InventoryDiff {
  unexpected: string[];
  missing: string[];
  forbidden: string[];
}

/** Maintainer tooling, at any depth (src/…/benchmark/ and dist/…/benchmark/ too): the package ships the product only. */
const MAINTAINER_TOOLING: readonly RegExp[] = [/(^|\/)(test|scripts|benchmark|examples)\//, /test-hook[^/]*$/];

const FORBIDDEN_PATHS: readonly RegExp[] = [
  ...MAINTAINER_TOOLING,
  /(^|\/)\.bug-hunter\//,
  /(^|\/)\.env(\.|$)/,
  /(^|\/)\.npmrc$/,
  /\.(pem|key|p12|pfx)$/,
  /(^|\/)id_(rsa|ed25519|ecdsa)(\.pub)?$/,
  /(^|\/)node_modules\//,
  /^tmp\//,
  /\.log$/,
];

// Whole credentials, not prefixes: a rule that mentions "xoxb-" in a regex is fine, a real token is not.
const SECRET_CONTENT: readonly { name: string; pattern: RegExp }[] = [
  { name: 'private key', pattern: /-----BEGIN (?:RSA |EC |OPENSSH |DSA )?PRIVATE KEY-----/ },
  { name: 'AWS access key id', pattern: /\bAKIA[0-9A-Z]{16}\b/ },
  { name: 'Slack token', pattern: /\bxox[abpr]-[0-9]{6,}-[0-9A-Za-z-]{10,}/ },
  { name: 'GitHub token', pattern: /\bgh[pousr]_[A-Za-z0-9]{36}\b/ },
  { name: 'Anthropic key', pattern: /\bsk-ant-[A-Za-z0-9_-]{20,}/ },
];

/**
 * What should be published: every file git tracks under package.json's "files" entries, plus the files npm
 * always adds (package.json, README, LICENSE), plus the build output (`built`: files under the build folder,
 * git-ignored but published). Untracked strays and forbidden paths then show as problems.
 */
export function expectedFiles(tracked: readonly string[], publishRoots: readonly string[], built: readonly string[] = []): string[] {
  const always = /^(package\.json|README(\.md)?|LICENSE(\.md|\.txt)?)$/i;
  const roots = publishRoots.filter((r) => !r.startsWith('!')).map((r) => (r.endsWith('/') ? r : `${r}/`));
  // A negated entry ('!src/x/*/fixtures/') leaves out what npm leaves out: `*` is one path segment, a folder its contents.
  const excluded = publishRoots.filter((r) => r.startsWith('!')).map(negatedEntry);
  const published = (f: string) => roots.some((r) => f.startsWith(r)) && !excluded.some((re) => re.test(f));
  return [...new Set([...tracked.filter((f) => always.test(f) || published(f)), ...built.filter(published)])].sort();
}

function negatedEntry(entry: string): RegExp {
  const pattern = entry.slice(1).replace(/\/$/, '');
  const source = pattern.split('/').map((part) => part.split('*').map((piece) => piece.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('[^/]+')).join('/');
  return new RegExp(`^${source}(?:/|$)`);
}

/** npm pack --dry-run --json output → sorted file paths. */
export function packedFiles(npmPackJson: string): string[] {
  const parsed = JSON.parse(npmPackJson) as { files?: { path: string }[] }[];
  const first = parsed[0];
  if (!first?.files) throw new Error('npm pack --dry-run --json printed no file list');
  return first.files.map((f) => f.path).sort();
}

export function compareInventory(actual: readonly string[], expected: readonly string[]): InventoryDiff {
  const want = new Set(expected);
  const have = new Set(actual);
  return {
    unexpected: actual.filter((p) => !want.has(p)),
    missing: expected.filter((p) => !have.has(p)),
    forbidden: actual.filter((p) => FORBIDDEN_PATHS.some((re) => re.test(p))),
  };
}

/** The paths of `packed` that are maintainer tooling (tests, scripts, the benchmark, examples, test hooks). */
export function maintainerTooling(packed: readonly string[]): string[] {
  return packed.filter((p) => MAINTAINER_TOOLING.some((re) => re.test(p)));
}

/** Names of credential kinds found in one published file's text. */
export function secretsIn(text: string): string[] {
  return SECRET_CONTENT.filter((s) => s.pattern.test(text)).map((s) => s.name);
}
