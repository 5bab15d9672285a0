// Flag parsing shared by every command: node's parseArgs in strict mode, so an unknown flag is a usage error.
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError } from '../../foundations/errors.ts';
import type { FlagTable } from './usage.ts';

export type OptionSpec = NonNullable<ParseArgsConfig['options']>;

/** The flags every command takes (a command's own table may describe one for itself, see `common`). */
export const COMMON_OPTIONS = {
  help: { type: 'boolean', short: 'h', description: 'print the command\'s help' },
  json: { type: 'boolean', description: 'machine output: one JSON document on stdout' },
  out: { type: 'string', arg: '<dir>', description: 'artifact folder (default <target>/.bug-hunter)' },
  quiet: { type: 'boolean', short: 'q', description: 'no progress lines' },
} as const satisfies FlagTable & OptionSpec;

/** A common flag as one command describes it: same type and short name, its own description. */
export function common<K extends keyof typeof COMMON_OPTIONS>(name: K, description: string): (typeof COMMON_OPTIONS)[K] & { readonly description: string } {
  return { ...COMMON_OPTIONS[name], description };
}

export function parseCommandArgs<O extends OptionSpec>(command: string, argv: string[], options: O) {
  try {
    return parseArgs({ args: argv, options: { ...COMMON_OPTIONS, ...options }, allowPositionals: true, strict: true, tokens: true });
  } catch (error) {
    throw new UsageError(`${usageMessage(error as Error, argv)} Run 'bug-hunter ${command} --help'.`);
  }
}

/** node's parseArgs wording, made plain: a flag given without its value says so and names the flag. */
export function usageMessage(error: Error, argv: readonly string[]): string {
  const missing = /^Option '(-[\w-]+|--[\w-]+)(?:, --[\w-]+)?(?: <value>)?' argument (?:missing|is ambiguous)/.exec(error.message);
  if (missing) {
    const flag = missing[1]!;
    const next = argv[argv.indexOf(flag) + 1];
    const why = next === undefined ? 'nothing followed it' : `'${next}' after it is another flag; write ${flag}=<value> for a value that starts with a dash`;
    return `${flag} needs a value (${why}).`;
  }
  return `${error.message.replace(/\. To specify.*$/s, '')}.`;
}

/** At most `max` positional arguments; extra ones are a usage error rather than silently ignored. */
export function atMostPositionals(command: string, positionals: readonly string[], max: number, what: string): void {
  if (positionals.length <= max) return;
  throw new UsageError(`${command} takes ${what}; unexpected extra argument(s): ${positionals.slice(max).join(' ')}. Run 'bug-hunter ${command} --help'.`);
}

/** A positive whole number from a flag, or a usage error naming the flag. */
export function positiveInt(flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new UsageError(`--${flag} takes a whole number of at least 1 (got '${value}').`);
  return n;
}

/** One of a fixed set of values, or a usage error listing them. */
export function oneOf<T extends string>(flag: string, value: string | undefined, allowed: readonly T[], fallback: T): T {
  if (value === undefined) return fallback;
  if (!(allowed as readonly string[]).includes(value)) throw new UsageError(`--${flag} must be one of ${allowed.join(', ')} (got '${value}').`);
  return value as T;
}
