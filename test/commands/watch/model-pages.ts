// The model-only bug of the watch-with-a-model tests: a page count that rounds down, and the scripted stand-in's
// answers that report it wherever its text is.
import { DEMO_MODEL } from '../../funnel/demo.ts';
import type { ScriptedAnswers } from '../../funnel/scripted-model.ts';

export const BUGGY = 'return Math.floor(total / size);';
export const FIXED = 'return Math.ceil(total / size);';

/** A page count that rounds down, dropping the last partial page (an off-by-one no static rule covers), `padding` lines lower. */
export function pages(padding = 0, body = BUGGY): string {
  return [
    '// Page counts for the list endpoints.',
    ...Array.from({ length: padding }, (_, i) => `// note ${i}`),
    'export function pageCount(total, size) {',
    "  if (size <= 0) throw new RangeError('page size must be positive');",
    `  ${body}`,
    '}',
    '',
  ].join('\n');
}

export const answers: ScriptedAnswers = {
  model: DEMO_MODEL,
  findings: [
    {
      lens: 'boundary',
      file: 'src/pages.js',
      match: BUGGY,
      symbol: 'pageCount',
      category: 'boundary',
      severity: 'medium',
      confidence: 0.9,
      claim: 'pageCount rounds down, so a last partial page is never counted.',
      runtimeTrigger: 'pageCount(5, 2) returns 2 instead of 3.',
      votes: {
        reachability: { vote: 'upheld', reason: 'pageCount is exported.' },
        semantics: { vote: 'upheld', reason: 'Math.floor(5 / 2) is 2; a page count must round up.' },
        guards: { vote: 'upheld', reason: 'Nothing corrects the rounding.' },
      },
      referee: { verdict: 'confirmed', severity: 'medium', confidence: 0.9, reasoning: 'Math.floor(total / size) drops the partial page; Math.ceil is needed.' },
    },
  ],
};
