// docs/cli.md is generated from the command definitions (scripts/docs/cli.ts): it must be fresh, and it must list
// every command of the command table and every flag of each command's help (the table its parseArgs reads).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { CLI_DOC, cliMarkdown, flagsOf, loadCommands, undocumented, type DocumentedCommand } from '../../scripts/docs/cli.ts';
import { COMMANDS } from '../../src/commands/index.ts';

test('docs/cli.md is what `pnpm docs:cli` writes from the command definitions', async () => {
  assert.equal(readFileSync(CLI_DOC, 'utf8'), cliMarkdown(await loadCommands()), 'docs/cli.md is stale: run `pnpm docs:cli`');
});

test('docs/cli.md lists every command and every flag of every command', async () => {
  const commands = await loadCommands();
  assert.deepEqual(commands.map((c) => c.entry.name), COMMANDS.map((c) => c.name));
  assert.ok(commands.every((c) => Object.keys(flagsOf(c.command)).length > 0));
  assert.deepEqual(undocumented(readFileSync(CLI_DOC, 'utf8'), commands), []);
});

test('a command or a flag docs/cli.md does not list is named', async () => {
  const commands = await loadCommands();
  const doc = cliMarkdown(commands);
  const scan = commands.find((c) => c.entry.name === 'scan')!;
  const extraFlag: DocumentedCommand = {
    entry: scan.entry,
    command: { help: { ...scan.command.help, sections: [...scan.command.help.sections, { flags: { 'brand-new': { type: 'boolean', description: 'new' } } }] } },
  };
  const extraCommand: DocumentedCommand = { entry: { name: 'brand-new', summary: 'new' }, command: { help: { synopsis: ['bug-hunter brand-new'], sections: [] } } };
  assert.deepEqual(undocumented(doc, [extraFlag, extraCommand]), ['scan --brand-new', 'brand-new']);
  // A flag named only inside another flag's description is not listed: --no-cache's row is what counts.
  assert.deepEqual(undocumented(doc.replace(/^\| `--no-cache` .*\n/m, ''), [scan]), ['scan --no-cache']);
});
