// The deps phase's pure core: which locked dependencies an advisory affects, how reachable each is from the code
// index, and when the scan is incomplete (no advisories, a version semver cannot read, a lockfile not scanned).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Advisory } from '../../../src/engines/deps/advisories/types.ts';
import type { FileIndex } from '../../../src/engines/code-index/types.ts';
import type { LockedDependency } from '../../../src/engines/deps/lockfiles/resolve.ts';
import { buildDepFindings, type DepScanInput, type ScannedLockfile } from '../../../src/phases/deps/core.ts';
import { sha256 } from '../../../src/foundations/hashing/hash.ts';

const TEMPLATE: Advisory = {
  id: 'GHSA-35jh-r3h4-6jhm',
  aliases: ['CVE-2021-23337'],
  summary: 'Command injection in lodash',
  severity: 'high',
  severitySource: 'database_specific.severity HIGH',
  cwe: ['CWE-77'],
  affected: [{ name: 'lodash', ranges: ['<4.17.21'], versions: [], functions: ['template'] }],
};

function dep(name: string, version: string): LockedDependency {
  return { name, version, direct: true, dev: false, path: ['.', `${name}@${version}`], workspaces: ['.'], id: `${name}@${version}`, line: 7 };
}

function lockfile(dependencies: LockedDependency[], extra: Partial<ScannedLockfile> = {}): ScannedLockfile {
  return { path: 'package-lock.json', manager: 'npm', status: 'scanned', dependencies, ...extra };
}

const CALLER: FileIndex = {
  path: 'src/render.js',
  language: 'javascript',
  precise: true,
  lines: 3,
  imports: [{ specifier: 'lodash', line: 1, bindings: [{ local: '_', imported: '*' }] }],
  exports: [],
  symbols: [],
  calls: [{ name: 'template', object: '_', line: 2 }],
};

function input(lockfiles: ScannedLockfile[], overrides: Partial<DepScanInput> = {}): DepScanInput {
  return {
    lockfiles,
    advisories: { source: 'osv', location: 'osv/', ok: true, count: 1, list: [TEMPLATE] },
    index: { files: [CALLER], unindexed: [], sources: new Map([['src/render.js', "const _ = require('lodash');\n  const compiled = _.template(text);\n"]]) },
    curated: new Map(),
    hash: sha256,
    ...overrides,
  };
}

test('an affected version called through the vulnerable function is reachable, quoted at its call site', () => {
  const body = buildDepFindings(input([lockfile([dep('lodash', '4.17.20'), dep('minimist', '1.2.8')])]));
  assert.equal(body.status, 'complete');
  assert.equal(body.findings.length, 1);
  const [finding] = body.findings;
  assert.equal(finding?.package, 'lodash');
  assert.equal(finding?.reachability, 'reachable');
  assert.deepEqual(finding?.callSites, [{ file: 'src/render.js', startLine: 2, endLine: 2, quote: 'const compiled = _.template(text);' }]);
  assert.equal(finding?.fingerprint, sha256('package-lock.json\nlodash@4.17.20\nGHSA-35jh-r3h4-6jhm').slice(0, 16));
  assert.equal(finding?.id, `DEP-${finding?.fingerprint.slice(0, 8)}`);
});

test('a fixed version is no finding, and a version semver cannot read is counted unmatched and makes the scan incomplete', () => {
  const fixed = buildDepFindings(input([lockfile([dep('lodash', '4.17.21')])]));
  assert.deepEqual(fixed.findings, []);
  assert.equal(fixed.status, 'complete');
  const git = buildDepFindings(input([lockfile([dep('lodash', 'github:lodash/lodash#abc')])]));
  assert.deepEqual(git.findings, []);
  assert.equal(git.lockfiles[0]?.unmatched, 1);
  assert.equal(git.status, 'incomplete');
  assert.match(git.notes[0] ?? '', /1 dependency version\(s\) with an advisory are not semver/);
});

test('without advisories, or with a lockfile that was not scanned, the scan is incomplete and says why', () => {
  const none = buildDepFindings(input([lockfile([dep('lodash', '4.17.20')])], { advisories: { source: 'none', location: '', ok: false, reason: 'no advisory source was given', count: 0, list: [] } }));
  assert.equal(none.status, 'incomplete');
  assert.equal(none.notes[0], 'advisories not checked: no advisory source was given');
  const unsupported = buildDepFindings(input([lockfile([], { path: 'requirements.txt', manager: 'pip', status: 'scanner-unsupported', reason: 'no dependency scanner for pip yet' })]));
  assert.equal(unsupported.status, 'incomplete');
  assert.deepEqual(unsupported.notes, ['requirements.txt (pip) scanner-unsupported: no dependency scanner for pip yet']);
  assert.equal(unsupported.lockfiles[0]?.dependencies, 0);
});

test('an advisory that names no function takes the curated map entry for its id or alias', () => {
  const unnamed: Advisory = { ...TEMPLATE, affected: [{ name: 'lodash', ranges: ['<4.17.21'], versions: [], functions: [] }] };
  const curated = new Map([['CVE-2021-23337', { package: 'lodash', functions: ['template'], source: 'curated by hand' }]]);
  const body = buildDepFindings(input([lockfile([dep('lodash', '4.17.20')])], { advisories: { source: 'osv', location: 'osv/', ok: true, count: 1, list: [unnamed] }, curated }));
  assert.deepEqual(body.findings[0]?.vulnerableFunctions, ['template']);
  assert.equal(body.findings[0]?.functionsSource, 'curated');
  assert.equal(body.findings[0]?.reachability, 'reachable');
});
