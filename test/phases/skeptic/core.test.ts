// The skeptic's decisions on real findings: the static engine hunts a handler (or another analyser's SARIF lead is
// placed in it), the static panel (engines/static/refute/) votes, and the skeptic's core records the review — what a
// refuter is shown, the vote when the source is unavailable, the seats that sit, and the outcome.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Finding } from '../../../src/artifacts/schemas/common.ts';
import type { TriagedFile } from '../../../src/artifacts/schemas/triage.ts';
import { huntFile } from '../../../src/engines/static/index.ts';
import type { IncomingArg } from '../../../src/engines/static/types.ts';
import { staticPanel, type Vote } from '../../../src/engines/static/refute/index.ts';
import { leadFinding, leadOrigin } from '../../../src/engines/leads/finding.ts';
import { parseSarif } from '../../../src/engines/leads/sarif.ts';
import { leadPath } from '../../../src/engines/leads/paths.ts';
import { classOf } from '../../../src/engines/static/lead-classes.ts';
import { buildLeads } from '../../../src/phases/leads/core.ts';
import { refuterFile, reviewOf, sittingSeats, unavailableVotes } from '../../../src/phases/skeptic/core.ts';

const HANDLER = [
  "const { exec } = require('child_process');",
  "app.get('/ping', (req, res) => {",
  '  exec(`ping -c 1 ${req.query.host}`, (e, out) => res.send(out));',
  "  exec('uptime');",
  '});',
].join('\n');

const meta = (path: string, isTest = false): TriagedFile => ({ path, language: 'javascript', bytes: HANDLER.length, lines: 5, tokens: 40, sha256: 'c'.repeat(64), isTest, hasTest: false, risk: 1, signals: [] });

function engineFinding(path: string): Finding {
  const [finding] = huntFile({ path, content: HANDLER, language: 'javascript', isTest: false });
  assert.ok(finding, 'the static engine finds the request-derived exec');
  return finding;
}

/** Another analyser's SARIF result at `line` of the handler (column 3: the exec call), placed and turned into a finding as the hunter does. */
function leadAt(line: number): { finding: Finding; startColumn?: number; startLine?: number } {
  const log = JSON.stringify({ version: '2.1.0', runs: [{ tool: { driver: { name: 'eslint' } }, results: [{ ruleId: 'security/detect-child-process', message: { text: 'child_process.exec' }, locations: [{ physicalLocation: { artifactLocation: { uri: 'src/ping.js' }, region: { startLine: line, startColumn: 3 } } }] }] }] });
  const scanned = new Map([['src/ping.js', { lines: 5 }]]);
  const { leads: [lead] } = buildLeads([{ path: 'x.sarif', sha256: 'd'.repeat(64), parsed: parseSarif(log, 'x.sarif') }], scanned, { place: (uri) => leadPath(uri, '/srv/target', new Set(scanned.keys())), classify: classOf });
  assert.equal(lead?.status, 'candidate');
  const made = leadFinding(lead!, HANDLER);
  assert.ok(made.ok);
  return { finding: made.finding, ...(lead?.startColumn !== undefined ? { startColumn: lead.startColumn } : {}), ...(lead?.startLine !== undefined ? { startLine: lead.startLine } : {}) };
}

const modelUpheld: Vote = { seat: 'reachability', engine: 'model:fake/m', vote: 'upheld', reason: 'the host reaches exec' };

test("the engine's own request-derived exec survives the static panel; in test code it is killed whatever a model says", () => {
  const finding = engineFinding('src/ping.js');
  const votes = staticPanel(finding, refuterFile(meta('src/ping.js'), HANDLER), leadOrigin(finding), undefined, {});
  assert.deepEqual(votes.map((v) => `${v.seat} ${v.vote}`), ['source upheld', 'guards upheld']);
  assert.equal(reviewOf(finding.id, votes).outcome, 'survived');

  const inTests = engineFinding('test/ping.js');
  const refuted = staticPanel(inTests, refuterFile(meta('test/ping.js', true), HANDLER), null, undefined, {});
  assert.equal(refuted[0]?.seat, 'test-code');
  const review = reviewOf(inTests.id, [...refuted, modelUpheld]);
  assert.equal(review.outcome, 'killed', 'a refutation checked against the source outweighs a model vote');
  assert.equal(review.findingId, inTests.id);
  assert.equal(staticPanel(inTests, refuterFile(meta('test/ping.js', true), HANDLER), null, undefined, { includeTests: true }).some((v) => v.seat === 'test-code'), false);
});

