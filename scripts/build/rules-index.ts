// Writes src/engines/static/rules/index.ts from the rule folders (every folder of src/engines/static/rules/ with a
// rule.ts). `--check` writes nothing and exits 1 when the index is stale.
// Usage: node --import tsx scripts/build/rules-index.ts [--check]
import { RULES_INDEX, ruleFolders, ruleIndexSource } from './rules-index-source.ts';
import { writeOrCheck } from '../docs/generated-file.ts';

writeOrCheck(RULES_INDEX, ruleIndexSource(ruleFolders()), 'pnpm rules:index');
