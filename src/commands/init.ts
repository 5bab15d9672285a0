// `bug-hunter init [target]`: writes an example .bug-hunter/config.json. The file is valid as written and
// selects the static engine; its "examples" section shows each provider, ready to copy to the top level.
import { existsSync } from 'node:fs';
import { defineCommand, type Command } from './kit/command.ts';
import { common, parseCommandArgs } from './kit/args.ts';
import { UsageError, ExitCode } from '../foundations/errors.ts';
import { writeJsonAtomic } from '../foundations/fs/atomic.ts';
import { resolveTarget } from '../engines/run/target.ts';
import { configPath, parseConfig } from '../engines/config/load.ts';
import { exampleConfig } from '../engines/config/example.ts';
import { describeEngineChoice } from '../engines/models/static.ts';

const OPTIONS = {
  force: { type: 'boolean', description: 'overwrite an existing config.json' },
  json: common('json', 'print {"path", "engine"} as JSON'),
} as const;

export const initCommand: Command = defineCommand({
  name: 'init',
  help: {
    synopsis: ['bug-hunter init [target] [--force] [--json]'],
    about: `Writes <target>/.bug-hunter/config.json: a valid configuration that uses the static engine (no model,
no key), with budgets, timeouts and retries spelled out, plus an "examples" section for each provider
(anthropic, openai, ollama, openrouter, claude-cli, replay). To use a model, copy one example's
"providers" and "roles" to the top level and export the key variable it names (apiKeyEnv).
Keys are never written to the config: it holds only the NAME of the environment variable.
The file is inside the repository: scans use its providers and roles only with --trust-repo-config.`,
    sections: [{ title: 'Flags:', flags: OPTIONS }],
  },
  async run(argv, io) {
    const { values, positionals } = parseCommandArgs('init', argv, OPTIONS);
    if (positionals.length > 1) throw new UsageError(`init takes at most one target (got ${positionals.length}). Run 'bug-hunter init --help'.`);
    if (values.out !== undefined) throw new UsageError("init always writes <target>/.bug-hunter/config.json; --out does not apply. Pass the target folder instead.");
    const target = resolveTarget(positionals[0], io.cwd);
    const path = configPath(target);
    if (existsSync(path) && !values.force) {
      throw new UsageError(`${path} already exists. Edit it, or pass --force to replace it with the example.`);
    }
    const config = exampleConfig();
    // Checked before writing: init must never produce a config that the next run rejects.
    const resolved = parseConfig(config, path, target);
    writeJsonAtomic(path, config);
    const engine = describeEngineChoice({ ...resolved, source: null });
    if (values.json) {
      io.stdout(`${JSON.stringify({ path, engine })}\n`);
    } else {
      io.stdout(
        [
          `Wrote ${path}`,
          `Engine now: ${engine}.`,
          'To use a model: copy an entry of "examples" (its "providers" and "roles") to the top level, then export its key variable.',
          'The file is inside the repository, so scans use its providers and roles only with --trust-repo-config (or move it outside and pass --config <file>).',
        ].join('\n') + '\n',
      );
    }
    return ExitCode.ok;
  },
});
