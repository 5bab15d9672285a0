// A run folder the HTML tests open: a repository with a planted secret beside each finding, a report with one finding
// per section (T1 reproduced with its promoted test, T2 under hostile names and model text, manual review, dismissed,
// unreviewed), a threat model with a hostile actor name, and the same secret in the reproduction's failing output.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestContext } from 'node:test';
import type { ThreatModel } from '../../../../src/artifacts/schemas/threat-model.ts';
import { writeArtifact } from '../../../../src/artifacts/store.ts';
import { gatherHtmlInputs } from '../../../../src/engines/report/html/inputs.ts';
import { renderHtml } from '../../../../src/engines/report/html/page.ts';
import { identity, makeFinding } from '../../../helpers/builders.ts';
import { tempDir } from '../../../helpers/temp.ts';
import { CLEAR, MARKUP, TITLE } from '../../../untrusted/hostile-strings.ts';
import { doneChunks, hunterOf, joinStamped, noSuppressions, planOf, refereeOf, reproductionsOf, skepticOf, triageOf, verificationOf } from '../helpers.ts';

/** Token-shaped secrets the sandbox redaction knows; none may appear in a page. */
export const PLANTED = { github: `ghp_${'Z9'.repeat(18)}`, aws: 'AKIAZZQQ7777XXXX1234' };
/** A file name that tries to close the data block and open a comment. */
export const HOSTILE_FILE = 'src/<img src=x onerror=alert(1)><!--x.ts';
/** A run id that tries to close the JSON data block from inside it. */
export const HOSTILE_RUN = '</script><script>window.__pwned=1</script><!--';

export interface RichRun {
  target: string;
  outDir: string;
  page: string;
  ids: { t1: string; t2: string; review: string; dismissed: string; unreviewed: string };
}

const source = (sink: string) =>
  [
    "import { exec } from 'node:child_process';",
    `const token = '${PLANTED.github}';`,
    `const aws = '${PLANTED.aws}';`,
    'export function run(req) {',
    `  ${sink}`,
    '}',
    '',
  ].join('\n');

function threatModel(run: ReturnType<typeof identity>, beacon: string): ThreatModel {
  return {
    schemaVersion: 1,
    artifact: 'threat-model',
    run,
    generatedAt: new Date().toISOString(),
    source: 'deterministic',
    assets: [{ id: 'A1', name: 'Host operating system', kind: 'host', evidence: [{ file: 'src/a.ts', line: 5, detail: 'exec(cmd)' }] }],
    actors: [
      { id: 'U1', name: `Remote client ${MARKUP}`, trusted: false, description: 'anyone on the network' },
      { id: 'U2', name: 'Operator', trusted: true, description: 'runs the service' },
    ],
    boundaries: [
      { id: 'TB1', kind: 'http-entry', name: 'HTTP entry points', locations: [{ file: 'src/a.ts', line: 4, detail: `GET /run <img src="${beacon}/tb.png">` }] },
      { id: 'TB2', kind: 'shell', name: 'Shell and child processes', locations: [{ file: 'src/a.ts', line: 5, detail: 'exec' }] },
    ],
    flows: [
      {
        id: 'F1',
        boundary: 'TB1',
        from: 'U1',
        to: 'process',
        entry: { kind: 'http-route', name: 'GET /run', file: 'src/a.ts', line: 4 },
        at: { file: 'src/a.ts', line: 4, detail: 'router.get' },
        input: ['req.query.cmd'],
        authentication: { status: 'none-seen' },
        threats: [{ stride: 'spoofing', threat: 'anyone can call it', mitigation: { status: 'absent', detail: 'no authentication' } }],
      },
      {
        id: 'F2',
        boundary: 'TB2',
        from: 'process',
        to: 'A1',
        at: { file: 'src/a.ts', line: 5, detail: 'exec(cmd)' },
        input: ['req.query.cmd'],
        authentication: { status: 'not-applicable' },
        threats: [{ stride: 'elevation-of-privilege', threat: 'command injection', mitigation: { status: 'absent', detail: 'no allow-list' } }],
      },
    ],
    exposure: [],
    notes: [],
  };
}

