// A located incident as the pipeline's own data, pure: the Finding the tester reproduces (origin 'report' or
// 'stack-trace') and the BugSignature the judge holds it to. Text from the reporter never goes into the finding's
// fields (they reach the model unfenced); it goes to the tester only as a fenced, untrusted block.
import { createHash } from 'node:crypto';
import type { Finding } from '../../artifacts/schemas/common.ts';
import { GENERIC_ERROR_TYPES } from '../../engines/repro/judge.ts';
import type { BugSignature } from '../../engines/repro/types.ts';
import { innermostTargetFrame, type MappedFrame } from './frames.ts';
import type { Location } from './locate.ts';
import type { StackTrace } from '../../engines/stack-trace/types.ts';

export interface Incident {
  text: string;
  trace?: StackTrace;
}

const IDENT = /^[A-Za-z_$][\w$.<>]*$/;
// Parts of a message that change from one occurrence to the next: numbers, ids, hashes, paths, URLs, quoted values.
const VOLATILE = /https?:\/\/\S+|(?:[A-Za-z]:)?[\\/][\w.\\/-]+|\b0x[0-9a-f]+\b|\b[0-9a-f]{8,}(?:-[0-9a-f]{4,})*\b|\d+(?:[.:]\d+)*|"[^"]*"/gi;
const MIN_FRAGMENT = 12;

export function incidentFinding(incident: Incident, location: Location, lineText: string): Finding {
  const origin: Finding['origin'] = incident.trace ? 'stack-trace' : 'report';
  const digest = createHash('sha256').update(`${origin}\n${incident.trace ? `${incident.trace.errorType}\n${incident.trace.message}` : incident.text}\n${location.file}:${location.line}`).digest('hex');
  const trace = incident.trace;
  const where = `${location.file}:${location.line}${location.symbol && IDENT.test(location.symbol) ? ` in ${location.symbol}` : ''}`;
  const type = trace && IDENT.test(trace.errorType) ? trace.errorType : 'an error';
  return {
    id: `BH-${digest.slice(0, 12)}`,
    fingerprint: digest.slice(0, 16),
    file: location.file,
    startLine: location.startLine,
    endLine: location.endLine,
    ...(location.symbol && IDENT.test(location.symbol) ? { symbol: location.symbol } : {}),
    category: 'other',
    severity: 'medium',
    confidence: 0.5,
    claim: trace ? `A reported stack trace: ${type} thrown at ${where}. The trace is quoted in the task as untrusted data.` : `A bug reported in words, located at ${where} (${location.how}). The report is quoted in the task as untrusted data.`,
    evidence: [{ file: location.file, startLine: location.line, endLine: location.line, quote: lineText.trim() === '' ? '(blank line)' : lineText }],
    runtimeTrigger: trace ? 'The input or call the reporter describes; see the quoted trace and report.' : 'What the reporter describes; see the quoted report.',
    lens: origin,
    engine: 'model',
    origin,
  };
}

/** The incident's own error for a trace (type, function, a stable fragment for generic types); the marker for words. */
export function incidentSignature(incident: Incident, frames: readonly MappedFrame[]): BugSignature {
  const trace = incident.trace;
  if (!trace) return { marker: true, required: true };
  const frame = innermostTargetFrame(frames);
  const generic = GENERIC_ERROR_TYPES.includes(trace.errorType);
  return {
    errorType: trace.errorType,
    ...(generic ? { messageFragment: stableFragment(trace.message) } : {}),
    ...(frame?.file ? { thrownIn: frame.file } : {}),
    ...(frame?.function ? { thrownInFunction: frame.function } : {}),
    required: true,
  };
}

/** The longest part of the message's first line without values that vary (numbers, ids, paths); the whole line when
 * every part is short. */
export function stableFragment(message: string): string {
  const line = (message.split('\n')[0] ?? '').trim();
  const parts = line.split(VOLATILE).map((p) => p.trim().replace(/^[\s,.;:]+|[\s,;:]+$/g, '').trim());
  const longest = parts.reduce((a, b) => (b.length > a.length ? b : a), '');
  return longest.length >= MIN_FRAGMENT ? longest : line;
}
