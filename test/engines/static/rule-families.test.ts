// The issue #20 rule families (XSS through URL attributes, XXE, weak password hashes, Math.random secrets, JWT
// verification, js-yaml full-schema loads, deserializer type hooks, constructor fields): every planted bug in their
// fixtures is upheld and not one decoy is, so a decoy that starts firing fails here even while overall precision
// stays above its floor.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ruleCases } from '../../../src/engines/static/corpus.ts';
import { scoreFiles } from '../../../src/engines/static/score.ts';

const FAMILY_FIXTURES = [
  /^xxe\//, /^crypto\//, /^jwt\//, /^xss\/url-attribute\.js$/, /^deserialize\/yaml-/, /^secrets\/decoys\.js$/,
  /^library\/(function-types|xss-url|xxe|jwt|jwt-checked|this-fields)\.js$/,
];

const files = ruleCases(process.cwd()).filter(({ file }) => FAMILY_FIXTURES.some((re) => re.test(file.path)));

test('the rule-family fixtures are all read', () => {
  assert.ok(files.length >= 17, `${files.length} fixture files`);
  const rules = new Set(files.flatMap(({ labels }) => labels.map((l) => l.ruleId)));
  for (const id of ['xss-url-attribute', 'xxe', 'weak-password-hash', 'insecure-random-secret', 'weak-key-derivation', 'jwt-unpinned-algorithm', 'jwt-decode-unverified', 'unsafe-deserialization', 'code-injection', 'command-injection']) {
    assert.ok(rules.has(id), `no planted ${id}`);
  }
});

test('every planted bug of the new families is upheld and no decoy is', () => {
  const score = scoreFiles(files);
  assert.deepEqual(score.missed, []);
  assert.deepEqual(score.reported.filter((r) => !r.correct), []);
});
