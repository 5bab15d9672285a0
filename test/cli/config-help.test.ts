// Every flag and config key issue #43 adds is in `--help` and in the generated CLI reference (docs/cli.md), and every
// config key the scan reads is in the configuration reference.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { runCli } from '../helpers/cli.ts';

// Help text wraps at the terminal width: compare with whitespace runs collapsed.
const flat = (text: string): string => text.replace(/\s+/g, ' ');
const CLI_MD = flat(readFileSync(new URL('../../docs/cli.md', import.meta.url), 'utf8'));
const CONFIG_MD = readFileSync(new URL('../../docs/configuration.md', import.meta.url), 'utf8');

test('scan --help and docs/cli.md name --rule and the config keys include, exclude, maxFileBytes', async () => {
  const help = flat((await runCli(['scan', '--help'])).stdout);
  for (const text of ['--rule <id>=<s>', 'config key include', 'config key exclude', 'config key maxFileBytes', "config files' \"rules\""]) {
    assert.ok(help.includes(text), `scan --help lacks ${text}`);
    assert.ok(CLI_MD.includes(text), `docs/cli.md lacks ${text}`);
  }
});

test('init --help and docs/cli.md name --use, --model and --base-url and where each config goes', async () => {
  const help = flat((await runCli(['init', '--help'])).stdout);
  for (const text of ['--use <example>', '--model <id>', '--base-url <url>', '~/.config/bug-hunter/config.json', '$XDG_CONFIG_HOME']) {
    assert.ok(help.includes(text), `init --help lacks ${text}`);
    assert.ok(CLI_MD.includes(text), `docs/cli.md lacks ${text}`);
  }
});

test('docs/configuration.md documents the layers, every scan key, --rule and the three ignore comments', () => {
  for (const text of ['`rules`', '`include`', '`exclude`', '`maxFileBytes`', '--rule <id>=off', '$XDG_CONFIG_HOME/bug-hunter/config.json', 'bug-hunter-ignore-start', 'bug-hunter-ignore-end', 'bug-hunter-ignore-file', 'never replaces']) {
    assert.ok(CONFIG_MD.includes(text), `docs/configuration.md lacks ${text}`);
  }
});
