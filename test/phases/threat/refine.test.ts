// A model's refinement of the threat model is applied only where its citations hold: ids that exist, files of the
// target, lines inside them, quotes that match. The rest is dropped with its reason; the input model is not touched.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildThreatModel } from '../../../src/phases/threat/core.ts';
import { applyRefinement, citationProblem } from '../../../src/phases/threat/refine.ts';
import type { RefineFlow, RefineThreat } from '../../../src/phases/threat/refine-answer.ts';

const ROUTE = "router.get('/raw/:name', (req, res) => {\n  res.sendFile(req.params.name, { root: UPLOADS });\n});\nrouter.post('/upload', (req, res) => {\n  fs.writeFileSync('/srv/' + req.body.name, req.body.data);\n});\n";
const sources = new Map([['src/files.js', ROUTE]]);
const lookup = (f: string) => sources.get(f);
const stack = { languages: ['javascript'], frameworks: [], packageManagers: [], manifests: [], lockFiles: [] };
const base = () => buildThreatModel({ recon: { stack, entryPoints: [{ kind: 'http-route', name: 'GET /raw/:name', file: 'src/files.js', line: 1 }], trustBoundaries: [] }, sources });

const threat = (over: Partial<RefineThreat>): RefineThreat => ({
  flow: 'F1', stride: 'information-disclosure', threat: 'The name reaches sendFile.', mitigation: 'seen', detail: "express's root option confines the path",
  reason: 'sendFile with root rejects paths that leave it', file: 'src/files.js', line: 2, quote: 'res.sendFile(req.params.name, { root: UPLOADS });', ...over,
});
const flow = (over: Partial<RefineFlow>): RefineFlow => ({
  boundary: 'http-entry', direction: 'inbound', name: 'POST /upload', asset: '', assetKind: '', file: 'src/files.js', line: 4, quote: "router.post('/upload', (req, res) => {",
  threats: [{ stride: 'tampering', threat: 'The body names the file written.', mitigation: 'absent', detail: 'no containment check', reason: 'the name is concatenated', file: 'src/files.js', line: 5, quote: "fs.writeFileSync('/srv/' + req.body.name" }],
  ...over,
});

test('citations hold only for a file of the target, a line inside it and a quote on that line', () => {
  assert.equal(citationProblem({ file: 'src/files.js', line: 2, quote: '  res.sendFile(req.params.name,   { root: UPLOADS })' }, lookup), null);
  assert.match(citationProblem({ file: 'src/other.js', line: 1, quote: 'x' }, lookup)!, /not a file of the target/);
  assert.match(citationProblem({ file: 'src/files.js', line: 99, quote: 'x' }, lookup)!, /past the end of the file \(7 lines\)/);
  assert.match(citationProblem({ file: 'src/files.js', line: 1, quote: 'res.sendFile' }, lookup)!, /quote is not on src\/files\.js:1/);
});

test('checked entries are applied: an adjusted spoofing entry, an added STRIDE entry, new inbound and outbound flows', () => {
  const before = base();
  const snapshot = structuredClone(before);
  const out = applyRefinement(
    before,
    {
      threats: [
        threat({}),
        threat({ stride: 'spoofing', mitigation: 'absent', detail: 'no authentication on the router', line: 1, quote: "router.get('/raw/:name'", reason: 'nothing guards it' }),
      ],
      flows: [
        flow({}),
        flow({ direction: 'outbound', boundary: 'filesystem', name: 'fs.writeFileSync', asset: 'Uploaded files', assetKind: 'files', line: 5, quote: "fs.writeFileSync('/srv/' + req.body.name, req.body.data);" }),
      ],
    },
    lookup,
    'p/m',
  );
  assert.deepEqual(before, snapshot, 'the deterministic model is not mutated');
  assert.deepEqual([out.added, out.adjusted, out.flows, out.dropped], [1, 1, 2, []]);
  const f1 = out.body.flows.find((f) => f.id === 'F1')!;
  const spoofing = f1.threats.find((t) => t.stride === 'spoofing')!;
  assert.deepEqual(spoofing.refined, { by: 'p/m', change: 'adjusted', reason: 'nothing guards it', was: before.flows[0]!.threats[0]!.mitigation.status });
  assert.equal(f1.threats.find((t) => t.stride === 'information-disclosure')?.mitigation.at?.line, 2);

  const [inbound, outbound] = out.body.flows.slice(-2);
  assert.equal(inbound!.id, 'F2');
  assert.deepEqual(inbound!.entry, { kind: 'http-route', name: 'POST /upload', file: 'src/files.js', line: 4 });
  assert.equal(inbound!.to, 'process');
  assert.equal(inbound!.addedBy, 'p/m');
  assert.equal(outbound!.from, 'process');
  const asset = out.body.assets.find((a) => a.id === outbound!.to)!;
  assert.deepEqual([asset.name, asset.kind], ['Uploaded files', 'files']);
  const fsBoundary = out.body.boundaries.find((b) => b.id === outbound!.boundary)!;
  assert.equal(fsBoundary.kind, 'filesystem');
  assert.equal(fsBoundary.name, 'File system');
});

test('entries that cite nothing real, or ids that do not exist, are dropped and counted with the reason', () => {
  const out = applyRefinement(
    base(),
    {
      threats: [threat({ flow: 'F99' }), threat({ line: 40 }), threat({ quote: 'eval(req.body)' }), threat({ file: 'src/invented.js' })],
      flows: [flow({ direction: 'outbound', boundary: 'database', asset: 'A42', assetKind: '' }), flow({ threats: [{ ...flow({}).threats[0]!, line: 3 }] }), flow({ direction: 'outbound', asset: '', assetKind: '' })],
    },
    lookup,
    'p/m',
  );
  assert.deepEqual([out.added, out.adjusted, out.flows], [0, 0, 0]);
  assert.equal(out.dropped.length, 7);
  assert.match(out.dropped[0]!, /^threats\[0\] \(F99 information-disclosure\): flow F99 does not exist$/);
  assert.match(out.dropped[1]!, /past the end/);
  assert.match(out.dropped[2]!, /quote is not on src\/files\.js:2/);
  assert.match(out.dropped[3]!, /src\/invented\.js is not a file of the target/);
  assert.match(out.dropped[4]!, /asset A42 does not exist/);
  assert.match(out.dropped[5]!, /^flows\[1\] .*quote is not on src\/files\.js:3/);
  assert.match(out.dropped[6]!, /needs an existing asset id, or a new asset name and kind/);
  assert.deepEqual(out.body, base());
});
