// `bug-hunter doctor [target]`: preflight — node, pnpm, git, sandbox backend, model providers, writable artifact folder.
import { resolve } from 'node:path';
import { join } from 'node:path';
import type { DoctorCheck } from './checks.ts';
import { ExitCode } from '../../foundations/errors.ts';
import { resolveTarget } from '../../engines/run/target.ts';
import { atMostPositionals, common, parseCommandArgs } from '../kit/args.ts';
import { defineCommand, type Command } from '../kit/command.ts';
import { MODEL_FLAGS } from '../kit/model-flags.ts';

const OPTIONS = {
  out: common('out', 'artifact folder whose writability is checked (default <target>/.bug-hunter)'),
  json: common('json', 'print the checks as one JSON document'),
  config: MODEL_FLAGS.config,
  'trust-repo-config': MODEL_FLAGS['trust-repo-config'],
} as const;

export const doctorCommand: Command = defineCommand({
  name: 'doctor',
  help: {
    synopsis: ['bug-hunter doctor [target] [--out dir] [--json] [--config file] [--trust-repo-config]'],
    about: "Checks what bug-hunter needs. 'fail' means it cannot run (exit 2); 'warn' means a feature is unavailable.",
    sections: [{ title: 'Flags:', flags: OPTIONS }],
  },
  async run(argv, io) {
    const { values, positionals } = parseCommandArgs('doctor', argv, OPTIONS);
    atMostPositionals('doctor', positionals, 1, 'at most one target');
    const target = resolveTarget(resolve(io.cwd, positionals[0] ?? '.'));
    // The checks probe the sandbox backends; they load when doctor runs, not for --help.
    const { checkModels, checkNode, checkSandbox, checkTool, checkWritable } = await import('./checks.ts');
    const checks: DoctorCheck[] = [
      checkNode(),
      checkTool('pnpm', false, 'only needed to develop bug-hunter itself'),
      checkTool('git', false, 'without git, runs record no base commit and cannot use churn or the fixer'),
      checkSandbox(),
      ...checkModels(target, process.env, {
        ...(values.config ? { configPath: resolve(io.cwd, values.config) } : {}),
        ...(values['trust-repo-config'] ? { trustRepoConfig: true } : {}),
      }),
      checkWritable(values.out ? resolve(io.cwd, values.out) : join(target, '.bug-hunter')),
    ];
    const failed = checks.some((c) => c.status === 'fail');
    if (values.json) {
      io.stdout(`${JSON.stringify({ ok: !failed, checks }, null, 2)}\n`);
    } else {
      const width = Math.max(...checks.map((c) => c.name.length));
      for (const c of checks) io.stdout(`${c.status.padEnd(4)}  ${c.name.padEnd(width)}  ${c.detail}\n`);
      io.stdout(failed ? 'doctor: something bug-hunter needs is missing (see fail lines).\n' : 'doctor: ready.\n');
    }
    return failed ? ExitCode.usage : ExitCode.ok;
  },
});
