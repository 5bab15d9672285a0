// The layout of src/, written down once: its ranks, lowest first, and what each folder holds. The architecture
// test judges the real import graph against it, and docs/architecture.md is generated from it
// (scripts/docs/architecture.ts), so the map, the test and the document cannot disagree.

export interface Rank {
  /** The folder directly under src/. */
  folder: string;
  /** What the rank is for, in one line. */
  holds: string;
  /**
   * The rank's folders (and top-level files) and what each holds: every entry of src/<folder>/ that is a folder, or
   * a file of a rank whose files are its units, must be described here. Absent: the rank is one unit (its files are
   * described by their own headers), or its folders are described elsewhere (`describedBy`).
   */
  members?: Readonly<Record<string, string>>;
  /** Where the members are listed when not here (the phase registry, the command table). */
  describedBy?: string;
}

/** Lowest first: an import may point only to its own rank or a lower one. */
export const RANKS: readonly Rank[] = [
  {
    folder: 'foundations',
    holds: 'what everything stands on; imports nothing of ours outside foundations/',
    members: {
      'errors.ts': 'the error family (BugHunterError) and the exit code of each error',
      'version.ts': "the tool's name and version, from package.json",
      'logger.ts': 'the Logger interface every layer reports through, and the silent one',
      'sleep.ts': 'the one abortable wait',
      text: 'the one text order for everything written (code units, never the locale) and numbers with commas',
      fs: 'atomic writes, containment of paths inside a root',
      hashing: 'sha256 and canonical JSON for stable hashes',
      'worker-thread.ts': 'starts a worker thread from an entry module beside the caller, from dist/ or from source under tsx',
    },
  },
  {
    folder: 'artifacts',
    holds: 'the artifact schemas (TypeBox, every literal tuple once in schemas/literals.ts), their registry, validation and the store',
  },
  {
    folder: 'engines',
    holds: 'libraries and engines: no phase, no command; what two phases or a phase and a command share lives here',
    members: {
      'attack-surface': 'what one file exposes: entry points, trust boundaries, routes, auth facts (recon and threat)',
      baseline: 'which findings already existed at the base commit',
      budget: 'token budgets per run and per day, the usage.json tally, estimates',
      cache: 'the content-addressed evidence cache and its per-kind entries; the code index loaded through it',
      chunks: 'chunks of files a run works through: building them, the hunter\'s per-chunk work store, chunks named in a plan',
      'code-index': 'per-file index (exports, imports, declarations) and the import graph',
      config: 'config loading, schema and trust',
      deps: 'lockfiles, advisories and their reachability',
      docs: 'local documentation lookup for library claims',
      findings: 'the one panel rule, the fingerprints of earlier versions and re-keying onto today\'s, which paths are bundles of the source',
      fix: 'fix plans, edits, gates, proofs, and fixing one finding (the fixer phase, work and repro --from use it)',
      git: 'git through run.ts, which neutralises the repository\'s executable settings',
      halt: 'the one halt rule: what failure is systemic, and stopping after three in a row (watch, work, the fixer)',
      integrity: 'source hashes and evidence quotes checked against the source',
      leads: 'leads from other analysers (SARIF): reading, checking, merging',
      ledger: 'the findings ledger: fixed, moved or changed',
      models: 'the model interface and its backends (anthropic, openai, openai-compatible, command, replay, static)',
      modes: 'loads modes/*.json; the profile choice triage and plan share',
      net: 'reading network answers with a byte cap (model SDKs, Octokit, the npm registry)',
      prompts: 'renders the prompts/*.md templates and the retrieval context blocks',
      publish: 'findings as GitHub issues',
      recheck: 'recheck verdicts for the ReDoS rule, in a helper thread',
      report: 'joining findings into the scan report and rendering its views (html/: the self-contained report.html page)',
      repro: 'reproduction tests: writing, running, judging red → green',
      review: 'findings as pull-request review comments',
      run: 'run identity, options, state.json, the lock, the artifact folder',
      sandbox: 'bubblewrap and container backends for untrusted commands, limits, redaction',
      scope: '--since/--diff/--staged scope and the blast radius',
      security: 'CWE, STRIDE, CVSS classification',
      shard: '--shard i/n chunk assignment',
      'stack-trace': 'Node, Python and Go stack traces parsed into the thrown error and its frames',
      static: 'the static engine: ast-grep parsing, import resolution, rules, detectors, taint, guards, judge; the one fingerprint, whose bug class its rules decide',
      suppress: 'dismissals and suppressions',
      terminal: 'what a person sees on stderr: progress lines, colour, ETAs, command lines to re-run',
      verify: 'verification plans and running their checks in the sandbox',
      workers: 'a worker-thread pool for per-file work, lent to a run\'s phases in turn',
    },
  },
  {
    folder: 'phase-kit',
    holds: 'what a phase is made with: definePhase, the phase context, declared inputs and outputs, declared model roles',
  },
  {
    folder: 'phases',
    holds: 'one folder per pipeline entry, named as the entry; no phase imports another',
    describedBy: 'src/driver/registry.ts (the pipeline, one line per phase)',
  },
  {
    folder: 'driver',
    holds: 'the run lifecycle: the pipeline registry, opening a run, running phases, the scan, the baseline step, resume and staleness',
  },
  {
    folder: 'commands',
    holds: 'one file or folder per command, thin shells over the driver and the engines; kit/ holds their shared flags',
    describedBy: 'src/commands/index.ts (the command table)',
  },
  {
    folder: 'cli',
    holds: 'the process: argument dispatch to a command, exit codes, signals, output draining',
  },
];
