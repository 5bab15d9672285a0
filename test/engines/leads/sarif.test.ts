// The SARIF reader and the placing of leads: what is taken from a log (rule by index, CWE tags, columns), what a
// malformed log is refused for, and the hostile locations an untrusted log can carry.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseSarif, SarifError, cweIn } from '../../../src/engines/leads/sarif.ts';
import { leadPath } from '../../../src/engines/leads/paths.ts';
import { classOf, ruleName } from '../../../src/engines/static/lead-classes.ts';
import { MAX_SARIF_BYTES, readLeadFile } from '../../../src/engines/leads/read.ts';
import { buildLeads } from '../../../src/phases/leads/core.ts';
import { UsageError } from '../../../src/foundations/errors.ts';
import { tempDir } from '../../helpers/temp.ts';

const log = (results: unknown[], rules: unknown[] = []) => JSON.stringify({ version: '2.1.0', runs: [{ tool: { driver: { name: 'semgrep', version: '1.2.3', rules } }, results }] });
const at = (uri: string, startLine?: number, extra: Record<string, unknown> = {}) => ({ physicalLocation: { artifactLocation: { uri }, ...(startLine ? { region: { startLine, startColumn: 7, ...extra } } : {}) } });

test('a result takes its rule by index, its CWE from the rule\'s tags, its lines and column', () => {
  const rules = [{ id: 'js.exec', name: 'exec', properties: { tags: ['CWE-78: OS Command Injection', 'security'] } }];
  const parsed = parseSarif(log([{ ruleIndex: 0, level: 'error', message: { text: 'tainted exec' }, locations: [at('src/a.js', 3, { endLine: 4 })] }], rules), 'x.sarif');
  assert.deepEqual(parsed.tools, [{ name: 'semgrep', version: '1.2.3', results: 1 }]);
  assert.deepEqual(parsed.leads[0], { tool: 'semgrep', toolVersion: '1.2.3', ruleId: 'js.exec', ruleName: 'exec', message: 'tainted exec', level: 'error', cwe: ['CWE-78'], uri: 'src/a.js', startLine: 3, endLine: 4, startColumn: 7 });
});

test('CodeQL-style and Semgrep-style CWE tags are read; words that only look alike are not', () => {
  assert.deepEqual(cweIn({ tags: ['external/cwe/cwe-078', 'external/cwe/cwe-088'] }), ['CWE-78', 'CWE-88']);
  assert.deepEqual(cweIn({ cwe: 'CWE-22' }), ['CWE-22']);
  assert.deepEqual(cweIn({ tags: ['cweather', 'security'] }), []);
});

test('a malformed log is refused naming the file and the place', () => {
  const cases: Array<[string, RegExp]> = [
    ['[]', /x\.sarif is not a SARIF log/],
    [JSON.stringify({ version: '2.1.0', runs: {} }), /x\.sarif: "runs" must be an array/],
    [JSON.stringify({ version: '2.1.0', runs: [{ tool: { driver: { name: 't' } }, results: 'no' }] }), /x\.sarif runs\[0\]: "results" must be an array/],
    [JSON.stringify({ version: '2.1.0', runs: [{ tool: { driver: { name: 't' } }, results: [1] }] }), /x\.sarif runs\[0\]\.results\[0\] must be an object/],
  ];
  for (const [text, expected] of cases) assert.throws(() => parseSarif(text, 'x.sarif'), (e: unknown) => e instanceof SarifError && expected.test(e.message));
});

test('results that cannot be placed are kept with the reason; suppressed ones too; control characters are made visible', () => {
  const parsed = parseSarif(log([
    { ruleId: 'r', message: { text: 'no location' } },
    { ruleId: 'r', message: { text: 'file level' }, locations: [at('src/a.js')] },
    { ruleId: 'r', message: { text: 'muted' }, locations: [at('src/a.js', 2)], suppressions: [{ kind: 'inSource' }] },
    { ruleId: 'r\u001b[31m', message: { text: 'red\u0007' }, locations: [at('src/a.js', 2)] },
  ]), 'x.sarif');
  assert.match(parsed.leads[0]?.unusable ?? '', /results\[0\] has no physical location/);
  assert.match(parsed.leads[1]?.unusable ?? '', /results\[1\] has no start line/);
  assert.match(parsed.leads[2]?.unusable ?? '', /suppressed in the analyser itself/);
  assert.equal(parsed.leads[3]?.unusable, undefined);
  const shown = `${parsed.leads[3]?.ruleId}${parsed.leads[3]?.message}`;
  assert.ok([...shown].every((c) => c.charCodeAt(0) >= 0x20), shown);
});

