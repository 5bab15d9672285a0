// Test helpers for reproduction: a small buggy module and hand-written test writers (findings about it: CART_FINDING in test/helpers/builders.ts).
import type { TestWriter, WriterInput } from '../../../src/engines/repro/types.ts';
import { tempTree } from '../sandbox/helpers.ts';

export const CART = `export function total(items) {
  let sum = 0;
  for (let i = 1; i < items.length; i++) sum += items[i].price;
  return sum;
}

export function firstName(user) {
  return user.profile.name.split(' ')[0];
}
`;

export function buggyProject() {
  return tempTree({
    'package.json': JSON.stringify({ name: 'cart', type: 'module', scripts: { test: 'node --test test/' } }),
    'src/cart.js': CART,
    'test/cart.test.js': "import { test } from 'node:test';\nimport assert from 'node:assert/strict';\nimport { total } from '../src/cart.js';\ntest('empty cart', () => assert.equal(total([]), 0));\n",
  });
}


const HEADER = "import { test } from 'node:test';\nimport assert from 'node:assert/strict';\nimport * as cart from '../src/cart.js';\n";

/** A writer that returns the given test bodies in turn (the last one repeats) and records what it was shown. */
export function scriptedWriter(bodies: string[], path = 'test/repro.test.js'): TestWriter & { inputs: WriterInput[] } {
  const inputs: WriterInput[] = [];
  return {
    inputs,
    async write(input) {
      inputs.push(input);
      const body = bodies[Math.min(inputs.length - 1, bodies.length - 1)]!;
      return { path, content: `${HEADER}${body}\n` };
    },
  };
}
