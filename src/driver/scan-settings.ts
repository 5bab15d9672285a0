// The run's settings of what is scanned (rules, include, exclude, maxFileBytes) from the config layers and the flags
// (src/engines/config/scan-settings.ts decides). Reads the repository's config at the diff's base in a diff-aware
// scan: what the change under review adds to it is set aside, as for .bug-hunterignore and inline comments.
import { checkConfigFile, configPath, pickScanKeys } from '../engines/config/load.ts';
import type { ResolvedConfig } from '../engines/config/resolve.ts';
import { hasKeys, keysAtBase, resolveScanSettings, type ScanKeys, type ScanSettings, type ScanSettingsInput } from '../engines/config/scan-settings.ts';
import { gitOrNull } from '../engines/git/run.ts';
import { listRules } from '../engines/static/index.ts';
import { NO_REPO_WHY } from '../engines/suppress/policy.ts';

const ADDED_BY_CHANGE = "added or changed by the change under review (the config at the diff's base applies)";

export interface ScanSettingsRequest {
  config: ResolvedConfig;
  target: string;
  /** --no-repo-suppressions. */
  ignoreRepository: boolean;
  /** Diff-aware scans: the commit the diff starts from (null: before the first commit). */
  diffBase?: string | null;
  flags: ScanSettingsInput['flags'];
}

export function scanSettingsOf(request: ScanSettingsRequest): ScanSettings {
  const layers = request.config.scanLayers ?? { user: [] };
  const working = layers.repository && hasKeys(layers.repository.keys) ? layers.repository : undefined;
  const input: ScanSettingsInput = { user: layers.user.filter((u) => hasKeys(u.keys)), flags: request.flags, knownRules: new Set(listRules().map((r) => r.id)) };
  if (working && request.ignoreRepository) {
    input.setAside = [{ ...working, why: NO_REPO_WHY }];
  } else if (working && request.diffBase !== undefined) {
    const { applied, aside } = keysAtBase(working.keys, request.diffBase === null ? undefined : keysAtCommit(request.target, request.diffBase));
    if (hasKeys(applied)) input.repository = { where: working.where, keys: applied };
    if (hasKeys(aside)) input.setAside = [{ where: working.where, keys: aside, why: ADDED_BY_CHANGE }];
  } else if (working) {
    input.repository = working;
  }
  return resolveScanSettings(input);
}

// Fails closed: a config git cannot show, or one that is not valid, had no settings at the base.
function keysAtCommit(target: string, commit: string): ScanKeys | undefined {
  const rel = `./${configPath('.').replace(/^\.\//, '')}`;
  const text = gitOrNull(target, ['show', `${commit}:${rel}`]);
  if (text === null) return undefined;
  try {
    return pickScanKeys(checkConfigFile(JSON.parse(text), `${rel} at ${commit}`));
  } catch {
    return undefined;
  }
}
