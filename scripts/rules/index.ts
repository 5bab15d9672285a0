// Writes src/engines/static/rules/index.ts from the rule folders (every folder of src/engines/static/rules/ with a
// rule.ts). `--check` writes nothing and exits 1 when the index is stale.
// Usage: node --import tsx scripts/rules/index.ts [--check]
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { RULES_INDEX, ruleFolders, ruleIndexSource } from './index-source.ts';

const want = ruleIndexSource(ruleFolders());
const path = join(process.cwd(), RULES_INDEX);
const have = existsSync(path) ? readFileSync(path, 'utf8') : '';
if (process.argv.includes('--check')) {
  if (have !== want) {
    console.error(`${RULES_INDEX} is stale: run \`pnpm rules:index\`.`);
    process.exitCode = 1;
  }
} else if (have !== want) {
  writeFileSync(path, want);
  console.log(`wrote ${RULES_INDEX}`);
}
