import { test } from 'node:test';
import assert from 'node:assert/strict';
import { clamp, double, last } from '../src/range.js';

test('clamp inside the range', () => assert.equal(clamp(5, 0, 10), 5));
test('clamp below the range', () => assert.equal(clamp(-1, 0, 10), 0));
test('double', () => assert.equal(double(2), 4));
test('last of an empty list is undefined', () => assert.equal(last([]), undefined));
