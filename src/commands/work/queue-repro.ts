// The fix queue's way in for an issue a person filed (no bug-hunter fingerprint): its title and body are reproduced
// like `bug-hunter repro --issue N` (a trace pasted in it is used), and only a reproduced issue gets a finding the
// queue may fix — scoped by the same fix plan as a published one. Anything else stops the issue with what was tried.
import { realpathSync } from 'node:fs';
import { join } from 'node:path';
import type { RunIdentity } from '../../artifacts/schemas/common.ts';
import { writeArtifact } from '../../artifacts/store.ts';
import type { ModelClient } from '../../engines/models/types.ts';
import { markerLine } from '../../engines/publish/body.ts';
import { modelTestWriter } from '../../engines/repro/model-writer.ts';
import { sha256 } from '../../foundations/hashing/hash.ts';
import type { DependencyStrategy, SandboxBackend } from '../../engines/sandbox/types.ts';
import type { IssueFinding } from './issue-finding.ts';
import { findingForIssue } from './issue-finding.ts';
import type { QueueIssue } from './queue-issue.ts';
import { incidentScanReport, reproducedOf } from '../repro/incident-scan-report.ts';
import { reproduceIncident } from '../repro/reproduce-incident.ts';
import { parseStackTrace } from '../../engines/stack-trace/parse.ts';

export interface QueueReproducerDeps {
  target: string;
  /** The queue's artifact folder: proofs go to repro/<id>/, each issue's record to incidents/issue-<N>/. */
  artifactDir: string;
  /** A client whose 'tester' role is bound to a model. */
  client: ModelClient;
  backend: SandboxBackend;
  dependencies?: DependencyStrategy;
  signal?: AbortSignal;
}

export type QueueReproducer = (issue: QueueIssue, identity: RunIdentity & { baseCommit: string }) => Promise<IssueFinding>;

export function queueReproducer(deps: QueueReproducerDeps): QueueReproducer {
  // Paths in traces and answers are matched against the real path of the target.
  const target = realpathSync(deps.target);
  return async (issue, identity) => {
    const text = `# ${issue.title}\n\n${issue.body}`;
    const parsed = parseStackTrace(text);
    const report = await reproduceIncident({
      target,
      outDir: deps.artifactDir,
      identity,
      source: { origin: parsed.ok ? 'stack-trace' : 'report', issue: issue.number, textSha256: sha256(text) },
      text,
      ...(parsed.ok ? { trace: { parsed: parsed.trace, text } } : {}),
      writer: modelTestWriter({ client: deps.client, root: target, ...(deps.signal ? { signal: deps.signal } : {}) }),
      backend: deps.backend,
      ...(deps.dependencies ? { dependencies: deps.dependencies } : {}),
      ...(deps.signal ? { signal: deps.signal } : {}),
    });
    writeArtifact(join(deps.artifactDir, 'incidents', `issue-${issue.number}`), 'repro-report', report);
    const reproduced = reproducedOf(report);
    if (!reproduced) {
      const tried = report.attempts.map((a) => `attempt ${a.attempt}: ${a.reason}`).join('; ');
      return { ok: false, fingerprint: null, finding: null, why: `the issue carries no bug-hunter fingerprint, so it was reproduced first and was not: ${report.reason}${tried ? ` (${tried})` : ''}` };
    }
    // From here it is a published finding like any other: the same lookup and fix-plan scope decide.
    const scan = incidentScanReport(reproduced, identity, 'low', 0);
    return findingForIssue({ ...issue, body: markerLine(reproduced.finding.fingerprint) }, scan, identity);
  };
}
