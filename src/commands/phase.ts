// `bug-hunter phase <name> [target]`: runs one phase from its input artifacts, under the run lock.
// `phase triage` starts a new run; every other phase attaches to the run recorded in state.json, and is refused (with
// the phases to run first, oldest first) when it would read an artifact that is missing or not that run's.
import { resolve } from 'node:path';
import { artifactPath, readArtifactIfPresent } from '../artifacts/store.ts';
import { ExitCode, IntegrityError, UsageError } from '../foundations/errors.ts';
import { PIPELINE, findPhase } from '../driver/registry.ts';
import { createIdentity, identityMismatches } from '../engines/run/identity.ts';
import { acquireRunLock } from '../engines/run/lock.ts';
import { DEFAULT_RUN_OPTIONS, DEFAULT_SCOPE, type RunOptions, type ScopeOptions } from '../engines/run/options.ts';
import { StateStore } from '../engines/run/state.ts';
import { resolveOutDir, resolveTarget } from '../engines/run/target.ts';
import { atMostPositionals, common, oneOf, parseCommandArgs } from './kit/args.ts';
import { defineCommand, type Command } from './kit/command.ts';
import { omit, withDescription } from './kit/usage.ts';
import { DEP_SCAN_FLAGS, depScanOptions } from './kit/dep-scan-flags.ts';
import { LEADS_FLAGS, leadsOptions } from './kit/leads-flags.ts';
import { createLogger, PROGRESS_FORMATS } from '../engines/terminal/log.ts';
import { MODEL_FLAGS, enginesAgree, modelRequestOf } from './kit/model-flags.ts';
import type { PhaseSession } from '../driver/session.ts';
import { CACHE_FLAGS, cacheRequestOf } from './kit/cache-flags.ts';
import { phaseCommandLines } from './kit/phase-commands.ts';
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
    about: `Phases: ${PIPELINE.map((p) => `${p.name}${p.load ? '' : ' (not built yet)'}`).join(', ')}

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
    if (!entry.load) throw new UsageError(`Phase '${name}' is not built yet.`);
    if ((values.advisories !== undefined || values.registry !== undefined) && name !== 'deps') throw new UsageError('--advisories and --registry are for `phase deps` only.');
    const depScan = values.advisories !== undefined || values.registry !== undefined ? depScanOptions(values, io.cwd) : undefined;
    if (values.leads !== undefined && name !== 'leads') throw new UsageError('--leads is for `phase leads` only (give it to scan for a whole run).');
    const leads = leadsOptions(values, io.cwd);
    const target = resolveTarget(resolve(io.cwd, targetArg ?? '.'));
    const outDir = resolveOutDir(target, values.out ? resolve(io.cwd, values.out) : undefined);
    const log = createLogger({ quiet: Boolean(values.quiet), format: oneOf('progress', values.progress, PROGRESS_FORMATS, 'text') });
    const command = ['bug-hunter phase', ...argv].join(' ');
    const cache = cacheRequestOf(values['no-cache'], values['cache-dir'], io.cwd);

    const started = Date.now();
    // Loaded when the phase runs, not for --help: the driver brings the model layer with it.
    const { resolveModels } = await import('../driver/model-setup.ts');
    const { openPhaseSession } = await import('../driver/session.ts');
    const { runPhaseStep } = await import('../driver/run-phase.ts');
    const { checkPreconditions } = await import('../driver/preconditions.ts');
    const { supersedeOlderRuns } = await import('../driver/run-artifacts.ts');
    const { phasesOfNewRun, phasesToRunFirst } = await import('../driver/stale-check.ts');
    const { describeEngineChoice } = await import('../engines/models/static.ts');
    const models = resolveModels(target, modelRequestOf(values, io.cwd));
    for (const warning of models.warnings) log.warn(warning);
    let session: PhaseSession | undefined;

    const lock = acquireRunLock(outDir, command);
    try {
      const previous = readArtifactIfPresent(outDir, 'state');
      let store: StateStore;
      if (name === 'triage' || !previous) {
        if (name !== 'triage') throw new UsageError(`No run in ${outDir}. Run 'bug-hunter phase triage' on this target first.`);
        // A new run: no artifact of an older one may be read as this run's; its engine is what these flags resolve.
        await supersedeOlderRuns(outDir);
        const options: RunOptions = { ...DEFAULT_RUN_OPTIONS, ...previous?.options, engine: models.engine };
        const scope: ScopeOptions = { ...DEFAULT_SCOPE, ...previous?.scope };
        store = StateStore.fresh(outDir, createIdentity(target, scope, options), command, options, scope);
      } else {
        store = new StateStore(outDir, previous);
        const { options } = previous;
        const mismatches = identityMismatches(previous.run, createIdentity(target, previous.scope, options, previous.run.runId));
        if (mismatches.length > 0) {
          const chain = await phasesOfNewRun(previous, name, `the run in ${outDir} was made for a different tree: ${mismatches.join(', ')}`);
          throw new IntegrityError(refusal(name, previous.run.runId, chain, tokens));
        }
        // Running a later phase with other models would overwrite the run's model findings with another engine's.
        if (!enginesAgree(options.engine, models)) {
          throw new UsageError(
            `Phase '${name}' would run with ${models.engine}, but run ${previous.run.runId} was made with ${options.engine}. ` +
              `Give the model flags the run was started with (it was started by: ${previous.command}).`,
          );
        }
        // A phase whose inputs another run wrote (or that are missing) would join two runs: refused, with the phases to run.
        const chain = await phasesToRunFirst(outDir, previous, name);
        if (chain) throw new IntegrityError(refusal(name, previous.run.runId, chain, tokens));
      }
      const s = store.state;
      const options: RunOptions = { ...s.options, ...(depScan ? { depScan } : {}), ...(leads ? { leads } : {}) };
      checkPreconditions(target, [name], options);
      // The same session a scan builds: the run's options and scope, its models and budget, the evidence cache.
      session = openPhaseSession({
        target,
        outDir,
        runsDir: outDir,
        store,
        options,
        scope: s.scope,
        log,
        signal: io.signal,
        models,
        ...(values.record ? { record: true } : {}),
        cache,
      });
      const phase = await entry.load();
      await runPhaseStep(phase, session, models);
      const written = phase.writes.map((w) => artifactPath(outDir, w));
      // The models of the roles this phase declares, not the run's whole engine line.
      const engine = phase.roles.length === 0 ? `deterministic (phase ${name} asks no model role)` : describeEngineChoice(models.config, phase.roles);
      io.stdout(values.json ? `${JSON.stringify({ phase: name, runId: s.run.runId, engine, written }, null, 2)}\n` : `${name}: wrote ${written.join(', ')} (engine: ${engine})\n`);
      return ExitCode.ok;
    } finally {
      await session?.close(Date.now() - started);
      lock.release();
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
