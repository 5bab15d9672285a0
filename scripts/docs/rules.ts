// Writes docs/rules.md from the static rules' metadata. `--check` writes nothing and exits 1 when it is stale.
// Usage: node --import tsx scripts/docs/rules.ts [--check]
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { CONFIRM_MIN_PRECISION, listRules } from '../../src/engines/static/index.ts';
import { RULES_DOC, rulesMarkdown } from './rules-markdown.ts';

const want = rulesMarkdown(listRules(), CONFIRM_MIN_PRECISION);
const have = existsSync(RULES_DOC) ? readFileSync(RULES_DOC, 'utf8') : '';
if (process.argv.includes('--check')) {
  if (have !== want) {
    console.error(`${RULES_DOC} is stale: run \`pnpm docs:rules\`.`);
    process.exitCode = 1;
  }
} else if (have !== want) {
  writeFileSync(RULES_DOC, want);
  console.log(`wrote ${RULES_DOC}`);
}
