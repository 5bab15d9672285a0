// What the scripted stand-in answers in the self-fix tests: a self-review remark the fixer can act on, and a fixer
// whose first answer fixes the clamp bug and whose round answers do what that round's remarks ask.
import { GOOD } from '../../engines/fix/helpers.ts';

export const remark = (text: string) => ({ json: { remarks: [{ tag: 'auto_fixable', file: 'src/clamp.js', line: 3, remark: text }] } });
// The first answer fixes the bug; a round's answer does what that round's remarks ask.
export const fixer = (prompt: string) => {
  if (prompt.includes('(round 2)')) return [{ file: 'src/clamp.js', search: '  if (x > hi) return hi; // upper bound', replace: '  if (x > hi) return hi; // upper bound: hi' }];
  if (prompt.includes('(round 1)')) return [{ file: 'src/clamp.js', search: '  if (x > hi) return hi;', replace: '  if (x > hi) return hi; // upper bound' }];
  return [GOOD];
};
