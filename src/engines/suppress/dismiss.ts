// dismiss / undismiss: record or reverse a person's dismissal in <target>/.bug-hunter/suppressions.json, under a lock.
// The fingerprint is what is stored, so the dismissal survives the code around the bug moving.
import { userInfo } from 'node:os';
import type { SuppressionEntry } from '../../artifacts/schemas/memory.ts';
import type { ScanReport } from '../../artifacts/schemas/scan-report.ts';
import { UsageError } from '../../foundations/errors.ts';
import { gitUser } from '../git/git.ts';
import { updateMemory } from './lock.ts';
import { addSuppression, findReported, FINGERPRINT_PATTERN, removeSuppression } from './suppressions.ts';

export interface DismissRequest {
  target: string;
  /** Finding id (BH-…) or fingerprint. */
  ref: string;
  reason: string | undefined;
  /** The latest scan report, to turn an id into a fingerprint; optional when ref is a fingerprint. */
  report?: ScanReport;
  now?: Date;
}

/** git user.name <user.email>, else the OS user, so every dismissal names a person. */
export function whoAmI(target: string): string {
  const git = gitUser(target);
  if (git) return git;
  try {
    return userInfo().username || 'unknown';
  } catch {
    return 'unknown';
  }
}

export async function dismiss(request: DismissRequest): Promise<{ entry: SuppressionEntry; replaced: SuppressionEntry | null }> {
  const reason = request.reason?.trim();
  if (!reason) throw new UsageError(`A reason is required: bug-hunter dismiss ${request.ref} --reason "why this is not a bug".`);
  const found = request.report ? findReported(request.report, request.ref) : undefined;
  if (!found && !FINGERPRINT_PATTERN.test(request.ref)) {
    const where = request.report ? 'the latest scan report' : 'any scan report (none found; run a scan first)';
    throw new UsageError(`No finding '${request.ref}' in ${where}. Pass a finding id from 'bug-hunter report list' or a fingerprint.`);
  }
  const entry: SuppressionEntry = {
    fingerprint: found?.finding.fingerprint ?? request.ref,
    reason,
    by: whoAmI(request.target),
    at: (request.now ?? new Date()).toISOString(),
  };
  if (found) Object.assign(entry, { findingId: found.finding.id, file: found.finding.file, claim: found.finding.claim });
  return updateMemory(request.target, 'suppressions', (current) => {
    const { next, replaced } = addSuppression(current, entry);
    return { next, result: { entry, replaced } };
  });
}

export async function undismiss(target: string, ref: string): Promise<SuppressionEntry> {
  return updateMemory(target, 'suppressions', (current) => {
    const { next, removed } = removeSuppression(current, ref);
    if (!removed) {
      throw new UsageError(`'${ref}' is not dismissed in ${target}/.bug-hunter/suppressions.json. Pass a fingerprint listed there.`);
    }
    return { next, result: removed };
  });
}
