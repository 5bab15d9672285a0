#!/usr/bin/env node
import { parseArgs } from '../src/args.js';
import { currentCommit, checkoutRelease } from '../src/git.js';
import { postToSlack } from '../src/notify.js';
import { loadConfig } from '../src/config.js';

const args = parseArgs(process.argv.slice(2));
if (args.help) {
  console.log('usage: deploy --env <staging|production> [--branch <name>] [--dry-run]');
  process.exit(0);
}

const config = loadConfig(args.env);
const commit = currentCommit();
console.log(`deploying ${args.branch ?? 'main'} (${commit.slice(0, 8)}) to ${args.env}`);

if (!args['dry-run']) {
  checkoutRelease(args.branch ?? 'main');
  await postToSlack(config.slackChannel, `Deployed ${commit.slice(0, 8)} to ${args.env}`);
}
