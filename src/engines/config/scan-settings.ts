// What is scanned and how, from every layer: rule settings (config `rules`, --rule), and the config keys include,
// exclude and maxFileBytes. Pure. Order: the repository's config < the user's config < --config < flags. The
// repository's settings are its word: each is listed by source, none applies under --no-repo-suppressions, and in a
// diff-aware scan they are taken as the config was at the diff's base, so a change cannot turn off a rule (or exclude
// a file) for its own review. Repository include/exclude leave files out as the repository's, like .bug-hunterignore.
import type { Static } from '@sinclair/typebox';
import type { ConfiguredSetting as ConfiguredSettingSchema } from '../../artifacts/schemas/run-options.ts';
import { RULE_SETTINGS, type RuleSetting, type SettingSource } from '../../artifacts/schemas/literals.ts';
import { UsageError } from '../../foundations/errors.ts';
import type { ConfigFile } from './schema.ts';

export type ConfiguredSetting = Static<typeof ConfiguredSettingSchema>;
export type ScanKeys = Pick<ConfigFile, 'rules' | 'include' | 'exclude' | 'maxFileBytes'>;

export interface KeysAt {
  where: string;
  keys: ScanKeys;
}

export interface ScanSettingsInput {
  /** The repository's config as it applies (working copy, or the diff's base); undefined when there is none. */
  repository?: KeysAt;
  /** Repository settings not applied, and why (the change under review adds them, or --no-repo-suppressions). */
  setAside?: Array<{ where: string; keys: ScanKeys; why: string }>;
  /** The user's config, then --config: lowest first. */
  user: KeysAt[];
  flags: { rules?: readonly string[]; include?: readonly string[]; exclude?: readonly string[]; maxFileBytes?: number };
  /** Rule ids the engine knows, to refuse a typo. */
  knownRules: ReadonlySet<string>;
}

export interface ScanSettings {
  /** Per rule: its setting and whose word it is (the highest layer's). */
  rules: Map<string, { setting: RuleSetting; source: SettingSource; where: string }>;
  /** The user's include/exclude (flags over config) and the repository's, kept apart. */
  include?: string[];
  exclude?: string[];
  repositoryInclude?: string[];
  repositoryExclude?: string[];
  maxFileBytes?: number;
  /** Everything configured, for the report: applied or not, by source. */
  listed: ConfiguredSetting[];
}

/** `id=off` or `id=<severity>` from --rule. */
export function parseRuleFlag(value: string, known: ReadonlySet<string>): [string, RuleSetting] {
  const eq = value.indexOf('=');
  const id = value.slice(0, eq).trim();
  const setting = value.slice(eq + 1).trim();
  if (eq < 1 || !(RULE_SETTINGS as readonly string[]).includes(setting)) {
    throw new UsageError(`--rule takes <id>=<setting> with setting one of ${RULE_SETTINGS.join(', ')} (got '${value}').`);
  }
  checkRuleId(id, known, '--rule');
  return [id, setting as RuleSetting];
}

function checkRuleId(id: string, known: ReadonlySet<string>, where: string): void {
  if (!known.has(id)) throw new UsageError(`${where}: there is no rule '${id}'. 'bug-hunter rules' lists them.`);
}

export function resolveScanSettings(input: ScanSettingsInput): ScanSettings {
  const out: ScanSettings = { rules: new Map(), listed: [] };
  const layers: Array<{ source: SettingSource; where: string; keys: ScanKeys }> = [
    ...(input.repository ? [{ source: 'repository' as const, ...input.repository }] : []),
    ...input.user.map((u) => ({ source: 'user' as const, ...u })),
  ];
  for (const layer of layers) {
    for (const [id, setting] of Object.entries(layer.keys.rules ?? {})) {
      checkRuleId(id, input.knownRules, layer.where);
      out.rules.set(id, { setting, source: layer.source, where: layer.where });
    }
  }
  for (const value of input.flags.rules ?? []) {
    const [id, setting] = parseRuleFlag(value, input.knownRules);
    out.rules.set(id, { setting, source: 'flag', where: '--rule' });
  }
  const user = (key: 'include' | 'exclude' | 'maxFileBytes') => lastWith(input.user, key);
  const include = input.flags.include ?? user('include')?.keys.include;
  const exclude = input.flags.exclude ?? user('exclude')?.keys.exclude;
  if (include) out.include = [...include];
  if (exclude) out.exclude = [...exclude];
  const repo = input.repository?.keys;
  if (repo?.include) out.repositoryInclude = [...repo.include];
  if (repo?.exclude) out.repositoryExclude = [...repo.exclude];
  const maxFileBytes = input.flags.maxFileBytes ?? user('maxFileBytes')?.keys.maxFileBytes ?? repo?.maxFileBytes;
  if (maxFileBytes !== undefined) out.maxFileBytes = maxFileBytes;
  out.listed = listed(layers, out, input);
  return out;
}