/** Builds the run folder and renders its page; `beacon` is a URL any request to would be counted. */
export function richRun(t: TestContext, beacon = 'http://127.0.0.1:9/beacon', render: { inlineBodies?: number } = {}): RichRun {
  const target = tempDir(t, 'bh-html-');
  const outDir = join(target, '.bug-hunter');
  const files = ['src/a.ts', 'src/b.ts', 'src/c.ts', 'src/d.ts', HOSTILE_FILE];
  for (const file of files) {
    mkdirSync(join(target, 'src'), { recursive: true });
    writeFileSync(join(target, file), source(file === 'src/a.ts' ? 'exec(req.query.cmd);' : `exec('ls ' + req.query.p${files.indexOf(file)});`));
  }
  const mk = (file: string, subject: string, quote: string, severity: 'critical' | 'high' | 'medium' = 'high') => makeFinding({ file, symbol: 'run', subject, line: 5, quote, severity });
  const t1 = mk('src/a.ts', 'cmd', 'exec(req.query.cmd);', 'critical');
  const t2base = mk(HOSTILE_FILE, 'p4', "exec('ls ' + req.query.p4);");
  const t2 = {
    ...t2base,
    claim: `${MARKUP} ${CLEAR}${TITLE} <img src="${beacon}/claim.png"> </script><!-- ${PLANTED.github}`,
    flow: [
      { file: HOSTILE_FILE, line: 4, note: `source: req.query.p4 <script src="${beacon}/flow.js"></script>` },
      { file: HOSTILE_FILE, line: 5, note: 'sink: exec' },
    ],
  };
  const review = mk('src/b.ts', 'p1', "exec('ls ' + req.query.p1);", 'medium');
  const dismissed = mk('src/c.ts', 'p2', "exec('ls ' + req.query.p2);");
  const unreviewed = mk('src/d.ts', 'p3', "exec('ls ' + req.query.p3);");
  const all = [t1, t2, review, dismissed, unreviewed];
  const run = identity({ repoRoot: target, runId: HOSTILE_RUN });
  const triage = triageOf(files.map((f) => [f]), run);
  const referee = refereeOf({ [review.id]: 'manual-review', [dismissed.id]: 'dismissed', [unreviewed.id]: 'unreviewed' }, all, run);
  for (const v of referee.verdicts) if (v.findingId === t2.id) v.reasoning = `${MARKUP} <link rel="stylesheet" href="${beacon}/x.css"> ${PLANTED.aws}`;
  const reproductions = reproductionsOf([t1.id], run);
  reproductions.reproductions[0]!.history = [
    { attempt: 1, outcome: 'reproduced', reason: 'failed twice with Error: injected command ran (both runs)' },
  ];
  const { scanReport } = joinStamped({
    triage,
    plan: planOf(triage, run),
    hunter: hunterOf(all, doneChunks(triage), run),
    skeptic: skepticOf(all, run),
    referee,
    verification: verificationOf([t1.id], run),
    reproductions,
    suppressions: noSuppressions(),
    options: { failOn: 'low', showSuspected: false },
    durationMs: 5,
    identity: run,
  });
  writeArtifact(outDir, 'reproductions', reproductions);
  writeArtifact(outDir, 'threat-model', threatModel(run, beacon));
  const repro = join(outDir, 'repro', t1.id);
  mkdirSync(repro, { recursive: true });
  writeFileSync(join(repro, 'repro.test.js'), `import { run } from '../../src/a.ts';\ntest('BH repro', () => run({ query: { cmd: 'touch /tmp/pwned' } }));\n`);
  writeFileSync(join(repro, 'failing-output.txt'), `Error: injected command ran\n  token=${PLANTED.github}\n-----BEGIN RSA PRIVATE KEY-----\nMIIEsecretbody\n-----END RSA PRIVATE KEY-----\n`);
  writeFileSync(join(repro, 'run.sh'), '#!/bin/sh\n');
  const page = renderHtml(gatherHtmlInputs(scanReport, outDir, target), render);
  return { target, outDir, page, ids: { t1: t1.id, t2: t2.id, review: review.id, dismissed: dismissed.id, unreviewed: unreviewed.id } };
}
