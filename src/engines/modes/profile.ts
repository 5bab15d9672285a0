// Pure profile choice, shared by triage (to pick the chunk budget) and plan (to pick lenses and refuters).
// It looks only at in-scope tokens and the highest file risk, which are known before chunking, so both agree.
import type { Profile } from '../../artifacts/schemas/adaptive-plan.ts';
import type { ProfileChoice } from '../run/options.ts';
import type { ModesData } from './load.ts';
import { withCommas } from '../../foundations/text/digits.ts';

export interface ScopeSize {
  /** Estimated tokens of the files that will be chunked. */
  tokens: number;
  /** Highest risk among them. */
  topRisk: number;
}

export function resolveProfile(choice: ProfileChoice, size: ScopeSize, modes: ModesData): { profile: Profile; reason: string } {
  if (choice !== 'auto') return { profile: choice, reason: `profile ${choice}: set by the caller` };
  const auto = modes.profiles.auto;
  if (size.tokens >= auto.fastWhen.minTokens) {
    return { profile: 'fast', reason: `profile fast (auto): ${withCommas(size.tokens)} tokens reaches ${withCommas(auto.fastWhen.minTokens)}` };
  }
  if (size.tokens <= auto.assuranceWhen.maxTokens && size.topRisk >= auto.assuranceWhen.minTopRisk) {
    return {
      profile: 'assurance',
      reason: `profile assurance (auto): small tree (${withCommas(size.tokens)} ≤ ${withCommas(auto.assuranceWhen.maxTokens)} tokens) with risky code (top risk ${size.topRisk} ≥ ${auto.assuranceWhen.minTopRisk})`,
    };
  }
  return { profile: auto.otherwise, reason: `profile ${auto.otherwise} (auto): neither large enough for fast nor small and risky enough for assurance` };
}

/** The chunk budget for a scope: the caller's when given, else the resolved profile's. */
export function chunkBudgetFor(choice: ProfileChoice, chunkTokens: number | undefined, size: ScopeSize, modes: ModesData): number {
  return chunkTokens ?? modes.profiles.profiles[resolveProfile(choice, size, modes).profile].chunkTokenBudget;
}