// Every configured key of every layer (flags only for rules: the other flags are in the command line already).
function listed(layers: Array<{ source: SettingSource; where: string; keys: ScanKeys }>, out: ScanSettings, input: ScanSettingsInput): ConfiguredSetting[] {
  const rows: ConfiguredSetting[] = [];
  const overridden = 'a higher layer sets it';
  for (const layer of layers) {
    for (const [id, setting] of Object.entries(layer.keys.rules ?? {})) {
      const won = out.rules.get(id);
      rows.push(row(`rules.${id}`, setting, layer, won?.where === layer.where && won.source === layer.source ? undefined : overridden));
    }
    for (const key of ['include', 'exclude'] as const) {
      const globs = layer.keys[key];
      if (!globs) continue;
      // The repository's globs apply beside the user's; a user layer's only when it is the one in force.
      const inForce = layer.source === 'repository' || (input.flags[key] === undefined && lastWith(input.user, key)?.where === layer.where);
      rows.push(row(key, globs.join(' '), layer, inForce ? undefined : overridden));
    }
    const bytes = layer.keys.maxFileBytes;
    if (bytes !== undefined) {
      const inForce = input.flags.maxFileBytes === undefined && (layer.source === 'repository' ? !input.user.some((u) => u.keys.maxFileBytes !== undefined) : lastWith(input.user, 'maxFileBytes')?.where === layer.where);
      rows.push(row('maxFileBytes', String(bytes), layer, inForce ? undefined : overridden));
    }
  }
  for (const [id, r] of out.rules) if (r.source === 'flag') rows.push(row(`rules.${id}`, r.setting, { source: 'flag', where: '--rule' }));
  for (const aside of input.setAside ?? []) {
    const layer = { source: 'repository' as const, where: aside.where };
    for (const [id, setting] of Object.entries(aside.keys.rules ?? {})) rows.push(row(`rules.${id}`, setting, layer, aside.why));
    if (aside.keys.include) rows.push(row('include', aside.keys.include.join(' '), layer, aside.why));
    if (aside.keys.exclude) rows.push(row('exclude', aside.keys.exclude.join(' '), layer, aside.why));
    if (aside.keys.maxFileBytes !== undefined) rows.push(row('maxFileBytes', String(aside.keys.maxFileBytes), layer, aside.why));
  }
  return rows;
}

/** The highest user layer that sets the key. */
function lastWith(layers: readonly KeysAt[], key: keyof ScanKeys): KeysAt | undefined {
  return [...layers].reverse().find((u) => u.keys[key] !== undefined);
}

function row(key: string, value: string, layer: { source: SettingSource; where: string }, why?: string): ConfiguredSetting {
  return { key, value, source: layer.source, where: layer.where, applied: why === undefined, ...(why ? { why } : {}) };
}

/**
 * The repository's keys that apply in a diff-aware scan: those the config at the diff's base also has, with the same
 * value (include: the base's list, which the change may not narrow); what the change adds or changes is set aside.
 */
export function keysAtBase(working: ScanKeys, base: ScanKeys | undefined): { applied: ScanKeys; aside: ScanKeys } {
  const applied: ScanKeys = {};
  const aside: ScanKeys = {};
  for (const [id, setting] of Object.entries(working.rules ?? {})) {
    const into = base?.rules?.[id] === setting ? applied : aside;
    into.rules = { ...into.rules, [id]: setting };
  }
  if (base?.include) applied.include = [...base.include];
  if (working.include && working.include.join('\0') !== (base?.include ?? []).join('\0')) aside.include = [...working.include];
  if (working.exclude) {
    const atBase = new Set(base?.exclude ?? []);
    const kept = working.exclude.filter((g) => atBase.has(g));
    const added = working.exclude.filter((g) => !atBase.has(g));
    if (kept.length > 0) applied.exclude = kept;
    if (added.length > 0) aside.exclude = added;
  }
  if (working.maxFileBytes !== undefined) {
    if (base?.maxFileBytes === working.maxFileBytes) applied.maxFileBytes = working.maxFileBytes;
    else aside.maxFileBytes = working.maxFileBytes;
  }
  return { applied, aside };
}

export const hasKeys = (keys: ScanKeys): boolean => Object.values(keys).some((v) => v !== undefined);
