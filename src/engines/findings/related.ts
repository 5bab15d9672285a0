// A finding's related locations are its copies: bundles the scan analysed (their own id and fingerprint), or build
// copies triage skipped that hold its cited lines (report/unread-copies.ts). How the views and lookups tell them apart.
import type { RelatedLocation } from '../../artifacts/schemas/scan-report.ts';

type Analysed = Extract<RelatedLocation, { fingerprint: string }>;

/** A copy the scan analysed: it has a finding id and a fingerprint of its own. */
export const analysedCopy = (r: RelatedLocation): r is Analysed => !('copy' in r);

/** The fingerprints the analysed copies had on their own. */
export const copyFingerprints = (related: readonly RelatedLocation[] | undefined): string[] => (related ?? []).flatMap((r) => (analysedCopy(r) ? [r.fingerprint] : []));

/** How a view names a copy: its own finding id, or that the scan read the source, not this build of it. */
export const copyNote = (r: RelatedLocation): string => (analysedCopy(r) ? r.findingId : 'build copy, not scanned: the same lines');
