// Who threw a failing test's error: the first frame of its stack that is neither Node's own nor an installed
// package. Pure. Function names are compared loosely ('Cart.total' is 'total' called on a Cart).
import { nodeFrame } from '../stack-trace/node.ts';
import type { TraceFrame } from '../stack-trace/types.ts';

export function thrownAt(stack: string): TraceFrame | undefined {
  for (const line of stack.split('\n')) {
    if (line.trim() === '') continue;
    const frame = nodeFrame(/^\s*at\s/.test(line) ? line : `    at ${line.trim()}`);
    if (frame && !frame.runtime && !frame.path.includes('/node_modules/')) return frame;
  }
  return undefined;
}

/** Same function: equal names, or one is the other qualified by its object or class ('Object.total', 'Cart.total'). */
export function sameFunction(actual: string | null, expected: string): boolean {
  if (!actual) return false;
  return actual === expected || actual.endsWith(`.${expected}`) || expected.endsWith(`.${actual}`);
}
