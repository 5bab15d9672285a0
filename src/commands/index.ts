// Every command the CLI knows, in the order `--help` lists them. To add a command, add one line here.
// A command's module loads only when that command runs (or prints its own --help), so `bug-hunter --help`
// and light commands never pay for the pipeline, the model SDKs, ast-grep or the sandbox.
import type { Command } from './kit/command.ts';

export interface CommandEntry {
  name: string;
  /** One line for `bug-hunter --help`. */
  summary: string;
  load: () => Promise<Command>;
}

export const COMMANDS: CommandEntry[] = [
  { name: 'scan', summary: 'scan a folder: triage → plan → recon → threat → retrieval → hunter → skeptic → referee → report', load: async () => (await import('./scan.ts')).scanCommand },
  { name: 'phase', summary: 'run one phase by hand from its input artifacts', load: async () => (await import('./phase.ts')).phaseCommand },
  { name: 'doctor', summary: 'preflight: node, pnpm, git, sandbox, model providers, writable artifact folder', load: async () => (await import('./doctor/command.ts')).doctorCommand },
  { name: 'init', summary: 'write an example .bug-hunter/config.json (static engine, with an example per provider)', load: async () => (await import('./init.ts')).initCommand },
  { name: 'report', summary: 'show the last scan: list, show <id>, or print it as md, json, sarif, a GitHub review body or a PR comment', load: async () => (await import('./report.ts')).reportCommand },
  { name: 'merge', summary: 'join the run folders of scan --shard i/n into one report (checks they make one whole scan)', load: async () => (await import('./merge/command.ts')).mergeCommand },
  { name: 'dismiss', summary: 'dismiss a finding for good, with a reason (recorded in .bug-hunter/suppressions.json)', load: async () => (await import('./dismiss.ts')).dismissCommand },
  { name: 'undismiss', summary: 'reverse a dismissal: the finding is reported again', load: async () => (await import('./undismiss.ts')).undismissCommand },
  { name: 'publish', summary: 'file confirmed findings as GitHub issues (idempotent; closes fixed and dismissed ones), or write them as files', load: async () => (await import('./publish.ts')).publishCommand },
  { name: 'work', summary: 'the fix queue: fix issues labelled nightshift + auto-ready in worktrees, gate, review, open draft pull requests', load: async () => (await import('./work/command.ts')).workCommand },
  { name: 'repro', summary: 'reproduce a reported bug (words, a stack trace or a GitHub issue) with a failing test in the sandbox, by the rules of proof', load: async () => (await import('./repro/command.ts')).reproCommand },
  { name: 'watch', summary: 'follow a branch: investigate each new commit, re-verify and close findings; watch status for the summary', load: async () => (await import('./watch/command.ts')).watchCommand },
  { name: 'advisories', summary: "download OSV's npm advisories into the user's cache (update); scan --dep-scan reads them by default", load: async () => (await import('./advisories.ts')).advisoriesCommand },
  { name: 'cache', summary: 'the evidence cache: stats (entries, bytes, last run hits and misses) or prune (--older-than, --max-size)', load: async () => (await import('./cache.ts')).cacheCommand },
  { name: 'rules', summary: 'list every static rule: id, class, CWE, languages, measured precision', load: async () => (await import('./rules.ts')).rulesCommand },
];