test('hostile locations never leave the target or name a file the run does not hunt', () => {
  const root = '/srv/target';
  const scanned = new Set(['src/a.js', 'src/b c.js']);
  assert.deepEqual(leadPath('src/a.js', root, scanned), { ok: true, path: 'src/a.js' });
  assert.deepEqual(leadPath('src/b%20c.js', root, scanned), { ok: true, path: 'src/b c.js' });
  assert.deepEqual(leadPath(pathToFileURL('/srv/target/src/a.js').href, root, scanned), { ok: true, path: 'src/a.js' });
  assert.deepEqual(leadPath('/srv/target/src/a.js', root, scanned), { ok: true, path: 'src/a.js' });
  for (const uri of ['../etc/passwd', 'src/../../etc/passwd', 'src/%2e%2e/%2e%2e/etc/passwd', '/etc/passwd', 'file:///etc/passwd', '/srv/target-other/src/a.js', '.']) {
    const r = leadPath(uri, root, scanned);
    assert.equal(r.ok, false, uri);
    assert.match((r as { reason: string }).reason, /points outside the target/, uri);
  }
  assert.match((leadPath('https://evil.example/a.js', root, scanned) as { reason: string }).reason, /scheme https/);
  assert.match((leadPath('src/a.js\u0000.png', root, scanned) as { reason: string }).reason, /control characters/);
  assert.match((leadPath('src/%E0%A4%A', root, scanned) as { reason: string }).reason, /malformed percent-encoding/);
  assert.match((leadPath('src/missing.js', root, scanned) as { reason: string }).reason, /not a file this run hunts/);
});

test('placing leads: a line past the end is dropped, the same result twice is one lead, the class comes from CWE or name', () => {
  const parsed = parseSarif(log([
    { ruleId: 'security/detect-child-process', message: { text: 'child process' }, locations: [at('src/a.js', 2)] },
    { ruleId: 'security/detect-child-process', message: { text: 'child process' }, locations: [at('src/a.js', 2)] },
    { ruleId: 'x', message: { text: 'far' }, locations: [at('src/a.js', 99)] },
    { ruleId: 'x', message: { text: 'away' }, locations: [at('../a.js', 1)] },
  ]), 'x.sarif');
  const scanned = new Map([['src/a.js', { lines: 10 }]]);
  const built = buildLeads([{ path: '/tmp/x.sarif', sha256: 'a'.repeat(64), parsed }], scanned, { place: (uri) => leadPath(uri, '/srv/target', new Set(scanned.keys())), classify: classOf });
  assert.equal(built.leads.length, 3);
  const byRule = (id: string) => built.leads.filter((l) => l.ruleId === id);
  assert.equal(byRule('security/detect-child-process')[0]?.status, 'candidate');
  assert.equal(byRule('security/detect-child-process')[0]?.bugClass, 'command-injection');
  assert.deepEqual(byRule('x').map((l) => l.reason).sort(), ['"../a.js" points outside the target', 'line 99 is past the end of src/a.js (10 lines)']);
  assert.equal(ruleName('eslint(no-eval)'), 'no-eval');
  assert.equal(classOf('anything', ['CWE-918']).bugClass, 'ssrf');
  assert.equal(classOf('no-console', []).bugClass, undefined);
  assert.equal(classOf('no-console', []).category, 'other');
});

test('readLeadFile refuses a missing file, a folder and a file over the size limit, naming it', (t) => {
  const dir = tempDir(t);
  const big = join(dir, 'big.sarif');
  writeFileSync(big, '');
  truncateSync(big, MAX_SARIF_BYTES + 1);
  assert.throws(() => readLeadFile(big), (e: unknown) => e instanceof UsageError && /big\.sarif: \d+ bytes is over the/.test(e.message));
  assert.throws(() => readLeadFile(dir), (e: unknown) => e instanceof UsageError && /not a regular file/.test(e.message));
  assert.throws(() => readLeadFile(join(dir, 'none.sarif')), (e: unknown) => e instanceof UsageError && /none\.sarif: cannot read it \(ENOENT\)/.test(e.message));
});
