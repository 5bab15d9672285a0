// SARIF results with baselineState "absent": base findings the head no longer has (fixed by the change), so code
// scanning closes their alerts. Each keeps its base location, rule and fingerprint; a rule the head's findings do not
// already describe gets a short descriptor of its own.
import type { BaseFinding } from '../../artifacts/schemas/baseline.ts';
import type { ScanReport } from '../../artifacts/schemas/scan-report.ts';
import { CATEGORY_HELP, FINGERPRINT_KEY, ruleName, type SarifRule } from './sarif-rules.ts';

type Location = (path: string) => { uri: string; uriBaseId: string };
type Sentence = (text: string) => string;

function absentRule(b: BaseFinding, sentence: Sentence): SarifRule {
  // A base finding's category is a plain string (it may come from an older run): looked up, not trusted as a key.
  const help = new Map<string, string>(Object.entries(CATEGORY_HELP)).get(b.category) ?? 'A defect that fits none of the other categories.';
  const text = sentence(`${help} This rule's results here were reported at the --baseline commit and are gone at the head`);
  return {
    id: b.ruleId,
    name: ruleName(b.ruleId),
    shortDescription: { text: `${b.category.replace(/-/g, ' ')} defect.` },
    fullDescription: { text: help },
    help: { text, markdown: text },
    defaultConfiguration: { level: b.level },
    properties: { tags: ['bug-hunter', b.category] },
  };
}

export function absentSarif(
  report: ScanReport,
  index: ReadonlyMap<string, number>,
  firstRuleIndex: number,
  artifactLocation: Location,
  sentence: Sentence,
): { rules: SarifRule[]; results: Record<string, unknown>[] } {
  const absent = report.baseline?.absent ?? [];
  const rules: SarifRule[] = [];
  const own = new Map<string, number>();
  const results = absent.map((b) => {
    let ruleIndex = index.get(b.ruleId) ?? own.get(b.ruleId);
    if (ruleIndex === undefined) {
      ruleIndex = firstRuleIndex + rules.length;
      own.set(b.ruleId, ruleIndex);
      rules.push(absentRule(b, sentence));
    }
    return {
      ruleId: b.ruleId,
      ruleIndex,
      kind: 'fail',
      level: b.level,
      message: { text: sentence(`Fixed by this change (reported at ${report.baseline!.ref}): ${b.claim.replace(/[.\s]+$/, '')}`) },
      locations: [{ physicalLocation: { artifactLocation: artifactLocation(b.file), region: { startLine: b.startLine, endLine: b.endLine } } }],
      partialFingerprints: { [FINGERPRINT_KEY]: b.fingerprint },
      baselineState: 'absent',
      properties: { severity: b.severity, category: b.category },
    };
  });
  return { rules, results };
}
