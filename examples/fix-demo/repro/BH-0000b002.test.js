import { test } from 'node:test';
import assert from 'node:assert/strict';
import { last } from '../src/range.js';

test('last of three items is the third', () => assert.equal(last([1, 2, 3]), 3));
