import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { engineFingerprint } from '../../../../scripts/corpora/real-world/scan.ts';

test('the engine fingerprint follows the engine\'s sources and ignores the benchmark\'s own files', () => {
  const root = mkdtempSync(join(tmpdir(), 'bh-fp-'));
  try {
    mkdirSync(join(root, 'src', 'static'), { recursive: true });
    mkdirSync(join(root, 'scripts', 'corpora', 'real-world'), { recursive: true });
    writeFileSync(join(root, 'src', 'static', 'rule.ts'), 'export const a = 1;\n');
    writeFileSync(join(root, 'scripts', 'corpora', 'real-world', 'score.ts'), 'export const s = 1;\n');
    writeFileSync(join(root, 'package.json'), '{"name":"x"}\n');
    const before = engineFingerprint(root);
    writeFileSync(join(root, 'scripts', 'corpora', 'real-world', 'score.ts'), 'export const s = 2;\n');
    assert.equal(engineFingerprint(root), before);
    writeFileSync(join(root, 'src', 'static', 'rule.ts'), 'export const a = 2;\n');
    assert.notEqual(engineFingerprint(root), before);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
