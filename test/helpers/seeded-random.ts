// The seeded generator for the property tests: the one in scripts/kit/seeded-random.ts, which the frozen corpus
// splits use too (scripts may not import test helpers), passed on under the name the tests know.
export { prng } from '../../scripts/kit/seeded-random.ts';
