// The command line that repeats a scan exactly: the absolute target plus every flag as given, shell-quoted.
// Stored in state.json, it is what the resume hint prints and what a refused resume suggests.
import type { parseArgs } from 'node:util';
import { shellQuote } from '../report/findings.ts';

type Token = NonNullable<ReturnType<typeof parseArgs>['tokens']>[number];

/** `bug-hunter scan <target> <flags…>`, without --resume (the hint adds it). */
export function scanCommandLine(target: string, tokens: readonly Token[]): string {
  const parts = ['bug-hunter', 'scan', shellQuote(target)];
  for (const token of tokens) {
    if (token.kind !== 'option' || token.name === 'resume') continue;
    parts.push(token.rawName.startsWith('--') ? token.rawName : `--${token.name}`);
    if (token.value !== undefined) parts.push(shellQuote(token.value));
  }
  return parts.join(' ');
}

export function resumeCommandLine(command: string): string {
  return `${command} --resume`;
}
