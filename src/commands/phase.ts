// `bug-hunter phase <name> [target]`: runs one phase from its input artifacts, under the run lock.
// `phase triage` starts a new run; every other phase attaches to the run recorded in state.json, and is refused (with
// the phases to run first, oldest first) when it would read an artifact that is missing or not that run's.
import { resolve } from 'node:path';
import { artifactPath } from '../artifacts/store.ts';
import { ExitCode, UsageError } from '../foundations/errors.ts';
import { PIPELINE, findPhase, firstPhase } from '../driver/registry.ts';
import { resolveOutDir, resolveTarget } from '../engines/run/target.ts';
import { atMostPositionals, common, oneOf, parseCommandArgs } from './kit/args.ts';
import { defineCommand, type Command } from './kit/command.ts';
import { omit, withDescription } from './kit/usage.ts';
import { DEP_SCAN_FLAGS, depScanOptions } from './kit/dep-scan-flags.ts';
import { LEADS_FLAGS, leadsOptions } from './kit/leads-flags.ts';
import { createLogger, PROGRESS_FORMATS } from '../engines/terminal/log.ts';
import { MODEL_FLAGS, modelRequestOf } from './kit/model-flags.ts';
import { CACHE_FLAGS, cacheRequestOf } from './kit/cache-flags.ts';
import { ONLY_FOR, phaseCommandLines } from './kit/phase-commands.ts';
import type { StaleChain } from '../driver/stale-phases.ts';

const OPTIONS = {
  out: common('out', 'artifact folder (default <target>/.bug-hunter)'),
  json: common('json', 'print the phase result as one JSON document on stdout'),
  progress: { type: 'string', arg: '<format>', description: 'progress on stderr: text (default), json (one JSON object per line), none' },
  ...withDescription(CACHE_FLAGS, 'the evidence cache, as for scan'),
  ...withDescription(MODEL_FLAGS, "scan's model flags: the run's models (see above)"),
  ...DEP_SCAN_FLAGS,
  ...LEADS_FLAGS,
} as const;

export const phaseCommand: Command = defineCommand({
  name: 'phase',
  help: {
    synopsis: ['bug-hunter phase <name> [target] [--out dir] [--json] [--progress text|json|none] [--no-cache | --cache-dir dir] [model flags]'],
    about: `Phases: ${PIPELINE.map((p) => p.name).join(', ')}

'phase triage' starts a new run; every other phase reads the artifacts of the run in the artifact folder
and attaches to it (refused when the target changed since). Options of the run are reused from state.json.
A phase reads the artifacts of that run only: when an input is missing, another run's, or made by a phase
that has not run in this run, nothing runs (exit 3) and the 'bug-hunter phase …' commands to run first are
printed, oldest first. A new run moves the older run's artifacts to superseded/ in the artifact folder.

It runs with what the phase had inside the scan: the run's options, its models and token budget, and the
evidence cache (--no-cache, --cache-dir as for scan). It prints the engine it used: the models of the roles
the phase declares (a phase may ask the model session for those roles only), or 'deterministic' for a phase
that asks no model.

Model flags are scan's: --provider, --model, --base-url, --role-model, --record, --config, --trust-repo-config.
A phase uses the models the run was made with; when these flags (with the configuration) resolve to other
models than the run recorded, the phase is refused and the command that started the run is shown.`,
    sections: [
      { title: 'Flags:', flags: omit(OPTIONS, [...Object.keys(DEP_SCAN_FLAGS), ...Object.keys(LEADS_FLAGS)]) },
      { title: "'phase deps' (the dependency scan) takes scan's advisory flags; without them it uses the run's own (scan --dep-scan):", flags: DEP_SCAN_FLAGS },
      { title: "'phase leads' takes scan's --leads; without it it uses the run's own (scan --leads):", flags: LEADS_FLAGS },
    ],
  },
  async run(argv, io) {
    const { values, positionals, tokens } = parseCommandArgs('phase', argv, OPTIONS);
    atMostPositionals('phase', positionals, 2, 'a phase name and at most one target');
    const [name, targetArg] = positionals;
    if (!name) throw new UsageError(`Name a phase: ${PIPELINE.map((p) => p.name).join(', ')}.`);
    const entry = findPhase(name);
    if (!entry) throw new UsageError(`Unknown phase '${name}'. Phases: ${PIPELINE.map((p) => p.name).join(', ')}.`);
    if ((values.advisories !== undefined || values.registry !== undefined) && entry.optIn !== ONLY_FOR.advisories) throw new UsageError('--advisories and --registry are for `phase deps` only.');
    const depScan = values.advisories !== undefined || values.registry !== undefined ? depScanOptions(values, io.cwd) : undefined;
    if (values.leads !== undefined && entry.optIn !== ONLY_FOR.leads) throw new UsageError('--leads is for `phase leads` only (give it to scan for a whole run).');
    const leads = leadsOptions(values, io.cwd);
    const target = resolveTarget(resolve(io.cwd, targetArg ?? '.'));
    const outDir = resolveOutDir(target, values.out ? resolve(io.cwd, values.out) : undefined);
    const log = createLogger({ quiet: Boolean(values.quiet), format: oneOf('progress', values.progress, PROGRESS_FORMATS, 'text') });
    const cache = cacheRequestOf(values['no-cache'], values['cache-dir'], io.cwd);

    const started = Date.now();
    // Loaded when the phase runs, not for --help: the driver brings the model layer with it.
    const { openRun } = await import('../driver/open-run.ts');
    const { runPhases } = await import('../driver/run-phases.ts');
    const { describeEngineChoice } = await import('../engines/models/static.ts');
    const run = await openRun({
      // The first phase starts a new run; every other phase attaches to the run in state.json.
      mode: entry === firstPhase() ? 'new' : 'attach',
      target,
      outDir,
      command: ['bug-hunter phase', ...argv].join(' '),
      models: modelRequestOf(values, io.cwd),
      phases: [name],
      adjust: (options) => ({ ...options, ...(depScan ? { depScan } : {}), ...(leads ? { leads } : {}) }),
      refusal: (runId, chain) => refusal(name, runId, chain, tokens),
      log,
      signal: io.signal,
      cache,
    });
    try {
      const phase = await entry.load();
      const { error } = await runPhases(run, [entry]);
      if (error) throw error;
      const written = phase.writes.map((w) => artifactPath(outDir, w));
      // The models of the roles this phase declares, not the run's whole engine line.
      const engine = phase.roles.length === 0 ? `deterministic (phase ${name} asks no model role)` : describeEngineChoice(run.models.config, phase.roles);
      io.stdout(values.json ? `${JSON.stringify({ phase: name, runId: run.store.state.run.runId, engine, written }, null, 2)}\n` : `${name}: wrote ${written.join(', ')} (engine: ${engine})\n`);
      return ExitCode.ok;
    } finally {
      await run.close(Date.now() - started);
    }
  },
});

/** Why `phase <name>` is refused and the commands that make its inputs one run's, oldest first. */
function refusal(name: string, runId: string, chain: StaleChain, tokens: Parameters<typeof phaseCommandLines>[1]): string {
  const lines = phaseCommandLines(chain.phases, tokens);
  return (
    `Nothing was run: phase ${name} reads the artifacts of one run only, and ${chain.reason} (run ${runId}). ` +
    `Run these in this order:\n${lines.map((l) => `  ${l}`).join('\n')}`
  );
}
