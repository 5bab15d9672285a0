// `bug-hunter init [target]`: writes the two configs a working setup needs, each where it is trusted: the
// repository's `.bug-hunter/config.json` with the keys a repository may set (limits), and the user's own config
// ($XDG_CONFIG_HOME/bug-hunter/config.json) with who answers (providers, roles) and an "examples" section.
// `--use <example>` puts one example's providers and roles in force in the user's config; no key is ever written.
import { existsSync, readFileSync } from 'node:fs';
import { defineCommand, type Command } from './kit/command.ts';
import { common, oneOf, parseCommandArgs } from './kit/args.ts';
import { UsageError, ExitCode } from '../foundations/errors.ts';
import { writeJsonAtomic } from '../foundations/fs/atomic.ts';
import { resolveTarget } from '../engines/run/target.ts';
import { checkConfigFile, configPath, loadConfig, parseConfig, userConfigPath } from '../engines/config/load.ts';
import { exampleConfig, repositoryExample, userExample } from '../engines/config/example.ts';
import type { ConfigFile } from '../engines/config/schema.ts';
import { describeEngineChoice } from '../engines/models/static.ts';

const EXAMPLES = Object.keys(exampleConfig().examples ?? {}) as [string, ...string[]];

const OPTIONS = {
  use: { type: 'string', arg: '<example>', description: `put one example's providers and roles in force in your config: ${EXAMPLES.join(', ')}` },
  model: { type: 'string', arg: '<id>', description: "with --use: the model every role of the example uses (e.g. your local model's name)" },
  'base-url': { type: 'string', arg: '<url>', description: "with --use: the example's server (e.g. http://127.0.0.1:11434/v1 for Ollama)" },
  force: { type: 'boolean', description: 'overwrite existing config files' },
  json: common('json', 'print {"path", "userPath", "wrote", "kept", "engine"} as JSON'),
} as const;

export const initCommand: Command = defineCommand({
  name: 'init',
  help: {
    synopsis: ['bug-hunter init [target] [--use <example> [--model id] [--base-url url]] [--force] [--json]'],
    about: `Writes two configs, each where it is trusted:
  <target>/.bug-hunter/config.json   the repository's: only keys a repository may set (budgets, timeouts, retries,
                                     output cap; rules, include, exclude, maxFileBytes); commit it.
  ~/.config/bug-hunter/config.json   yours ($XDG_CONFIG_HOME): providers and roles, plus an "examples" section for
                                     each provider (anthropic, openai, ollama, openrouter, claude-cli, replay).
Scans use your config's providers and roles without --trust-repo-config; the repository's config may never choose
who answers. A file that exists is kept unless --force; --use updates your config's providers and roles in place.
Keys are never written: a config holds only the NAME of the environment variable (apiKeyEnv).`,
    sections: [{ title: 'Flags:', flags: OPTIONS }],
  },
  async run(argv, io) {
    const { values, positionals } = parseCommandArgs('init', argv, OPTIONS);
    if (positionals.length > 1) throw new UsageError(`init takes at most one target (got ${positionals.length}). Run 'bug-hunter init --help'.`);
    if (values.out !== undefined) throw new UsageError('init always writes <target>/.bug-hunter/config.json and your own config; --out does not apply. Pass the target folder instead.');
    if ((values.model !== undefined || values['base-url'] !== undefined) && values.use === undefined) throw new UsageError('--model and --base-url go with --use <example>: they adjust the example put in force.');
    const use = values.use === undefined ? undefined : oneOf('use', values.use, EXAMPLES, EXAMPLES[0]);
    const target = resolveTarget(positionals[0], io.cwd);
    const path = configPath(target);
    const userPath = userConfigPath();
    const writeRepo = !existsSync(path) || Boolean(values.force);
    const writeUser = !existsSync(userPath) || Boolean(values.force) || use !== undefined;
    if (!writeRepo && !writeUser) {
      throw new UsageError(`${path} and ${userPath} already exist. Edit them, pass --use <example> to choose a provider, or --force to replace both with the examples.`);
    }
    const repo = repositoryExample();
    const user = userConfigFor(userPath, use, values.model, values['base-url'], Boolean(values.force));
    // Checked before writing: init must never produce a config that the next run rejects.
    parseConfig(repo, path, target, false);
    parseConfig(user, userPath, target);
    if (writeRepo) writeJsonAtomic(path, repo);
    if (writeUser) writeJsonAtomic(userPath, user);
    const wrote = [...(writeRepo ? [path] : []), ...(writeUser ? [userPath] : [])];
    const kept = [...(writeRepo ? [] : [path]), ...(writeUser ? [] : [userPath])];
    const engine = describeEngineChoice(loadConfig(target));
    if (values.json) {
      io.stdout(`${JSON.stringify({ path, userPath, wrote, kept, engine })}\n`);
      return ExitCode.ok;
    }
    io.stdout(
      [
        ...(writeRepo ? [`Wrote ${path}: the repository's config, with only keys a repository may set (limits; rules, include, exclude). Commit it.`] : [`Kept ${path} (--force replaces it).`]),
        ...(writeUser ? [`Wrote ${userPath}: your config, with providers and roles${use ? ` (the ${use} example, in force)` : ' (the static engine; examples to copy)'}. Scans use it without --trust-repo-config.`] : [`Kept ${userPath} (--use <example> or --force changes it).`]),
        `Engine now: ${engine}.`,
        ...(use ? [] : [`To use a model: bug-hunter init --use <${EXAMPLES.join('|')}> [--model id] [--base-url url], then export the key variable it names (apiKeyEnv).`]),
      ].join('\n') + '\n',
    );
    return ExitCode.ok;
  },
});

/** The user's config to write: the example (with one promoted by --use), over what the file already says unless --force. */
function userConfigFor(userPath: string, use: string | undefined, model: string | undefined, baseUrl: string | undefined, force: boolean): ConfigFile {
  const fresh = userExample(use);
  const current = !force && existsSync(userPath) ? checkConfigFile(parseJson(userPath), userPath) : undefined;
  const next: ConfigFile = current && use ? { ...current, providers: fresh.providers, roles: fresh.roles } : current ?? fresh;
  if (model !== undefined) {
    next.roles = Object.fromEntries(Object.entries(next.roles ?? {}).map(([role, binding]) => [role, { ...binding, model }]));
  }
  if (baseUrl !== undefined) {
    const withUrl = Object.entries(next.providers ?? {}).filter(([, p]) => p.type === 'openai-compatible' || p.type === 'openai' || p.type === 'anthropic');
    if (withUrl.length === 0) throw new UsageError(`--base-url: the ${use} example has no provider that takes a base URL.`);
    next.providers = Object.fromEntries(Object.entries(next.providers ?? {}).map(([name, p]) => [name, withUrl.some(([n]) => n === name) ? { ...p, baseURL: baseUrl } : p]));
  }
  return next;
}

function parseJson(path: string): unknown {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new UsageError(`${path} is not valid JSON (${(error as Error).message}). Fix it, or pass --force to replace it.`);
  }
}
