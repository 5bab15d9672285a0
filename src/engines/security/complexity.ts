// CVSS attack complexity from the evidence (pure): AC:H only when the finding itself shows a condition beyond the
// attacker's control — a race to win, a position in the network path, a setting the operator must have turned on, or a
// timing difference to measure. Everything else is AC:L, and the reason says what was looked for. Data plus one check.
import type { Finding } from '../../artifacts/schemas/common.ts';

export interface ComplexityMetric {
  metric: 'AC';
  value: 'L' | 'H';
  reason: string;
}

/** Weaknesses whose exploitation needs a condition the attacker does not control, whatever the code around them. */
const HIGH_BY_CWE: Record<string, string> = {
  'CWE-362': 'the attacker must win a race between concurrent operations',
  'CWE-364': 'the attacker must win a race with a signal handler',
  'CWE-367': 'the attacker must change the resource between the check and its use (a time-of-check/time-of-use race)',
  'CWE-208': 'the attacker must measure timing differences over many requests',
  'CWE-295': 'the attacker must sit in the network path to present a forged certificate',
  'CWE-319': 'the attacker must sit in the network path to read the cleartext traffic',
};

/** What the claim, the trigger or a quoted line says about the conditions, in the finding's own words. */
const HIGH_BY_TEXT: { re: RegExp; why: string }[] = [
  { re: /\b(race condition|race window|wins? (?:a|the) race|TOCTOU|time[- ]of[- ]check)\b/i, why: 'the evidence describes a race the attacker must win' },
  { re: /\b(non[- ]default|only (?:when|if) (?:the )?(?:operator|admin\w*) (?:enables?|sets?|turns? on)|(?:when|if) (?:the )?(?:\w+ )?(?:option|setting|flag|feature flag) (?:is )?(?:enabled|turned on|set to true))\b/i, why: 'the evidence names a non-default setting that must be on' },
  { re: /\b(man[- ]in[- ]the[- ]middle|MITM|on-path attacker)\b/i, why: 'the evidence needs an attacker in the network path' },
];

/** A quoted condition that reads a setting (an environment variable or a config/settings field; options are left out: a caller may pass them) before the sink. */
const CONFIG_GUARD = /\bif\s*\(\s*!?\s*(process\.env\.\w+|(?:config|settings|conf)\.\w+(?:\.\w+)*)\s*(?:[=!]==?\s*['"\w]+\s*)?\)/;

export function attackComplexity(f: Pick<Finding, 'cwe' | 'claim' | 'runtimeTrigger' | 'evidence'>, cwe: string): ComplexityMetric {
  const byCwe = HIGH_BY_CWE[cwe];
  if (byCwe) return { metric: 'AC', value: 'H', reason: `${byCwe} (${cwe})` };
  for (const { re, why } of HIGH_BY_TEXT) {
    const hit = re.exec(`${f.claim}\n${f.runtimeTrigger}`);
    if (hit) return { metric: 'AC', value: 'H', reason: `${why}: "${hit[0]}"` };
  }
  for (const e of f.evidence) {
    const hit = CONFIG_GUARD.exec(e.quote);
    if (hit) return { metric: 'AC', value: 'H', reason: `the quoted code runs only when ${hit[1]} is set (${e.file}:${e.startLine}): a configuration the operator chooses` };
  }
  return { metric: 'AC', value: 'L', reason: `no race, network position, non-default setting or timing measurement in the evidence; the trigger is enough: ${f.runtimeTrigger.slice(0, 160)}` };
}