test("another analyser's lead is checked at its cited line with the engine's words: a literal command refutes it, request input upholds it", () => {
  const literal = leadAt(4);
  const origin = leadOrigin(literal.finding);
  assert.deepEqual(origin, { tool: 'eslint', ruleId: 'security/detect-child-process' });
  const refuted = staticPanel(literal.finding, refuterFile(meta('src/ping.js'), HANDLER), origin, literal, {});
  assert.deepEqual(refuted.map((v) => `${v.seat} ${v.vote}`), ['source refuted']);
  assert.match(refuted[0]?.reason ?? '', /^The values at the cited line are .*, not input\.$/);
  assert.equal(reviewOf(literal.finding.id, refuted).outcome, 'killed');

  const input = leadAt(3);
  const upheld = staticPanel(input.finding, refuterFile(meta('src/ping.js'), HANDLER), leadOrigin(input.finding), input, {});
  assert.deepEqual(upheld.map((v) => `${v.seat} ${v.vote}`), ['source upheld', 'guards upheld']);
  assert.equal(upheld[1]?.reason, 'No allow-list, containment check, type check or escaping of the value precedes the cited line.');
  // The engine's own finding at the same line gets the same guard check in the same words, at its sink.
  const own = staticPanel(engineFinding('src/ping.js'), refuterFile(meta('src/ping.js'), HANDLER), null, undefined, {});
  assert.equal(own[1]?.reason, 'No allow-list, containment check, type check or escaping of the value precedes the sink.');
  // A lead in test code is refuted with the same vote as the engine's own finding there.
  const lead = staticPanel(input.finding, refuterFile(meta('src/ping.js', true), HANDLER), leadOrigin(input.finding), input, {});
  const mine = staticPanel(engineFinding('src/ping.js'), refuterFile(meta('src/ping.js', true), HANDLER), null, undefined, {});
  assert.deepEqual(lead[0], mine[0]);
  assert.equal(lead[0]?.seat, 'test-code');
});

test('a file that cannot be read is unreviewed, not upheld; static checks that cannot decide split it for the referee', () => {
  const finding = engineFinding('src/ping.js');
  const unavailable = unavailableVotes('src/ping.js changed since triage (sha256 differs)');
  assert.deepEqual(unavailable, [{ seat: 'integrity', engine: 'static', vote: 'abstained', reason: 'src/ping.js changed since triage (sha256 differs)' }]);
  assert.equal(reviewOf(finding.id, unavailable).outcome, 'unreviewed');
  // The file no longer holds the bug: no static rule reproduces it, the re-check abstains, and the referee decides.
  const fixed = HANDLER.replace('${req.query.host}', 'localhost');
  const votes = staticPanel(finding, refuterFile(meta('src/ping.js'), fixed), null, undefined, {});
  assert.deepEqual(votes.map((v) => `${v.seat} ${v.vote}`), ['static-recheck abstained']);
  assert.equal(reviewOf(finding.id, votes).outcome, 'split');
  // With a model vote beside it, the examining refuters decide.
  assert.equal(reviewOf(finding.id, [...votes, modelUpheld]).outcome, 'survived');
});

test("the plan's refuter limit picks the model seats, and a degraded budget keeps only the first", () => {
  assert.deepEqual(sittingSeats(3, false), ['reachability', 'semantics', 'guards']);
  assert.deepEqual(sittingSeats(2, false), ['reachability', 'semantics']);
  assert.deepEqual(sittingSeats(3, true), ['reachability']);
  assert.deepEqual(sittingSeats(0, true), []);
});

test("a refuter is shown triage's facts of the file, recon's package and the cross-file input, nothing absent", () => {
  const bare = refuterFile({ ...meta('src/ping.js'), requiredBy: 'src/app.js' }, HANDLER);
  assert.deepEqual(bare, { path: 'src/ping.js', content: HANDLER, language: 'javascript', isTest: false, requiredBy: 'src/app.js' });
  const incoming: IncomingArg[] = [{ export: 'ping', param: 0, via: 'req.query.host', from: 'src/app.js', line: 3 }];
  const library = refuterFile(meta('src/ping.js'), HANDLER, 'pinger', incoming);
  assert.equal(library.publicApi, 'pinger');
  assert.equal(library.incoming, incoming);
  assert.equal('requiredBy' in library, false);
});
