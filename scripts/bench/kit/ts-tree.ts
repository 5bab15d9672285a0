// A generated TypeScript tree for the bench scripts: N files of ~70 lines with relative imports, exports, calls and
// a few trust boundaries, chosen by fixed arithmetic so every machine generates the same tree. With `bugs`, every
// 50th file also has a request handler that runs a shell command built from the query (a finding to confirm).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export const pathOf = (i: number) => `src/mod${i % 50}/file${i}.ts`;

export function fileText(i: number, n: number, bugs = false): string {
  const deps = [(i * 7 + 1) % n, (i * 13 + 5) % n, (i * 31 + 11) % n].filter((d) => d !== i);
  const lines = deps.map((d) => `import { fn${d}, Type${d} } from '../mod${d % 50}/file${d}.js';`);
  lines.push(`import { readFile } from 'node:fs/promises';`, '');
  if (bugs && i % 50 === 0) lines.push(`import { exec } from 'node:child_process';`, '');
  lines.push(`export interface Type${i} { id: string; count: number; tags: string[] }`, '');
  for (let k = 0; k < 4; k += 1) {
    lines.push(`export function ${k === 0 ? `fn${i}` : `helper${i}_${k}`}(input: Type${i}, limit = ${k + 10}): number {`);
    lines.push('  let total = 0;');
    lines.push('  for (const tag of input.tags) {', '    if (tag.length > limit) continue;', '    total += tag.length * input.count;', '  }');
    for (const d of deps) lines.push(`  total += fn${d}({ id: input.id, count: total, tags: input.tags } as Type${d});`);
    if (k === 1 && i % 4 === 0) lines.push('  void readFile(process.env.DATA_DIR + input.id);');
    lines.push('  return total;', '}', '');
  }
  if (bugs && i % 50 === 0) lines.push(`export function handler${i}(req: any, res: any) {`, '  exec(`ls ${req.query.dir}`, () => res.end());', '}', '');
  lines.push(`export const registry${i} = new Map<string, Type${i}>();`, '');
  return lines.join('\n');
}

/** Writes the N-file tree under root; returns each file's path and text. */
export function writeTsTree(root: string, n: number, bugs = false): { path: string; text: string }[] {
  const files: { path: string; text: string }[] = [];
  for (let i = 0; i < n; i += 1) {
    const path = pathOf(i);
    const text = fileText(i, n, bugs);
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
    files.push({ path, text });
  }
  return files;
}
