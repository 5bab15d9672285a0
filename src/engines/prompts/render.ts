// Loads the markdown prompts in prompts/ and fills their {{placeholders}}; formats source as numbered, fenced data.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PhaseError } from '../../foundations/errors.ts';

const PROMPT_DIR = fileURLToPath(new URL('../../../prompts/', import.meta.url));
const cache = new Map<string, string>();

function readPrompt(relative: string): string {
  let text = cache.get(relative);
  if (text === undefined) {
    try {
      text = readFileSync(`${PROMPT_DIR}${relative}`, 'utf8');
    } catch {
      throw new PhaseError(`Prompt prompts/${relative} is missing; the installation is incomplete.`);
    }
    cache.set(relative, text);
  }
  return text;
}

/** A system prompt with the shared parts filled in. */
export function systemPrompt(relative: string): string {
  const shared: Record<string, string> = {
    contract: readPrompt('hunter/_contract.md'),
    untrusted: readPrompt('shared/untrusted-source.md'),
    panel: readPrompt('review/_contract.md'),
  };
  return readPrompt(relative).replace(/\{\{(\w+)\}\}/g, (whole, name: string) => {
    const value = shared[name];
    if (value === undefined) throw new PhaseError(`Prompt prompts/${relative} uses an unknown placeholder ${whole}.`);
    return value;
  });
}

/**
 * Source as data: numbered lines inside a <source> block. Any closing tag inside the file is defanged so the
 * file cannot end the block early and smuggle text outside it.
 */
export function sourceBlock(tag: 'source' | 'context', path: string, content: string, firstLine = 1): string {
  const numbered = content
    .split(/\r?\n/)
    .map((line, i) => `${String(firstLine + i).padStart(5)}| ${line.replace(/<\/(source|context|docs)>/gi, '<\\/$1>')}`)
    .join('\n');
  return `<${tag} file="${path.replace(/"/g, '%22')}">\n${numbered}\n</${tag}>`;
}
