// Static rule xxe: its metadata, measured precision and the floor the benchmark gate holds it to.
import { xxe } from './matcher.ts';
import { MEASURED_ON } from '../../calibration.ts';
import type { RuleModule } from '../../types.ts';

export const rule: RuleModule = {
  meta: {
    id: 'xxe',
    category: 'injection',
    lens: 'injection',
    severity: 'high',
    cwe: 'CWE-611',
    message: 'Untrusted XML is parsed with external entity substitution on (libxmljs `noent: true`), so the document can read local files or make the server fetch URLs.',
    trigger: "{source} set to `<!DOCTYPE r [<!ENTITY x SYSTEM \"file:///etc/passwd\">]><r>&x;</r>`, which returns the file's contents in the parsed document.",
    taint: true,
    librarySource: 'any',
    precision: { truePositives: 5, falsePositives: 0, measuredOn: MEASURED_ON, floor: 0.9 },
  },
  detector: xxe,
};
