// What the HTML page shows besides scan-report.json, gathered once before the (pure) renderer runs: the lines around
// each evidence quote (read from the repository under the integrity rules: contained, regular, UTF-8), the threat
// model, the reproductions with their promoted test and failing output, and the fix report. Every string the page
// shows passes through the sandbox's secret redaction (token shapes and private-key blocks), so a secret planted
// beside a finding never reaches the page.
import { existsSync, lstatSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Evidence } from '../../../artifacts/schemas/common.ts';
import type { FixReport } from '../../../artifacts/schemas/fix.ts';
import type { ScanReport } from '../../../artifacts/schemas/scan-report.ts';
import type { ThreatModel } from '../../../artifacts/schemas/threat-model.ts';
import type { Reproduction } from '../../../artifacts/schemas/verification-report.ts';
import { readArtifactIfPresent } from '../../../artifacts/store.ts';
import { readSource } from '../../integrity/source.ts';
import { printable } from '../printable.ts';
import { redactDeep, redactLines } from '../redact.ts';

/** Lines shown on each side of an evidence quote. */
export const CONTEXT_LINES = 5;
const MAX_PROOF_FILE = 16_000;

/** The numbered lines around one evidence quote; `matches` is false when the file no longer holds the quote there. */
export interface EvidenceContext {
  first: number;
  lines: string[];
  matches: boolean;
}

/** A promoted reproduction's files (repro/<id>/), redacted and capped. */
export interface ProofFiles {
  test?: { name: string; text: string };
  failingOutput?: string;
}

export interface HtmlInputs {
  report: ScanReport;
  /** Keyed by `contextKey(evidence)`. */
  context: ReadonlyMap<string, EvidenceContext>;
  threatModel?: ThreatModel | undefined;
  reproductions?: readonly Reproduction[] | undefined;
  /** Keyed by finding id. */
  proofs?: ReadonlyMap<string, ProofFiles>;
  fixReport?: FixReport | undefined;
}

export function contextKey(e: Pick<Evidence, 'file' | 'startLine' | 'endLine'>): string {
  return `${e.file}:${e.startLine}:${e.endLine}`;
}

const squash = (text: string) => text.replace(/\s+/g, '');

/** A file's lines as read (to check each quote against) and as shown (redacted over the whole file, so a private-key
 * block whose BEGIN line is above a quote's window is still redacted inside it). */
interface FileLines {
  raw: string[];
  shown: string[];
}

/** The lines around each evidence quote of the report's findings, read from `root`: each file read and redacted once. */
export function evidenceContext(root: string, report: ScanReport): Map<string, EvidenceContext> {
  const files = new Map<string, FileLines | null>();
  const out = new Map<string, EvidenceContext>();
  for (const f of report.findings) {
    for (const e of f.finding.evidence) {
      const key = contextKey(e);
      if (out.has(key)) continue;
      if (!files.has(e.file)) {
        const source = readSource(root, e.file);
        const raw = source.ok ? source.content.replace(/\r\n/g, '\n').split('\n') : null;
        files.set(e.file, raw && { raw, shown: redactLines(raw).map(printable) });
      }
      const file = files.get(e.file);
      if (!file || e.endLine > file.raw.length) continue;
      const first = Math.max(1, e.startLine - CONTEXT_LINES);
      const last = Math.min(file.raw.length, e.endLine + CONTEXT_LINES);
      const matches = squash(file.raw.slice(e.startLine - 1, e.endLine).join('\n')) === squash(e.quote);
      out.set(key, { first, lines: file.shown.slice(first - 1, last), matches });
    }
  }
  return out;
}

function readCapped(path: string): string | undefined {
  try {
    if (!lstatSync(path).isFile()) return undefined;
    const text = readFileSync(path, 'utf8');
    return text.length > MAX_PROOF_FILE ? `${text.slice(0, MAX_PROOF_FILE)}\n… (${text.length - MAX_PROOF_FILE} more characters in the file)` : text;
  } catch {
    return undefined;
  }
}

/** repro/<id>/: the test (the one file besides run.sh, README.md and failing-output.txt) and the failing output. */
function proofFiles(outDir: string, reproductions: readonly Reproduction[]): Map<string, ProofFiles> {
  const out = new Map<string, ProofFiles>();
  for (const r of reproductions) {
    if (!r.dir || !/^repro\/BH-[0-9a-f]{8,}\/$/.test(r.dir)) continue;
    const dir = join(outDir, r.dir);
    if (!existsSync(dir)) continue;
    const proof: ProofFiles = {};
    const name = readdirSync(dir).sort().find((n) => !['run.sh', 'README.md', 'failing-output.txt'].includes(n));
    const test = name === undefined ? undefined : readCapped(join(dir, name));
    if (name !== undefined && test !== undefined) proof.test = { name: printable(name), text: printable(redactLines(test.split('\n')).join('\n')) };
    const failing = readCapped(join(dir, 'failing-output.txt'));
    if (failing !== undefined) proof.failingOutput = printable(redactLines(failing.split('\n')).join('\n'));
    out.set(r.findingId, proof);
  }
  return out;
}

function optional<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch {
    // A damaged optional artifact leaves its part of the page out; the report itself was validated.
    return undefined;
  }
}

/** Everything the page needs: `outDir` holds the run's artifacts, `root` is the repository its paths are relative to. */
export function gatherHtmlInputs(report: ScanReport, outDir: string, root: string = report.run.repoRoot): HtmlInputs {
  const reproductions = optional(() => readArtifactIfPresent(outDir, 'reproductions'))?.reproductions;
  return {
    report: redactDeep(report),
    context: optional(() => evidenceContext(root, report)) ?? new Map(),
    threatModel: redactDeep(optional(() => readArtifactIfPresent(outDir, 'threat-model'))),
    reproductions: redactDeep(reproductions),
    proofs: reproductions ? optional(() => proofFiles(outDir, reproductions)) ?? new Map() : new Map(),
    fixReport: redactDeep(optional(() => readArtifactIfPresent(outDir, 'fix-report'))),
  };
}
