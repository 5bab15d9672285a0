import { test } from 'node:test';
import assert from 'node:assert/strict';
import { slugify } from '../src/slug.js';

test('slugify lowercases and joins words with dashes', () => {
  assert.equal(slugify('Hello, World!'), 'hello-world');
});

test('slugify trims leading and trailing separators', () => {
  assert.equal(slugify('  --Release Notes--  '), 'release-notes');
});
