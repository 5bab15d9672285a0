// One finding as an issue: title, Markdown body and labels. Pure; the same body is filed on GitHub and written
// by --format markdown|json. The first line is the hidden fingerprint marker publish finds its issue by; every
// piece of text from the repository or a model goes through escape.ts, so none can close a fence, ping or pose as it.
import type { ReportedFinding } from '../../artifacts/schemas/scan-report.ts';
import { languageOf, location, numberedQuote, inlineCode, plural } from '../report/text.ts';
import { TOOL_NAME } from '../../foundations/version.ts';
import { ghFence, ghLine, ghText, ghTitle } from './escape.ts';
import { findingLabels } from './labels.ts';
import { repoSlug, type RepoRef } from './repo.ts';
import { HOST_RUN_WARNING } from '../repro/host-warning.ts';

export interface BodyContext {
  /** Where permalinks point; without a repository or a commit, locations are plain text. */
  repo: RepoRef | null;
  serverUrl: string;
  commit: string | null;
  toolVersion: string;
}

export interface IssueDraft {
  fingerprint: string;
  findingId: string;
  title: string;
  body: string;
  labels: string[];
}

const MARKER = /^<!-- bug-hunter:fingerprint=([0-9a-f]{16,64}) -->$/;
const TIER_NAME = { T1: 'T1 reproduced', T2: 'T2 verified', T3: 'T3 suspected' } as const;

export function markerLine(fingerprint: string): string {
  return `<!-- bug-hunter:fingerprint=${fingerprint} -->`;
}

/** The fingerprint an issue body was filed for: only a marker on its first line counts. */
export function markerOf(body: string | null | undefined): string | null {
  const first = (body ?? '').split(/\r?\n/, 1)[0]?.trim() ?? '';
  return MARKER.exec(first)?.[1] ?? null;
}

/** https://github.com/o/r/blob/<commit>/<path>#L10-L12, or null when there is nothing to point at. */
export function permalink(ctx: BodyContext, file: string, start: number, end: number): string | null {
  if (!ctx.repo || !ctx.commit) return null;
  const path = file.split('/').map(encodeURIComponent).join('/');
  return `${ctx.serverUrl}/${repoSlug(ctx.repo)}/blob/${ctx.commit}/${path}#L${start}${end > start ? `-L${end}` : ''}`;
}

function linkedLocation(ctx: BodyContext, file: string, start: number, end: number): string {
  const text = inlineCode(location(file, start, end));
  const url = permalink(ctx, file, start, end);
  return url ? `[${text}](${url})` : text;
}

export function issueTitle(f: ReportedFinding): string {
  return ghTitle(`[${f.severity}] ${f.finding.claim.split(/\r?\n/)[0] ?? ''}`, 180) + ` (${ghTitle(f.finding.file, 80)})`;
}

export function issueDraft(f: ReportedFinding, ctx: BodyContext, queue: boolean): IssueDraft {
  return {
    fingerprint: f.finding.fingerprint,
    findingId: f.finding.id,
    title: issueTitle(f),
    body: issueBody(f, ctx),
    labels: findingLabels(f.finding.category, f.severity, queue),
  };
}

export function issueBody(f: ReportedFinding, ctx: BodyContext): string {
  const x = f.finding;
  const engine = x.engine === 'static' ? `static${x.ruleId ? ` rule ${inlineCode(x.ruleId)}` : ''}` : `model${x.model ? ` ${inlineCode(x.model)}` : ''}`;
  const out: string[] = [
    markerLine(x.fingerprint),
    `**${ghText(x.claim)}**`,
    '',
    '| | |',
    '|---|---|',
    `| Severity | ${f.severity} |`,
    `| Tier | ${TIER_NAME[f.tier]} |`,
    `| Category | ${x.category}${x.cwe ? ` (${x.cwe})` : ''} |`,
    `| Confidence | ${f.confidence.toFixed(2)} |`,
    `| Location | ${linkedLocation(ctx, x.file, x.startLine, x.endLine)}${x.symbol ? ` in ${inlineCode(x.symbol)}` : ''} |`,
    `| Found by | ${engine}, lens ${inlineCode(x.lens)} |`,
    `| Finding | ${x.id} · fingerprint \`${x.fingerprint}\` |`,
    '',
    '### How it triggers',
    '',
    ghText(x.runtimeTrigger),
    '',
    '### Evidence',
    '',
  ];
  for (const e of x.evidence) out.push(linkedLocation(ctx, e.file, e.startLine, e.endLine), '', ghFence(numberedQuote(e), languageOf(e.file)), '');
  out.push(`### Skeptic review: ${f.skepticOutcome}`, '');
  if (f.skepticReasoning.length === 0) out.push('No refuter reviewed it.');
  for (const r of f.skepticReasoning) out.push(`- **${r.vote}** (${ghLine(r.seat)}, ${ghLine(r.engine)}): ${ghLine(r.reason)}`);
  out.push('', `### Referee${f.refereeEngine ? ` (${ghLine(f.refereeEngine)})` : ''}`, '', ghText(f.refereeReasoning), '');
  if (f.repro) {
    out.push(`### Reproduction: ${f.repro.outcome}`, '', ghText(f.repro.reason), '');
    if (f.repro.command) out.push(ghFence(f.repro.command, 'sh'), '');
    if (f.repro.dir) out.push(`The test is in ${inlineCode(f.repro.dir)} of the artifact folder.${f.repro.command ? ` The script ${HOST_RUN_WARNING}.` : ''}`, '');
  }
  if (f.verification?.length) out.push('### Verification', '', ...f.verification.map((v) => `- ${ghLine(v)}`), '');
  const commit = ctx.commit ? ` at commit ${ctx.commit.slice(0, 12)}` : '';
  out.push(
    '---',
    `Filed by ${TOOL_NAME} ${ctx.toolVersion}${commit}; ${plural(x.evidence.length, 'quote')} checked against the source. ` +
      `Not a bug? \`bug-hunter dismiss ${x.id} --reason "…"\`, then publish again to close this issue as not planned.`,
  );
  return `${out.join('\n').trimEnd()}\n`;
}
