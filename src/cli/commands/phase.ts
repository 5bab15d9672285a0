// `bug-hunter phase <name> [target]`: runs one phase from its input artifacts, under the run lock.
// `phase triage` starts a new run; every other phase attaches to the run recorded in state.json.
import { resolve } from 'node:path';
import { artifactPath, readArtifactIfPresent } from '../../artifacts/store.ts';
import { ExitCode, IntegrityError, UsageError } from '../../errors.ts';
import { PIPELINE, findPhase } from '../../phases/registry.ts';
import { createIdentity, identityMismatches } from '../../run/identity.ts';
import { acquireRunLock } from '../../run/lock.ts';
import { DEFAULT_RUN_OPTIONS, DEFAULT_SCOPE, type RunOptions, type ScopeOptions } from '../../run/options.ts';
import { StateStore } from '../../run/state.ts';
import { resolveOutDir, resolveTarget } from '../../run/target.ts';
import { atMostPositionals, oneOf, parseCommandArgs } from '../args.ts';
import type { Command } from '../command.ts';
import { createLogger, PROGRESS_FORMATS } from '../log.ts';

export const phaseCommand: Command = {
  name: 'phase',
  usage: `Usage: bug-hunter phase <name> [target] [--out dir] [--json] [--progress text|json|none]

Phases: ${PIPELINE.map((p) => `${p.name}${p.load ? '' : ' (not built yet)'}`).join(', ')}

'phase triage' starts a new run; every other phase reads the artifacts of the run in the artifact folder
and attaches to it (refused when the target changed since). Options of the run are reused from state.json.`,
  async run(argv, io) {
    const { values, positionals } = parseCommandArgs('phase', argv, { progress: { type: 'string' } });
    atMostPositionals('phase', positionals, 2, 'a phase name and at most one target');
    const [name, targetArg] = positionals;
    if (!name) throw new UsageError(`Name a phase: ${PIPELINE.map((p) => p.name).join(', ')}.`);
    const entry = findPhase(name);
    if (!entry) throw new UsageError(`Unknown phase '${name}'. Phases: ${PIPELINE.map((p) => p.name).join(', ')}.`);
    if (!entry.load) throw new UsageError(`Phase '${name}' is not built yet.`);
    const target = resolveTarget(resolve(io.cwd, targetArg ?? '.'));
    const outDir = resolveOutDir(target, values.out ? resolve(io.cwd, values.out) : undefined);
    const log = createLogger({ quiet: Boolean(values.quiet), format: oneOf('progress', values.progress, PROGRESS_FORMATS, 'text') });
    const command = ['bug-hunter phase', ...argv].join(' ');

    const lock = acquireRunLock(outDir, command);
    try {
      const previous = readArtifactIfPresent(outDir, 'state');
      let store: StateStore;
      if (name === 'triage' || !previous) {
        if (name !== 'triage') throw new UsageError(`No run in ${outDir}. Run 'bug-hunter phase triage' on this target first.`);
        const options: RunOptions = { ...DEFAULT_RUN_OPTIONS, ...(previous?.options as Partial<RunOptions> | undefined) };
        const scope: ScopeOptions = { ...DEFAULT_SCOPE, ...(previous?.scope as Partial<ScopeOptions> | undefined) };
        store = StateStore.fresh(outDir, createIdentity(target, scope, options), command, options, scope);
      } else {
        store = new StateStore(outDir, previous);
        const options = { ...DEFAULT_RUN_OPTIONS, ...(previous.options as Partial<RunOptions>) };
        const scope = { ...DEFAULT_SCOPE, ...(previous.scope as Partial<ScopeOptions>) };
        const mismatches = identityMismatches(previous.run, createIdentity(target, scope, options, previous.run.runId));
        if (mismatches.length > 0) {
          throw new IntegrityError(`The run in ${outDir} was made for a different tree: ${mismatches.join(', ')}. Start again with 'bug-hunter phase triage'.`);
        }
      }
      const phase = await entry.load();
      const s = store.state;
      store.markPhase(name, 'running');
      try {
        await phase.run({
          target,
          outDir,
          identity: s.run,
          options: { ...DEFAULT_RUN_OPTIONS, ...(s.options as Partial<RunOptions>) },
          scope: { ...DEFAULT_SCOPE, ...(s.scope as Partial<ScopeOptions>) },
          log,
          signal: io.signal,
          state: store,
        });
      } catch (error) {
        store.markPhase(name, 'failed', (error as Error).message);
        throw error;
      }
      store.markPhase(name, 'done');
      const written = phase.writes.map((w) => artifactPath(outDir, w));
      io.stdout(values.json ? `${JSON.stringify({ phase: name, runId: s.run.runId, written }, null, 2)}\n` : `${name}: wrote ${written.join(', ')}\n`);
      return ExitCode.ok;
    } finally {
      lock.release();
    }
  },
};
