import { test } from 'node:test';
import assert from 'node:assert/strict';
import { clamp } from '../src/range.js';

test('clamp above the range returns hi', () => assert.equal(clamp(11, 0, 10), 10));
