// Where a lead points, as a repository-relative path of a file this run scans — or why it cannot be used.
// The URI comes from an untrusted file: `..`, absolute paths outside the target, other schemes, control
// characters and files the run does not scan are all refused with a reason.
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export type LeadPath = { ok: true; path: string } | { ok: false; reason: string };

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/** `root` is the target's canonical path; `scanned` the repository-relative paths triage listed. */
export function leadPath(uri: string, root: string, scanned: ReadonlySet<string>): LeadPath {
  // oxlint-disable-next-line no-control-regex -- rejecting control characters is the point
  if (/[\u0000-\u001f\u007f]/.test(uri)) return { ok: false, reason: 'the URI contains control characters' };
  let absolute: string;
  if (/^file:/i.test(uri)) {
    try {
      absolute = fileURLToPath(uri);
    } catch {
      return { ok: false, reason: `${short(uri)} is not a usable file URI` };
    }
  } else if (SCHEME.test(uri) && !/^[a-z]:[\\/]/i.test(uri)) {
    return { ok: false, reason: `${short(uri)} is not a file in the target (scheme ${uri.split(':')[0]})` };
  } else {
    let decoded: string;
    try {
      decoded = decodeURIComponent(uri);
    } catch {
      return { ok: false, reason: `${short(uri)} has a malformed percent-encoding` };
    }
    absolute = isAbsolute(decoded) ? decoded : resolve(root, decoded);
  }
  const rel = relative(root, resolve(absolute));
  if (rel === '' || rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel)) return { ok: false, reason: `${short(uri)} points outside the target` };
  const path = rel.split(sep).join('/');
  if (!scanned.has(path)) return { ok: false, reason: `${short(path)} is not a file this run hunts (missing, ignored, generated, not source, test code without --include-tests, or out of scope)` };
  return { ok: true, path };
}

function short(s: string): string {
  const one = JSON.stringify(s);
  return one.length > 120 ? `${one.slice(0, 117)}…"` : one;
}
