// Writes docs/rules.md from the static rules' metadata. `--check` writes nothing and exits 1 when it is stale.
// Usage: node --import tsx scripts/docs/rules.ts [--check]
import { CONFIRM_MIN_PRECISION, listRules } from '../../src/engines/static/index.ts';
import { RULES_DOC, rulesMarkdown } from './rules-markdown.ts';
import { writeOrCheck } from './generated-file.ts';

writeOrCheck(RULES_DOC, rulesMarkdown(listRules(), CONFIRM_MIN_PRECISION), 'pnpm docs:rules');
